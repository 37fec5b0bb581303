// English texts of the payment namespace: ids `payment.<key>` (src/shared/messages/catalogues.ts).
// The booking wizard's step 5 (the summary, the bank transfer and the slip) and its confirmation.
export default {
  title: 'Complete Payment',
  description: 'Transfer the total to the account below, then upload your payment slip.',
  /** The same, paying later by transfer (docs/decisions/040-pay-later.md). */
  descriptionPayLater: 'Transfer the total to the account below, with the booking reference as its remark.',
  back: 'Back',
  submit: 'Submit Booking',
  // The summary.
  summaryHeading: 'Booking summary',
  summaryTrip: 'Trip',
  summaryDate: 'Date',
  summaryTime: 'Time',
  summaryLaunch: 'Launch',
  summarySeats: 'Seats',
  summaryTickets: 'Tickets',
  /** The trip's origin and destination: 'Malé → Maafushi'. */
  tripRoute: '{from} → {to}',
  /** The summary's tickets, one kind each, joined by summarySeparator: '2 × local adult, 1 × local child'. */
  summaryLocalAdult: '{n} × local adult',
  summaryLocalChild: '{n} × local child',
  summaryForeignerAdult: '{n} × foreigner adult',
  summaryForeignerChild: '{n} × foreigner child',
  summaryLocalInfant: '{n} × local infant',
  summaryForeignerInfant: '{n} × foreigner infant',
  /** After a person's name in the summary and the confirmation: 'Aishath Ali (adult)'. */
  personCategory: '({category, select, adult {adult} child {child} infant {infant} other {{name}}})',
  /** A concession's tickets in the summary: '1 × Senior, local'. */
  summaryConcession: '{n} × {name}, {type, select, local {local} other {foreigner}}',
  summarySeparator: ', ',
  // Paying.
  currencyLegend: 'Payment currency',
  totalToPay: 'Total to pay',
  /** Read out before the operator's phone number (screen readers only). */
  callUs: 'Call us: ',
  bankDetails: 'Bank details ({currency})',
  bankName: 'Bank: ',
  accountHolder: 'Account holder: ',
  accountNumber: 'Account number: ',
  copyAccountNumber: 'Copy account number',
  copy: 'Copy',
  // The booking reference, made when the seats were held, for the transfer's remark
  // (docs/decisions/039-reference-at-lock.md).
  referenceLabel: 'Booking reference: ',
  copyTransferReference: 'Copy reference',
  /** Said (and read out) once the reference is on the clipboard. */
  referenceCopiedStatus: 'Reference copied',
  transferRemark: 'Write {reference} as the remark of your transfer, so we can match your payment quickly.',
  // The slip.
  slipLabel: 'Payment slip',
  slipPreview: 'Payment slip preview',
  slipChooseAnother: 'Choose a different image',
  slipUpload: 'Upload a photo or screenshot of your transfer',
  slipFormats: 'JPG, PNG or WebP, max 10MB',
  slipReading: 'Reading image…',
  slipOptimizing: 'Optimizing image…',
  /** q: the compression quality in percent. */
  slipOptimizingQuality: 'Optimizing image (quality {q}%)…',
  slipImageReady: 'Image ready',
  slipReady: 'Ready: {name} ({kb} KB)',
  // Paying later by transfer (docs/decisions/040-pay-later.md): the choice where the slip goes, while
  // the operator offers it, and the note under it once chosen.
  methodLegend: 'How will you pay?',
  methodSlipNow: 'Attach the payment slip now',
  methodPayLater: 'I will transfer now and the bank statement will confirm it',
  /** The operator's hold and cut-off, in hours. */
  payLaterHold:
    'Your seats are held for {holdHours, plural, one {# hour} other {# hours}}, never later than {cutoffHours, plural, one {# hour} other {# hours}} before departure.',
  payLaterRemark: 'Write the booking reference as the remark of your transfer.',
  payLaterRelease: 'A booking not paid when the time is up is released.',
  payLaterSlipLater: 'You can still add the slip later, from the link to manage your booking.',
  // Paying by card online (docs/decisions/042), while the operator has a gateway: a third choice of
  // the same group; no slip and no bank details, the gateway's page instead.
  methodCard: 'Pay by card',
  descriptionCard: 'Pay the total by card on the bank’s secure page.',
  cardRedirect: 'You will be taken to the bank’s secure page (BML) to pay by card.',
  cardConfirmed: 'Your booking is confirmed as soon as the payment goes through.',
  submitCard: 'Pay by card',
  // The operator's cancellation refunds (docs/decisions/027), shown before the passenger submits:
  // one line per tier, the longest notice first, then what a later cancellation gives.
  refundHeading: 'Cancellation',
  /** A tier: a cancellation at least `hours` hours before departure gives `percent` of the fare back. */
  refundTier:
    '{hours, plural, one {At least # hour} other {At least # hours}} before departure: {percent, plural, =0 {nothing back} other {#% of the fare back}}',
  /** A tier of 0 hours: any cancellation before departure. */
  refundTierAny: 'Until departure: {percent, plural, =0 {nothing back} other {#% of the fare back}}',
  refundLater: 'Later: nothing back',
  /** A policy without tiers. */
  refundNone: 'A cancelled booking gives nothing back',
  // The confirmation.
  submittedHeading: 'Booking Submitted',
  yourReference: 'Your booking reference',
  copyReference: 'Copy booking reference',
  bookAnother: 'Book Another Trip',
  checkStatus: 'Check Booking Status',
  // Messages under a field.
  slipRequired: 'Please upload your payment slip',
  // A duration, the usual time from slip to approval (the operator's setting).
  approvalHours: '{n, plural, one {# hour} other {# hours}}',
  approvalMinutes: '{n, plural, one {# minute} other {# minutes}}',
  approvalHoursMinutes:
    '{hours, plural, one {# hour} other {# hours}} {minutes, plural, one {# minute} other {# minutes}}',
  // The confirmation: the booking as sent, and what happens next.
  confirmationDetails: 'Your booking',
  summaryPassengers: 'Passengers',
  summaryAmount: 'Amount',
  /** duration: approvalHours and the like. */
  slipReceivedUsually: 'Slip received, being checked — usually approved within {duration}',
  mailSentTo: 'We sent a confirmation to <0>{email}</0>.',
  nextHeading: 'What happens next',
  nextCheck: 'The office checks your payment slip, usually within {duration}.',
  nextTicket: 'Once it is approved, your e-ticket with its QR code comes by e-mail to the same address.',
  // The confirmation of a booking sent to pay later: when its transfer must have arrived.
  transferWaiting: 'Waiting for your transfer',
  /** date: as the trip's date reads, time: 'HH:MM', both where the operator is. */
  transferDue: 'It must arrive by {time} on {date}. Write {reference} as the remark of your transfer.',
  nextTransferCheck: 'The office finds your transfer on the bank statement by its remark.',
  nextTransferRelease:
    'If it has not arrived by then, the booking is released and its seats go back on sale.',
  /** The confirmation's link to the booking's manage page (the one the mails carry). */
  manageBooking: 'Manage my booking',
  nextManage:
    'That e-mail also has the link to manage your booking (change the date, cancel, or correct the name). Until then, check its status any time with your reference:',
  // A return: both departures in the summary and the confirmation, and its discount
  journeyOut: 'Outbound',
  journeyBack: 'Return',
  /** A line of the total: the operator's discount on a return, e.g. 10 or 7.5 (percent). */
  returnDiscount: 'Return discount ({percent}%)',
} as const;
