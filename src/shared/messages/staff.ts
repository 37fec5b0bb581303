// The staff area's own texts (staff, roles, links, the audit trail, boarding). Kept apart from
// src/shared/messages/api.ts, which the public pages load: these never reach a passenger's phone.
export const STAFF_MSG = {
  statementInvalid: (row: number, field: string, problem: string) =>
    `This file cannot be read as a statement: row ${row}, ${field}: ${problem}. Nothing was imported.`,
  statementMappingRequired: 'Tell us which column is which in this layout, then import the file again',
  statementFileRequired: 'Choose the statement file to import',
  statementLineNotFound: 'This statement line no longer exists',
  statementLineNotOpen: 'This statement line has already been dealt with',
  statementBookingNotWaiting: 'That booking is no longer waiting for its payment',
  statementBookingNotFound: 'No booking has this reference',
  statementAmountTooLarge: (left: string) => `At most ${left} is left on this line`,
  statementCurrencyMismatch: (line: string, booking: string) =>
    `This line is in ${line}; that booking is paid in ${booking}`,
  forbidden: 'Your role does not allow this. Ask the owner if you need it.',
  accountInactive: 'This account has been deactivated. Ask the owner to reactivate it.',
  staffRoleRequired: 'Please choose a role',
  staffNothingToChange: 'Nothing to change',
  staffNotFound: 'This person is no longer on the staff list',
  staffExists: 'This person already has an account',
  invitationNotFound: 'This invitation no longer exists',
  invitationSent: (email: string) => `Invitation sent to ${email}`,
  lastOwner: 'The last owner cannot be removed or demoted. Make someone else an owner first.',
  linkInvalid: 'This link is not valid. Check that you opened the whole link from the e-mail.',
  linkUsed: 'This link has already been used. Ask the owner for a new one.',
  linkExpired: 'This link has expired. Ask the owner for a new one.',
  resetSent: (email: string) => `A password reset link was sent to ${email}`,
  signedOutEverywhere: 'Signed out on every device',
  bankOwnerOnly: 'Only an owner can change the bank accounts',
  paymentTextOwnerOnly: 'It tells passengers where or how to pay, so only an owner can change it',
  paymentTextMailed: 'It tells passengers where or how to pay: every owner is e-mailed when it changes',
  boardingTodayOnly: 'Boarding is open for today’s departures only',
  stopNotFound: 'Nobody boards at this stop',
  crewRequired: 'Enter the number of crew aboard',
  boardingClosed: 'Boarding is already closed at this stop',
  closeInOrder: 'Close the earlier stops first',
  boardingOpen: 'Boarding is open at this stop: there is nothing to reopen',
  reopenInOrder: 'Reopen the later stops first: only the last closed stop can be reopened',
  reopenReasonRequired: 'Say why boarding is reopened',
  boardingClosedHere: 'Boarding has closed at this stop. Reopen it to board this passenger.',
  noShowBoarded: 'This passenger has boarded: only the office can mark them a no-show, with a reason',
  noShowReasonRequired: 'Say why a passenger who boarded is marked a no-show',
  finalManifestNotReady: 'The final manifest is ready once boarding has closed at every stop',
  auditDateInvalid: 'Dates must be written as YYYY-MM-DD',
  // The `next` of a page of the office's long lists, sent back for the page after it.
  cursorInvalid: 'This cursor is not one the list gave out: load the list again from its first page',
  // A schedule repeated on days of the week (the Schedule screen).
  repeatWeekdays: 'Choose at least one day of the week',
  repeatUntil: 'Choose the date the repeat runs until',
  repeatUntilBeforeStart: 'The repeat cannot end before the travel date',
  repeatTooLong: 'A schedule can repeat for at most a year after its travel date',
  repeatNoDates: 'None of the chosen days falls between the travel date and the until date',
  scheduleDatePassed: 'This date has passed. Choose today or a later date.',
  scheduleClash: (launch: string, time: string, day: string) =>
    `${launch} already leaves at ${time} on ${day}. Nothing was created: choose other days, another time or another launch.`,
  repeatCreated: (n: number) => `${n} ${n === 1 ? 'departure' : 'departures'} created`,
  repeatSummary: (n: number, days: string, until: string) =>
    `Creates ${n} ${n === 1 ? 'departure' : 'departures'}: ${days} until ${until}`,
  // The reports' date range (the Reports screen and its API).
  reportDateInvalid: 'Write the date as YYYY-MM-DD',
  reportRangeBackwards: 'The end date cannot be before the start date',
  reportRangeTooLong: (days: number) => `A report covers at most ${days} days: choose a shorter range`,
} as const;

/** The counter's texts: sales, voids and the cash-up. */
export const COUNTER_MSG = {
  amountFormat: 'Enter an amount such as 250 or 250.50',
  nameRequired: 'Enter the passenger’s name',
  nationalityRequired: 'Choose the passenger’s nationality',
  emailInvalid: 'Enter a valid e-mail address, or leave it empty',
  ticketsRequired: 'Choose at least one ticket',
  seatsMatchTickets: 'Choose one seat for each ticket',
  transferReferenceRequired: 'Enter the transfer reference before the sale counts as paid',
  cashTooLittle: 'The cash received is less than the total',
  voidReasonRequired: 'Say why the sale is voided',
  shiftRequired: 'Open a shift with its cash float before selling',
  shiftAlreadyOpen: 'A shift is already open',
  shiftNotOpen: 'There is no open shift to close',
  shiftNotFound: 'This cash-up does not exist',
  boardingClosedHere: 'Boarding has closed at this stop: the counter no longer sells from it',
  departureGone: 'This departure is in the past',
  saleNotFound: 'This sale does not exist',
  notCounterSale: 'Only counter sales are voided here',
  alreadyVoided: 'This sale is already voided',
  voidBoarded: 'The passenger has boarded: this sale can no longer be voided',
  voidTooLate: `Your own sales can be voided for 15 minutes. Ask the office to void this one.`,
  saleIdReused: 'This sale was already made with other details. Start a new sale.',
  counterSaleKept:
    'A counter sale stays in its seller’s cash-up, so it is never deleted. Void it from the cash-up instead.',
} as const;

/** The refunds queue's texts (docs/decisions/026, 027). */
/** The fares of a port pair (Payments: Fares by route; docs/decisions/033). */
export const FARE_MSG = {
  originRequired: 'Choose where the trip starts',
  destinationRequired: 'Choose where the trip ends',
  samePlace: 'From and To must be different places',
  locationGone: 'This location no longer exists. Choose another.',
  typeRequired: 'Choose local or foreigner',
  categoryRequired: 'Choose adult, child, infant or one of the fare categories',
  priceInvalid: 'Enter a price of 0 or more, such as 25 or 25.50',
  fareExists: 'This route already has a price for this ticket. Edit that one instead.',
  fareNotFound: 'This fare no longer exists',
  pairExists: 'This route already has fares. Edit them in the list.',
  priceRequired: 'Enter at least one price',
  saved: 'Fares saved',
  saveFailed: 'The fares could not be saved',
  deleted: 'Fares deleted',
  deleteFailed: 'The fares could not be deleted',
} as const;

/** The operator's concessions (Payments: Fare categories; docs/decisions/036). */
export const FARE_CATEGORY_MSG = {
  codeInvalid: 'Use 2 to 24 lowercase letters, digits or _, starting with a letter (such as senior)',
  codeBuiltIn: 'Adult, child and infant are built in: choose another code',
  nameRequired: 'Enter the name',
  nameTooLong: 'A name can have at most 60 characters',
  ruleRequired: 'Choose free, a percentage off or its own price',
  percentInvalid: 'Enter a percentage from 1 to 100',
  priceRequired: 'Enter the local and the foreigner price',
  ageInvalid: 'Enter an age from 0 to 120, or leave it empty',
  ageOrder: 'The lowest age cannot be above the highest',
  exists: 'A category with this code already exists. Edit that one instead.',
  notFound: 'This category no longer exists',
  saved: 'Category saved',
  saveFailed: 'The category could not be saved',
  deleted: 'Category deleted',
  deactivated: 'Bookings use this category, so it was deactivated instead of deleted',
  deleteFailed: 'The category could not be deleted',
} as const;

export const REFUND_MSG = {
  bankReferenceRequired: 'Enter the bank reference of the refund payment',
  bankReferenceTooLong: 'The bank reference can have at most 100 characters',
  refundNotFound: 'This refund request does not exist',
  alreadyRefunded: 'This refund was already marked refunded. Nothing was changed.',
  refundInQueue:
    'This booking has a refund waiting in the Refunds queue. Mark it refunded there, with the bank reference, so the passenger is told.',
  markedRefunded: (reference: string) => `Refund of ${reference} marked done`,
  // Refunds to the card (docs/decisions/042).
  cardRefundUnavailable:
    "This refund cannot go back through the card gateway: refund it in the gateway's merchant portal and mark it refunded with the portal's refund reference.",
  cardRefundInProgress: 'This refund is already being sent to the card gateway.',
  /** What a refund's gateway note reads while the gateway is asked (refund-to-card.ts). */
  cardRefundSending: 'Being sent to the card gateway',
  cardRefundFailed: (message: string) => `The card gateway refused the refund: ${message}`,
  refundedToCard: (reference: string) => `Refund of ${reference} sent back to the card`,
} as const;

/** The bank statements screen (docs/decisions/038-bank-statements.md). */
export const STATEMENT_MSG = {
  nothingNew: 'Nothing new: every line of this file was imported before.',
  mappingTitle: 'New CSV layout: say which column is which',
  chooseFile: 'Choose the statement file (.xml or .csv)',
  confirmed: (reference: string) => `Payment confirmed for ${reference}`,
  rejected: 'Suggestion rejected: the line waits under Unmatched',
  assigned: (reference: string) => `Line assigned to ${reference}`,
  notBooking: 'Line set aside as not a booking',
  actionFailed: 'The line could not be changed',
  settingsSaved: 'Statement settings saved',
  settingsFailed: 'Failed to save the statement settings',
} as const;

/** Days of the week as the staff screens name them, 0 Sunday to 6 Saturday (Date#getUTCDay). */
export const STAFF_WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
