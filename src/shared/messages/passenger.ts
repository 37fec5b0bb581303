// English texts of the passenger namespace: ids `passenger.<key>` (src/shared/messages/catalogues.ts).
// The booking wizard's step 4: who travels, the e-mail check and the tickets.
export default {
  title: 'Passenger Information',
  description: 'Who is travelling, how we can reach you, and which tickets you need.',
  back: 'Back',
  continue: 'Continue',
  contactDetails: 'Contact details',
  fullName: 'Full name',
  nationality: 'Nationality',
  nationalityMaldivian: 'Maldivian',
  nationalityIndian: 'Indian',
  nationalitySriLankan: 'Sri Lankan',
  nationalityBangladeshi: 'Bangladeshi',
  nationalityPakistani: 'Pakistani',
  nationalityBritish: 'British',
  nationalityAmerican: 'American',
  nationalityAustralian: 'Australian',
  nationalityGerman: 'German',
  nationalityFrench: 'French',
  nationalityOther: 'Other',
  phoneOptional: 'Phone (optional)',
  countryCode: 'Country code',
  /** An option of the country code list: '+960 Maldives'. */
  countryCodeOption: '{code} {country}',
  countryMaldives: 'Maldives',
  countryIndia: 'India',
  countrySriLanka: 'Sri Lanka',
  countryUsa: 'USA',
  countryUk: 'UK',
  // E-mail verification.
  emailAddress: 'Email address',
  sendCode: 'Send code',
  resendCode: 'Resend code',
  resendIn: 'Resend in {n}s',
  emailVerified: 'Email verified',
  codeHint: 'We send a 6-digit code to confirm your address.',
  verificationCode: 'Verification code',
  verify: 'Verify',
  // Tickets.
  tickets: 'Tickets',
  /** Below the ticket counters: '3 tickets · Estimated total', then the amounts. */
  ticketsEstimate: '{n, plural, one {# ticket} other {# tickets}} · Estimated total',
  ticketLocalAdult: 'Local adult',
  ticketLocalChild: 'Local child',
  ticketForeignerAdult: 'Foreigner adult',
  ticketForeignerChild: 'Foreigner child',
  ticketLocalInfant: 'Local infant',
  ticketForeignerInfant: 'Foreigner infant',
  removeLocalAdult: 'Remove one local adult ticket',
  removeLocalChild: 'Remove one local child ticket',
  removeForeignerAdult: 'Remove one foreigner adult ticket',
  removeForeignerChild: 'Remove one foreigner child ticket',
  addLocalAdult: 'Add one local adult ticket',
  addLocalChild: 'Add one local child ticket',
  addForeignerAdult: 'Add one foreigner adult ticket',
  addForeignerChild: 'Add one foreigner child ticket',
  removeLocalInfant: 'Remove one local infant ticket',
  removeForeignerInfant: 'Remove one foreigner infant ticket',
  addLocalInfant: 'Add one local infant ticket',
  addForeignerInfant: 'Add one foreigner infant ticket',
  /** The accessible name of a counter's number. */
  countLocalAdult: 'Local adult tickets',
  countLocalChild: 'Local child tickets',
  countForeignerAdult: 'Foreigner adult tickets',
  countForeignerChild: 'Foreigner child tickets',
  countLocalInfant: 'Local infant tickets',
  countForeignerInfant: 'Foreigner infant tickets',
  /** Under the ticket counters, always. */
  infantNote: 'Infants are under 2 and travel free on an adult’s lap, without a seat of their own.',
  /** Why no more infants can be added: none or as many as the adults. */
  infantLimit:
    '{adults, plural, =0 {An infant travels on an adult’s lap: add an adult first.} other {One infant per adult: add another adult to bring another infant.}}',
  // The operator's concessions (senior, student ...), each with a name of the operator's.
  concessionsLegend: 'Concession fares',
  /** A concession's counter: 'Senior, local'. */
  concessionTicket: '{name}, {type, select, local {local} other {foreigner}}',
  addConcession: 'Add one {name} ticket, {type, select, local {local} other {foreigner}}',
  removeConcession: 'Remove one {name} ticket, {type, select, local {local} other {foreigner}}',
  countConcession: '{name} tickets, {type, select, local {local} other {foreigner}}',
  /** Who may travel on it, from the operator's age limits. */
  agesFrom: 'Aged {min} and over',
  agesUpTo: 'Aged {max} and under',
  agesBetween: 'Aged {min} to {max}',
  concessionIdNote: 'Show an ID that proves it at boarding.',
  concessionLapNote: 'Travels on an adult’s lap, without a seat.',
  /** A concession's price before a trip is chosen. */
  concessionFree: 'Free',
  concessionPercent: '{percent}% off the adult fare',
  // Everyone travelling, each named.
  /** A person of the party: 'Adult 1', 'Child 2', 'Infant 1'. */
  /** A concession's person: name is the concession's ('Senior 1'). */
  personLabel:
    '{category, select, adult {Adult {n}} child {Child {n}} infant {Infant {n}} other {{name} {n}}}',
  /** The first person, who gets the e-mails: 'Adult 1 (contact)'. */
  contactLegend: '{person} (contact)',
  othersHeading: 'Travelling with you',
  othersIntro: 'The crew checks every name at boarding: write each as on their ID card or passport.',
  // Messages under a field.
  nameRequired: 'Please enter your full name',
  /** person: personLabel, 'Infant 1'. */
  personNameRequired: 'Please enter the full name of {person}',
} as const;
