// English texts of the manage namespace: ids `manage.<key>` (src/shared/messages/catalogues.ts). The passenger's
// own page for a booking (/bookings/<reference>/manage, docs/decisions/027);
// src/shared/locales/dv/manage.ts is the Dhivehi.
export default {
  title: 'Manage your booking',
  intro: 'Change the departure, correct the name, cancel, or tell us where to send a refund.',
  loading: 'Opening your booking…',
  loadFailed: 'Your booking could not be opened. Check your connection and try again.',
  tryAgain: 'Try again',

  // Opening the booking with a code (no link, or one that has expired)
  openTitle: 'Open your booking',
  reference: 'Booking reference',
  openIntro:
    'To keep your booking safe, we send a one-time code to the e-mail address it was booked with. Enter it here to open the booking.',
  linkInvalid: 'This link has expired or is not valid. Ask for a code to open your booking instead.',
  sendCode: 'Send a code to the booking’s e-mail',
  sendNewCode: 'Send a new code',
  sendAgainIn: 'New code in {n} s',
  sendingCode: 'Sending the code…',
  codeSent:
    'If this booking exists, a code is on its way to the e-mail address it was booked with. It is valid for 10 minutes.',
  codeSentTo: 'A code is on its way to {email}. It is valid for 10 minutes.',
  codeLabel: 'Code from the e-mail',
  openBooking: 'Open my booking',
  checkingCode: 'Checking the code…',

  // The booking
  opened: 'Your booking is open.',
  eTicketLink: 'Open my e-ticket',
  extraPending:
    'The office is checking your payment of {amount} for the change. The new departure is confirmed once they approve it.',

  // Refunds
  refundsTitle: 'Refunds',
  reasonOperatorCancelled: 'Departure cancelled by the operator',
  reasonPassengerCancelled: 'You cancelled the booking',
  reasonCheaperRebooking: 'Changed to a cheaper departure',
  reasonPaidNoSeat: 'Your card payment came after your seats were taken: all of it back to your card',
  reasonRejectedExtraPayment: 'Your payment for the change was not accepted: your first payment back',
  refundRequested: 'Being processed',
  refundRefunded: 'Refunded',
  refundAccount: 'To {bank}, {name}, account ending {last4}',
  refundNoAccount: 'No account given yet: add one below so the office can send it.',
  refundAfterPayment: 'Sent once the office has checked your payment.',

  // The actions
  actionsTitle: 'Change your booking',
  noActions: 'Nothing about this booking can be changed online now. Please contact us if you need help.',
  saving: 'Saving…',
  rebookAfterReview:
    'Changing to another departure is possible again once the office has checked your payment of {amount}.',

  // Confirming a change with a code
  confirmIntro: 'Every change needs a one-time code, which we send to {email}.',
  confirmIntroNoEmail: 'Every change needs a one-time code, which we send to the booking’s e-mail address.',
  confirmReady: 'You entered a code a moment ago, so this change needs no new one.',
  close: 'Close',

  // Cancel
  cancelTitle: 'Cancel booking',
  policyTitle: 'Cancellation policy',
  policyTier:
    '{hours, plural, one {At least # hour} other {At least # hours}} before departure: {percent}% of the fare back',
  policyTierAny: 'Until departure: {percent}% of the fare back',
  policyLater: 'Later: nothing back',
  policyNone: 'A cancelled booking gives nothing back.',
  cancelFree: 'The operator cancelled your departure, so the whole fare comes back: {amount}.',
  cancelNow: 'Cancelling now gives back {percent}% of the fare: {amount}.',
  cancelNothing: 'Cancelling now gives nothing back.',
  cancelWarning: 'Your seats go to other passengers and the e-ticket stops working. This cannot be undone.',
  refundAccountLegend: 'Where should we send the refund? (optional: you can add it later)',
  cancelConfirm: 'Cancel my booking',
  cancelDone: 'Your booking is cancelled.',

  // Refund account
  accountTitle: 'Refund account',
  accountIntro: 'Tell us the bank account the office should send your refund to.',
  bankName: 'Bank name',
  accountName: 'Account holder name',
  accountNumber: 'Account number',
  bankNameNeeded: 'Enter the bank’s name.',
  accountNameNeeded: 'Enter the account holder’s name.',
  accountNumberNeeded: 'Enter the account number, at least 4 characters.',
  accountConfirm: 'Save the account',
  accountDone: 'The account is saved. The office will send your refund there.',

  // Correct the name
  nameTitle: 'Correct the name',
  nameLabel: 'Passenger name',
  nameHint: 'As on the passenger’s ID card or passport.',
  nameInvalid: 'Enter the name, 2 to 100 characters.',
  nameUnchanged: 'This is already the name on the booking.',
  nameConfirm: 'Save the name',
  nameDone: 'The name is corrected. Your e-ticket has a new code.',

  // Change to another departure
  rebookTitle: 'Change to another departure',
  rebookIntro:
    'The same route and the same number of passengers: choose a day, a departure and {n, plural, one {# seat} other {# seats}}.',
  rebookFreeNote: 'The operator cancelled your departure, so changing is free.',
  rebookDate: 'Day',
  searching: 'Looking for departures…',
  departuresLegend: 'Departures',
  departureOption: 'Departs {time} · {seats, plural, one {# seat free} other {# seats free}}',
  currentDeparture: 'Your booking is on this departure',
  departureNeeded: 'Choose a departure first.',
  launchLegend: 'Launch',
  launchOption: '{name} · {seats, plural, one {# seat free} other {# seats free}}',
  seatsLegend: 'Seats',
  seatsPick: 'Choose {n, plural, one {# seat} other {# seats}} on the map.',
  seatsPicked: 'Chosen {picked} of {n}: {seats}',
  priceTitle: 'Price',
  quoteLoading: 'Working out the price…',
  quoteFree: 'Free of charge, because the operator cancelled your departure.',
  quotePay: 'The new departure costs {total}. You pay {amount} more.',
  quoteBack: 'The new departure costs {total}. You get {amount} back.',
  quoteSame: 'The new departure costs the same: nothing to pay.',
  payInto: 'Transfer {amount} to this account, then add a photo of the slip:',
  payBank: 'Bank: {bank}',
  payHolder: 'Account holder: {holder}',
  payNumber: 'Account number: {number}',
  payAfterApproval: 'The office checks the slip before the new departure is confirmed.',
  slipLabel: 'Payment slip',
  slipPreview: 'The payment slip you chose',
  slipChoose: 'Choose a photo or screenshot of the transfer',
  slipChooseAnother: 'Choose another photo',
  slipFormats: 'JPG, PNG or WebP, at most 10MB',
  slipWorking: 'Preparing the photo…',
  slipReady: 'Ready: {name} ({kb} KB)',
  slipNeeded: 'Add the payment slip first.',
  seatsNeeded: 'Choose {n, plural, one {# seat} other {# seats}}, one for each passenger.',
  rebookConfirm: 'Change my booking',
  rebookDone: 'Your booking is now on the new departure.',
  rebookDonePending:
    'Your booking is now on the new departure. It is confirmed once the office has checked your slip.',

  // A booking sent to pay later (docs/decisions/040-pay-later.md): its slip, added while it waits
  addSlipTitle: 'Add the payment slip',
  addSlipIntro:
    'Transferred already? Add a photo of the slip: the office checks it, and the booking is no longer released when its time is up.',
  addSlipConfirm: 'Send the slip',
  addSlipDone: 'Your slip is sent. The office checks it, then confirms your booking.',

  // A return's two journeys (docs/decisions/037-return-trips.md), each changed on its own
  journeyOutbound: 'Outbound',
  journeyReturn: 'Return',
  journeySeats: 'Seats: {seats}',
  journeyConfirmed: 'Confirmed',
  journeyPending: 'Payment being checked',
  journeyAwaitingTransfer: 'Waiting for your transfer',
  journeyCancelled: 'Cancelled',
  journeyRejected: 'Rejected',
  journeyCompleted: 'Completed',
  journeyNoActions: 'Nothing can be changed on this journey now.',
  rebookJourney: 'Change date or time',
  cancelJourney: 'Cancel this journey',
  cancelBoth: 'Cancel both journeys',
  cancelBothNow: 'Cancelling both journeys now, you get back {amount} in all.',
  cancelJourneyDone: 'This journey is cancelled. The other journey stays as it was.',

  // The API's refusals, by code
  errorGrant: 'Your code has expired or was already used. Ask for a new code and try again.',
  errorNotAllowed: 'This change is not possible for this booking now.',
  errorCode: 'This code is wrong or has expired. Check the newest e-mail, or ask for a new code.',
  errorSlip: 'This departure costs more: add the payment slip for the difference.',
  errorExtraUnderReview:
    'The office is still checking your payment for the last change. You can change the departure again once they have.',
  errorExtraAgain:
    'This booking has already been paid for a dearer departure once. To change it to another dearer one, please contact us.',
  errorFailed: 'The change could not be made. Please try again.',
} as const;
