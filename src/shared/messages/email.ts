// English texts of the email namespace: ids `email.<key>` (src/shared/texts.ts). The passenger's
// mails (src/server/services/ticket-mails.ts) are written from these, in the language the
// passenger used (src/shared/locales/dv/email.ts is the Dhivehi). A value the mail puts in is an
// ICU placeholder; the travel date comes from common.* in Dhivehi and stays YYYY-MM-DD in English.
import { PAYMENT_METHOD } from '../constants.ts';
import { LOOKUP_STATUS_TEXT, MSG, UNKNOWN_LOCATION } from '../messages.ts';

export default {
  // The one-time code (step 2)
  codeSubject: 'Your verification code: {code}',
  codeIntro: 'Your verification code is {code}.',
  codeValidity:
    'It is valid for {minutes} minutes and can be used once. If you did not ask for it, you can ignore this e-mail.',
  /** What the outbox keeps once the code mail is delivered: no code in it. */
  codeKeptSubject: 'Your verification code',
  codeKeptText: 'A one-time verification code was sent to this address. The code is not kept.',

  // The booking's details, in every booking mail
  reference: 'Booking reference: {reference}',
  trip: 'Trip: {from} to {to}',
  date: 'Date: {date}, departure {time}',
  launch: 'Launch: {launch}',
  seats: 'Seats: {seats}',
  /** {amount} is the total with its currency: '40.00 MVR'. */
  amount: 'Amount: {amount} ({method})',
  bankTransfer: PAYMENT_METHOD,
  unknownLocation: UNKNOWN_LOCATION,

  // Booking received (the booking is submitted)
  receivedSubject: 'Booking received: {reference}',
  receivedThanks: 'Thank you, {name}. We have received your booking.',
  receivedReview: MSG.submittedForReview,

  // Booking approved
  approvedSubject: 'Booking approved: {reference}',
  greeting: 'Dear {name},',
  approvedIntro: 'Your payment has been verified and your booking is approved.',
  approvedStatus: LOOKUP_STATUS_TEXT.confirmed,
  approvedBoarding: 'Show your booking reference when boarding.',
  eTicketLink: 'Your e-ticket, with the QR code to show when you board: {url}',
  eTicketSubject: 'Your e-ticket for booking {reference}',
  eTicketIntro: 'Here is the link to your e-ticket again, as you asked.',

  // Booking rejected
  rejectedSubject: 'Booking rejected: {reference}',
  rejectedIntro: 'We could not approve your booking, and its seats have been released.',
  remarks: 'Remarks: {remarks}',
  remarksNone: 'None',
  rejectedStatus: LOOKUP_STATUS_TEXT.cancelled,
  support: 'Support: {email}, {phone}',
} as const;
