// English texts of the eticket namespace: ids `eticket.<key>` (src/shared/messages/catalogues.ts). The e-ticket
// page (/t/<token>); src/shared/locales/dv/eticket.ts is the Dhivehi.
export default {
  title: 'Your e-ticket',
  intro: 'Show this QR code to the crew when you board, on your phone or printed.',
  loading: 'Opening your e-ticket…',
  notFound: 'This e-ticket link is not valid, or its trip was more than a week ago.',
  loadFailed: 'Your e-ticket could not be opened. Check your connection and try again.',
  qrLabel: 'Boarding QR code for booking {reference}',
  noCode: 'This booking is not confirmed, so it has no boarding QR code.',
  print: 'Print',
  keepPrivate: 'This link is your ticket: do not share it.',
  /** The boarding pass: where the passenger boards, and how many travel. */
  boardAt: 'Board at',
  passengers: 'Passengers',
  /** A return's two journeys, each with its own code (docs/decisions/037-return-trips.md). */
  outbound: 'Outbound',
  returnJourney: 'Return',
  // Check Booking, for a confirmed booking.
  resend: 'Send my e-ticket again',
  resending: 'Sending…',
  resent: 'If this booking has an e-ticket, its link is on its way to the e-mail address it was booked with.',
  resendFailed: 'The request could not be sent. Check your connection and try again.',
  // Check Booking: the way to the manage page (/bookings/<reference>/manage).
  manageLink: 'Change or cancel this booking',
};
