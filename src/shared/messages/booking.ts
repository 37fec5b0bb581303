// English texts of the booking namespace: ids `booking.<key>` (src/shared/messages/catalogues.ts). The
// booking wizard's frame and its first step, on /booking's first load: keep them short. The
// search form's own texts are in messages/search.ts (the home page shows that form too).
// The trips found, the launch and the seats are in messages/vessel.ts.
export default {
  // The page and the wizard's frame
  pageTitle: 'Book Your Ferry Journey',
  progress: 'Booking progress',
  step1: 'Select Trip',
  step2: 'Passenger Info',
  step3: 'Choose Launch',
  step4: 'Choose Seats',
  step5: 'Payment',
  /** After a finished step's title, for screen readers only. */
  stepDone: '(completed)',
  /** Small screens, instead of every step's title. */
  stepOf: 'Step {n} of {total}: {title}',
  back: 'Back',
  // Step 1: the search
  tripTitle: 'Choose Your Journey',
  tripIntro: 'Pick a date and where you are travelling from and to.',
  searching: 'Searching…',
  /** The button that opens the ticket counters; with none chosen yet, one. */
  party: '{n, plural, one {# passenger} other {# passengers}}',
} as const;
