// English texts of the lookup namespace: ids `lookup.<key>` (src/shared/messages/catalogues.ts). The Check
// Your Booking page (/bookings); src/shared/locales/dv/lookup.ts is the Dhivehi. A found
// booking's statuses are the status namespace's (messages/status.ts), loaded with the outcome.
import { UNKNOWN_LOCATION } from './api.ts';

export default {
  // The page and its first paint: the form and the help card.
  title: 'Check Your Booking',
  intro: 'Enter the booking reference you received when you booked to see its status and trip details.',
  /** The search landmark's accessible name. */
  lookupRegion: 'Booking lookup',
  reference: 'Booking reference',
  referencePlaceholder: 'e.g. 2611221234',
  search: 'Search',
  searching: 'Searching…',
  referenceHint: 'We search automatically once you stop typing, or press Enter.',
  searchingForBooking: 'Searching for your booking…',
  /** Under the field, when Search finds nothing to look up. */
  referenceRequired: 'Please enter your booking reference',
  helpTitle: 'Need help?',
  helpFormat:
    'Your booking reference is usually 8-10 digits, e.g. 2611221234: the date (yymmdd) and four digits.',
  /** Read out before the support phone number (screen readers only). */
  callSupport: 'Call support:',
  /** Read out before the support e-mail address (screen readers only). */
  emailSupport: 'E-mail support:',

  // The outcome: loaded with the outcome cards once there is a reference.
  /** The live region's sentence when a booking is found. */
  announceFound: 'Booking {reference} found: {ticketStatus}, {paymentStatus}.',
  /** <0> is the searched reference. */
  noMatch:
    'No booking matches <0>{reference}</0>. Please check the reference in your confirmation e-mail and try again.',
  errorTitle: 'We could not check your booking',
  bookingStatus: 'Booking status',
  paymentStatus: 'Payment status',
  sectionTrip: 'Trip',
  sectionTickets: 'Tickets',
  sectionPayment: 'Payment',
  sectionPassenger: 'Passenger',
  /** The trip for screen readers; the screen shows 'from → to'. */
  route: '{from} to {to}',
  unknownLocation: UNKNOWN_LOCATION,
  travelDate: 'Travel date',
  departure: 'Departure',
  launch: 'Launch',
  seats: 'Seats',
  stops: 'Stops',
  ticketsAdults: '{adults, plural, one {# adult} other {# adults}}',
  ticketsChildren: '{children, plural, one {# child} other {# children}}',
  ticketsAdultsChildren:
    '{adults, plural, one {# adult} other {# adults}}, {children, plural, one {# child} other {# children}}',
  localAdult: 'Local adult',
  localChild: 'Local child',
  foreignerAdult: 'Foreigner adult',
  foreignerChild: 'Foreigner child',
  localInfant: 'Local infant (on a lap)',
  foreignerInfant: 'Foreigner infant (on a lap)',
  /** A concession's row of the breakdown (docs/decisions/036): name, e.g. 'Senior (65+)'. */
  localConcession: 'Local {name}',
  foreignerConcession: 'Foreigner {name}',
  withInfants: '{counts}, {infants, plural, one {# infant} other {# infants}}',
  persons: 'Persons',
  categoryAdult: 'Adult',
  categoryChild: 'Child',
  categoryInfant: 'Infant',
  unnamed: '{n, plural, one {+ # person not named} other {+ # persons not named}}',
  totalAmount: 'Total amount',
  /** A pending booking: the reference is what its transfer's remark should say (docs/decisions/039). */
  transferRemark: 'Write {reference} as the remark of your transfer, so we can match your payment quickly.',
  name: 'Name',
  bookedOn: 'Booked on',
} as const;
