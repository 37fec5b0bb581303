// English texts of the home namespace: ids `home.<key>` (src/shared/messages/catalogues.ts).
export default {
  /** The banner carousel's accessible name. */
  carouselLabel: 'Featured banners',
  /** aria-roledescription of the carousel and of each of its slides (read aloud). */
  carouselRole: 'carousel',
  slideRole: 'slide',
  /** A slide's accessible name: '2 of 5'. */
  slideLabel: '{n} of {count}',
  goToBanner: 'Go to banner {n}',
  pauseRotation: 'Pause banner rotation',
  resumeRotation: 'Resume banner rotation',
  heroTagline: 'Inter-island ferry booking',
  welcome: 'Welcome to {appName}',
  heroIntro:
    'Comfortable ferry trips between the islands. Pick your trip and seats online, pay by bank transfer and follow your booking with its reference.',
  bookFerry: 'Book Your Ferry',
  checkBooking: 'Check Booking',
  /** The hero's claims (HOME_CLAIMS in src/shared/constants.ts), under their values: '20+ Daily routes'. */
  claimDailyRoutes: 'Daily routes',
  claimSupport: 'Support',
  claimTravelers: 'Travelers',
  howHeading: 'How booking works',
  step: 'Step {n}',
  step1Title: 'Choose your trip',
  step1Text: 'Pick a travel date and route, then your ferry and the seats you like.',
  step2Title: 'Pay by bank transfer',
  step2Text: 'Transfer the fare in USD or MVR and upload a photo of your payment slip.',
  step3Title: 'Travel with your reference',
  step3Text: 'Check your booking status any time and arrive {minutes} minutes before departure.',
} as const;
