// English texts of the card namespace: ids `card.<key>` (src/shared/messages/catalogues.ts). The
// page the card gateway sends the passenger back to, `/payment/<id>` (docs/decisions/042); step 5's
// choice of paying by card is in the payment namespace. src/shared/locales/dv/card.ts is the Dhivehi.
export default {
  title: 'Card payment',
  reference: 'Booking reference',
  amount: 'Amount',
  loading: 'Opening your payment…',
  loadFailed: 'Your payment could not be loaded. Check your connection: this page tries again by itself.',
  // Until the gateway answers: the page asks again every few seconds.
  openHeading: 'Waiting for the bank to confirm your payment…',
  openText: 'This page updates by itself. Please keep it open.',
  /** Still unanswered when the seats' hold ended. */
  expiredHeading: 'The time to pay has run out',
  expiredText:
    'The bank did not confirm your payment in time, so your seats were released. If your card was charged, we will e-mail you.',
  paidHeading: 'Booking confirmed',
  paidText:
    'Your card payment went through. Your e-ticket, with the QR code you show when boarding, is ready.',
  viewTicket: 'View your e-ticket',
  manage: 'Manage my booking',
  declinedHeading: 'Your card payment did not go through.',
  /** time: 'HH:MM' where the operator is. */
  declinedHeld: 'Your seats are still held until {time}.',
  retry: 'Try again',
  payByTransfer: 'Pay by bank transfer instead',
  declinedReleased: 'Your seats have been released, so this booking can no longer be paid.',
  bookAgain: 'Book again',
  mismatchHeading: 'Your payment did not match the booking',
  mismatchText:
    'The amount or currency paid differs from the booking’s, so the booking is not confirmed. Our office will contact you to put it right.',
  paidNoSeatHeading: 'Paid, but your seats were taken',
  paidNoSeatText:
    'Your payment arrived after the hold on your seats had ended, and the seats have since been booked by someone else. A full refund to your card is on its way, and we have e-mailed you about it.',
  refundedHeading: 'Your payment was refunded',
  refundedText: 'The payment for this booking has been given back to your card.',
  notFoundHeading: 'Payment not found',
  notFoundText:
    'We could not find this payment. Check the link you followed, or look up your booking with its reference.',
  home: 'Return to Home',
  checkBooking: 'Check Booking Status',
} as const;
