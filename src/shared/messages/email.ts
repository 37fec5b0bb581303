// English texts of the email namespace: ids `email.<key>` (src/shared/messages/catalogues.ts). The passenger's
// mails (src/server/mails/) are written from these, in the language the passenger used
// (src/shared/locales/dv/email.ts is the Dhivehi). A value the mail puts in is an ICU placeholder;
// the travel date is told the same way in both languages (dates.travelDate, its names from dates.*).
import { PAYMENT_METHOD } from '../constants.ts';
import { LOOKUP_STATUS_TEXT, MSG, UNKNOWN_LOCATION } from './api.ts';

export default {
  // The one-time code (step 2)
  codeSubject: 'Your verification code: {code}',
  codeIntro: 'Your verification code is {code}.',
  codeValidity:
    'It is valid for {minutes} minutes and can be used once. If you did not ask for it, you can ignore this e-mail.',
  /** What the outbox keeps once the code mail is delivered: no code in it. */
  codeKeptSubject: 'Your verification code',
  codeKeptText: 'A one-time verification code was sent to this address. The code is not kept.',
  // The one-time code for changing a booking (the manage page)
  manageCodeSubject: 'Your code to change booking {reference}',
  manageCodeIntro: 'Your code to change or cancel booking {reference} is {code}.',
  manageCodeValidity:
    'It works once, for {minutes} minutes. If you did not ask for it, ignore this e-mail: nothing changes without the code.',
  manageCodeKeptText:
    'A one-time code to change this booking was sent to this address. The code is not kept.',
  /** In every booking mail: the manage page's link. */
  manageLink: 'Change, cancel or correct your booking: {url}',

  // The booking's details, in every booking mail
  reference: 'Booking reference: {reference}',
  trip: 'Trip: {from} to {to}',
  returnTrip: 'Return: {from} to {to}',
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
  /** The reference the seat lock gave, for the transfer that pays the booking (docs/decisions/039). */
  receivedRemark: 'Write {reference} as the remark of your transfer, so we can match your payment quickly.',
  /** Pay later by transfer (docs/decisions/040-pay-later.md). */
  receivedPayLater:
    'Your seats are held for your transfer until {date}, {time}. If it has not reached us by then, the booking is released.',
  payLaterSlip: 'Paid already? You can also add the payment slip on your booking’s page.',
  payReminderSubject: 'Your transfer is due soon: {reference}',
  payReminderIntro:
    'We have not received the transfer for your booking yet. Its seats are held until {date}, {time}; after that the booking is released.',
  cardNoSeatSubject: 'Paid, but your seats were taken: {reference}',
  cardNoSeatIntro:
    'Your card payment arrived after the hold on your seats had ended, and the seats have since been booked by someone else.',
  cardNoSeatRefund:
    'We will refund the full amount to your card. If you would rather travel on another departure, please contact us.',
  releasedSubject: 'Booking released: {reference}',
  releasedIntro:
    'The transfer for your booking did not reach us in time, so the booking has been cancelled and its seats released.',
  releasedPaid: 'If you did send the transfer, please contact us with its details and we will sort it out.',

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
  rejectedExtraRefund:
    'The payment for your change of departure could not be accepted. Your first payment, {amount}, comes back to you in full; we will write again when it is sent.',
  support: 'Support: {email}, {phone}',
  // A departure the operator cancelled (docs/decisions/026).
  cancelledSubject: 'Departure cancelled: {reference}',
  cancelledIntro: 'We are sorry: the operator has cancelled your departure.',
  cancelledReason: 'Reason: {reason}',
  reasonWeather: 'the weather',
  reasonTechnical: 'a technical problem',
  reasonOther: 'other reasons',
  cancelledNote: 'From the operator: {note}',
  cancelledNext:
    'You will receive a full refund, or you can choose another departure. Contact us with your booking reference {reference}.',
  // A delayed departure.
  delayedSubject: 'New departure time: {reference}',
  delayedIntro: 'Your departure has been delayed. Your booking stays valid, with the same seats.',
  delayedTime: 'New departure time: {time} (it was {was}).',
  delayedNext: 'If the new time does not suit you, contact us with your booking reference {reference}.',
  // A booking moved to another departure.
  movedSubject: 'Your booking moved to another departure: {reference}',
  movedIntro: 'The operator has moved your booking to another departure. Here are its new details.',
  movedNext:
    'Your e-ticket link stays the same and now shows the new departure and seats. If it does not suit you, contact us with your booking reference {reference}.',
  // The day before departure.
  reminderSubject: 'Your trip tomorrow: {reference}',
  reminderIntro: 'A reminder of your trip tomorrow.',
  reminderArrive: 'Please arrive at {stop} 30 minutes before departure, at {time}.',
  // The office sent a refund back (docs/decisions/026, 027).
  refundSubject: 'Refund sent: {reference}',
  refundIntro: 'We have sent you the refund of {amount} for booking {reference}.',
  refundBankReference: 'Bank reference of the payment: {bankReference}',
  refundArrival:
    'It can take a few working days to reach your account. If it has not arrived by then, contact us with this bank reference.',
  // The passenger changed their own booking on its manage page (docs/decisions/027).
  changedCancelSubject: 'Booking cancelled: {reference}',
  changedCancelIntro: 'As you asked, booking {reference} is cancelled and its seats are free again.',
  changedRefundDue: 'Refund due to you: {amount}. We will write again when it is sent.',
  changedRefundAccount: 'Add the bank account to send it to on your booking page.',
  changedRebookSubject: 'Booking changed: {reference}',
  changedRebookIntro: 'As you asked, your booking is now on another departure. Here are its new details.',
  changedRebookPending:
    'The office checks the slip for the difference before the new departure is confirmed.',
  changedSlipSubject: 'Payment slip received: {reference}',
  changedSlipIntro:
    'We have received the payment slip for booking {reference}. We will check it and write again when the booking is approved.',
  changedNameSubject: 'Name corrected: {reference}',
  changedNameIntro:
    'As you asked, the passenger name on booking {reference} is now {name}. Your e-ticket shows it.',
  changedAccountSubject: 'Refund account saved: {reference}',
  changedAccountIntro: 'The refund for booking {reference} will go to the account ending {last4} at {bank}.',
  changedNotYou:
    'If you did not ask for this change, contact us at once with your booking reference {reference}.',

  // The HTML part's buttons (the plain text gives the links themselves)
  eTicketButtonIntro: 'Your e-ticket has the QR code to show when you board.',
  eTicketButton: 'Open my e-ticket',
  manageButtonIntro: 'Change the departure, correct the name or cancel on your booking page.',
  manageButton: 'Manage my booking',
} as const;
