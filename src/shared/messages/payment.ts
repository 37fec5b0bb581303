// English texts of the payment namespace: ids `payment.<key>` (src/shared/texts.ts).
// The booking wizard's step 5 (the summary, the bank transfer and the slip) and its confirmation.
export default {
  title: 'Complete Payment',
  description: 'Transfer the total to the account below, then upload your payment slip.',
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
  // The confirmation.
  submittedHeading: 'Booking Submitted',
  yourReference: 'Your booking reference',
  copyReference: 'Copy booking reference',
  bookAnother: 'Book Another Trip',
  checkStatus: 'Check Booking Status',
} as const;
