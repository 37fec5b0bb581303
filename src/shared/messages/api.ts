// User-facing texts, verbatim from docs/product.md section 4, 5 and 8. The API returns the same
// strings in its error messages, so a client can show them as they are.

/** "1 pending or approved booking", "3 pending or approved bookings". */
const activeBookings = (n: number) => `${n} pending or approved ${n === 1 ? 'booking' : 'bookings'}`;

import { SERVER_ERROR } from '../server-error.ts';
import common from './common.ts';

export const MSG = {
  // e-mail codes
  emailRequired: 'Please enter your email address',
  otpMaxAttempts: 'Maximum OTP attempts reached. Please try again later.',
  otpCooldown: (n: number) => `Please wait ${n} seconds before requesting again.`,
  otpCodeFormat: 'Please enter the 6-digit verification code',
  verifyEmailFirst: 'Please verify your email address first',
  codeSent: 'Verification code sent! Check your email.',
  codeSendFailed: 'Failed to send verification code',
  codeInvalid: 'Invalid verification code',
  emailVerified: 'Email verified successfully!',
  invalidEmail: 'Please enter a valid email address',
  seatCountMismatch: 'Please select one seat for each ticket',
  tooManyInfants: 'At most one infant per adult: each infant travels on an adult’s lap',
  personsMismatch: 'Please name each person once, one for each ticket',
  contactFirst: 'The first person named must be the contact, with the same name and nationality',
  unknownFareCategory: 'One of the tickets is of a kind that is not sold. Reload the page and choose again.',
  idempotencyKeyRequired: 'The Idempotency-Key header is required (8 to 100 characters)',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different booking',
  // booking
  slipAndTripRequired: 'Please upload a payment slip and ensure trip is selected',
  missingPassengerInfo: 'Missing passenger information',
  selectSeats: 'Please select seats',
  selectTicket: 'Please select at least one ticket',
  tooManySeats: 'Too many seats selected',
  uploadError: (m: string) => `Upload error: ${m}`,
  referenceExists: 'This booking reference already exists. Please try again.',
  invalidSchedule: 'Invalid schedule selected. Please refresh and try again.',
  checkRequiredFields: 'Please check all required fields are filled correctly.',
  submitFailed: 'Failed to submit booking. Please try again.',
  bookingSubmitted: 'Booking submitted successfully!',
  submittedForReview: 'Your booking has been submitted for review. You will be notified once approved.',
  referenceCopied: 'Booking reference copied!',
  accountNumberCopied: 'Account number copied!',
  lockFailed: (m: string) => `Failed to lock seats: ${m}`,
  noTrips: 'No trips found for selected route and date.',
  samePlace: 'From and To must be different places.',
  noLaunches: 'No launches available for this trip.',
  bookingNotFound: 'Booking Not Found',
  // trips and seats
  invalidTravelDate: 'Please choose a valid travel date (YYYY-MM-DD)',
  tripNotFound: 'This trip is not available on that date. Please search again.',
  tripCompleted: 'This trip has been completed and is closed for booking.',
  launchNotOnTrip: 'This launch does not run on this trip. Please choose another launch.',
  invalidSeats: (labels: string[]) => `These seats do not exist on this launch: ${labels.join(', ')}`,
  seatsUnavailable: (labels: string[]) => `Some seats are no longer available: ${labels.join(', ')}`,
  bookingSessionInvalid: 'Your booking session is missing or invalid. Please reload the page.',
  // fair holds: one client or one e-mail never holds a departure hostage
  seatHoldLimit: (more: number) =>
    more > 0
      ? `To keep seats open for everyone, at most ${more} more ${more === 1 ? 'seat' : 'seats'} on this departure can be held from your connection right now. Choose fewer seats, or contact us to book a larger group.`
      : 'To keep seats open for everyone, no more seats on this departure can be held from your connection right now. Finish the booking you started, or contact us to book a larger group.',
  emailHoldLimit: (max: number) =>
    `One e-mail address can hold at most ${max} seats at a time. Finish or release the seats you hold, then try again.`,
  pendingBookingsLimit: (max: number) =>
    `You already have ${max} bookings waiting for review. Please wait until they are approved or rejected, or contact us.`,
  verificationLimit:
    'Too many e-mail addresses were verified from your connection in the last hour. Please try again later.',
  verificationDayLimit:
    'Too many e-mail addresses were verified from your connection in the last day. Please try again tomorrow, or contact us.',
  maxTicketsPerBooking: (max: number) =>
    `At most ${max} tickets per booking. For a larger group, please contact us.`,
  ticketsPerBooking: (max: number) => `Up to ${max} tickets per booking`,
  lockEmailMismatch: 'These seats were held with another e-mail address. Please choose your seats again.',
  departureClosed: 'This departure has already left. Please choose a later trip.',
  launchUnavailable: 'This launch is not taking bookings. Please choose another launch.',
  // return trips (docs/decisions/037-return-trips.md)
  returnBeforeArrival: 'The return must leave after the outbound trip arrives. Please choose a later return.',
  returnNotReverse:
    'The return must go back the same way, from where the outbound trip arrives. Please choose again.',
  paymentDetailsMissing: 'Payment details are not set up yet. Please try again later or contact us.',
  // card payments online (docs/decisions/042)
  cardUnavailable: 'Card payments are not available. Please pay by bank transfer.',
  cardGatewayFailed: 'The card payment could not be started. Please try again, or pay by bank transfer.',
  cardRetryUnavailable:
    'This payment cannot be changed now: the booking is paid, or its seats were released.',
  paymentNotFound: 'This payment was not found.',
  // pay later by transfer (docs/decisions/040-pay-later.md)
  payLaterUnavailable:
    'Paying later is not possible for this departure: it leaves too soon. Please attach the payment slip to book.',
  payLaterShareFull:
    'Too many seats on this departure are already waiting for transfers. Please attach the payment slip to book.',
  slipNotAllowed: 'This booking is not waiting for a payment slip.',
  bulkRejected: (n: number) => `${n} pending ${n === 1 ? 'booking' : 'bookings'} rejected`,
  bulkRejectFailed: 'Failed to reject the pending bookings',
  // images
  imageType: 'Please upload a JPEG, PNG, or WebP image',
  imageSize: 'Image must be smaller than 10MB',
  imagePixels: 'Image is too large (at most 40 megapixels)',
  imageUnreadable: 'The file is not a readable image',
  invalidFile: 'Invalid file',
  noCanvas: 'Cannot get canvas context',
  compressFailed: 'Failed to compress image',
  loadImageFailed: 'Failed to load image',
  uploadFailed: (m: string) => `Upload failed: ${m}`,
  optimizing: 'Optimizing and uploading image...',
  // admin sign-in and account
  invalidCredentials: 'Invalid credentials',
  loginRequired: 'Please enter your email and password',
  loginThrottled: (minutes: number) =>
    `Too many failed sign-in attempts. Please try again in ${minutes} minutes.`,
  notAuthenticated: 'Please sign in to continue',
  notAdmin: 'This account has no access to the admin area',
  currentPasswordRequired: 'Please enter your current password',
  passwordsDoNotMatch: 'New passwords do not match',
  passwordTooShort: 'Password must be at least 12 characters long',
  currentPasswordIncorrect: 'Current password is incorrect',
  passwordChanged: 'Password changed successfully',
  loggedOut: 'Logged out successfully',
  logoutFailed: 'Failed to logout',
  hidden: 'Hidden',
  detectionFailed: 'Detection Failed',
  sessionLoggedIn: (n: number) => `Session logged in ${n}s`,
  // tickets
  ticketApproved: 'Ticket approved successfully',
  ticketApproveFailed: 'Failed to approve ticket',
  ticketRejected: 'Ticket rejected',
  ticketRejectFailed: 'Failed to reject ticket',
  ticketMarked: (status: string) => `Ticket marked as ${status}`,
  ticketMarkFailed: 'Failed to update ticket status',
  ticketDeleted: 'Ticket deleted successfully',
  ticketDeleteFailed: 'Failed to delete ticket',
  ticketNotFound: 'This ticket no longer exists',
  ticketNotPending: 'Only pending tickets can be approved or rejected',
  ticketNotConfirmed: 'Only approved tickets can be marked',
  slipMissing: 'This booking has no payment slip',
  approvalUndone: 'Approval undone: the booking is pending again',
  approvalUndoFailed: 'Failed to undo the approval',
  undoTooLate: 'Too late to undo: the approval e-mail has gone to the passenger',
  undoRefused: 'This approval can no longer be undone: the booking has changed since',
  // trips
  tripStatusFailed: 'Failed to update trip status',
  tripMarked: (status: string) => `Trip marked as ${status}`,
  reopenTripConfirm: 'This trip will become available for new bookings again.',
  noTripsForDate: (date: string) => `No trips found for ${date}`,
  noApprovedTickets: 'No approved tickets for this trip',
  scheduleNotFound: 'This trip no longer exists',
  // schedules, launches, locations
  scheduleBasics: 'Please add at least 2 locations, select launches, and set a travel date',
  scheduleStops: 'Please fill in all locations and departure times (except final destination)',
  scheduleRepeatedStop: 'A route cannot visit the same location twice',
  scheduleArrivalRequired: 'Please enter the arrival time at the final destination',
  scheduleArrivalOrder: 'The arrival must be after the departure from the stop before it',
  scheduleArrivalTooLate: 'The whole route must take less than a day: check the arrival time',
  scheduleUnknownLaunch: 'One of the selected launches no longer exists. Please refresh and try again.',
  scheduleUnknownLocation: 'One of the selected locations no longer exists. Please refresh and try again.',
  scheduleSaveFailed: 'Failed to save schedule',
  scheduleCreated: 'Schedule created successfully',
  scheduleUpdated: 'Schedule updated successfully',
  scheduleDuplicated: (date: string) => `Schedule duplicated for ${date}`,
  scheduleDuplicateFailed: 'Failed to duplicate schedule',
  scheduleDeleted: 'Schedule deleted',
  scheduleDeleteFailed: 'Failed to delete schedule',
  scheduleMarked: (status: string) => `Schedule marked as ${status}`,
  scheduleStatusFailed: 'Failed to update schedule status',
  scheduleHasBookings: (n: number) =>
    `This schedule has ${activeBookings(n)}, so it cannot be deleted. Mark the trip as completed, or reject or delete those bookings, then delete it.`,
  scheduleUsesDeleted:
    'This schedule uses a deleted launch or location. Edit it to choose another, then duplicate it.',
  scheduleEditBreaksBookings: (what: string) =>
    `This change would remove ${what} that active bookings use. Keep it, or reject or delete those bookings first.`,
  scheduleEditSharesSeats: (seats: string[]) =>
    `In this stop order, two active bookings of ${seats.length === 1 ? 'seat' : 'seats'} ${seats.join(', ')} would travel the same part of the route. Keep the order, or move one of those bookings first.`,
  launchRequired: 'Please fill in all required fields',
  launchSeatLabels: 'Seat labels must be unique and not empty (at most 10 characters each)',
  launchSaveFailed: 'Failed to save launch',
  launchCreated: 'Launch created successfully',
  launchUpdated: 'Launch updated successfully',
  launchDeleted: 'Launch deleted',
  launchDeleteFailed: 'Failed to delete launch',
  launchInUse: (n: number) =>
    `This launch carries ${activeBookings(n)} on trips not yet completed, so it cannot be deleted. Reject or delete those bookings, or mark their trips as completed, then delete it.`,
  launchSeatsInUse: (labels: string[]) =>
    `Seats ${labels.join(', ')} are booked on active tickets and cannot be removed.`,
  launchNotFound: 'This launch no longer exists',
  locationRequired: 'Please fill in all fields',
  locationSaveFailed: 'Failed to save location',
  locationAdded: 'Location added successfully',
  locationUpdated: 'Location updated successfully',
  locationDeleted: 'Location deleted',
  locationDeleteFailed: 'Failed to delete location',
  locationInUse: (n: number) =>
    `This location is on the route of ${activeBookings(n)} on trips not yet completed, so it cannot be deleted. Reject or delete those bookings, or mark their trips as completed, then delete it.`,
  locationNotFound: 'This location no longer exists',
  // banners
  bannerFormats: 'Accepted formats are JPG, PNG, WebP, max 10MB',
  bannerPlacement: 'Choose desktop, mobile or both before uploading',
  bannerUploadFailed: 'Failed to upload banner',
  bannerUploaded: 'Banner uploaded successfully',
  bannerDeleteFailed: 'Failed to delete banner',
  bannerDeleted: 'Banner deleted',
  bannerNotFound: 'This banner no longer exists',
  // payment settings
  pricesFailed: 'Failed to update ticket prices',
  bankFailed: 'Failed to update bank details',
  rateFailed: 'Failed to update conversion rate',
  pricesUpdated: 'Ticket prices updated successfully',
  bankUpdated: 'Bank details updated successfully',
  rateUpdated: 'Conversion rate updated successfully',
  ratePositive: 'The exchange rate must be greater than 0',
  priceInvalid: 'Prices must be numbers of at least 0',
  // branding
  iconFailed: 'Failed to upload PWA icon',
  logoFailed: 'Failed to upload logo',
  faviconFailed: 'Failed to upload favicon',
  pwaSaveFailed: 'Failed to save PWA settings',
  iconUpdated: 'PWA icon updated',
  logoUpdated: 'Logo updated',
  faviconUpdated: 'Favicon updated',
  settingsSaved: 'Settings saved',
  shortNameTooLong: 'Short name must be at most 12 characters',
  appNameRequired: 'Please enter the app name and short name',
  colorInvalid: 'Colours must be hex values such as #0ea5e9',
  contactPhoneInvalid: 'A phone number has at most 30 characters: digits, spaces and + ( ) -',
  contactSaved: 'Contact details saved',
  contactSaveFailed: 'Failed to save contact details',
  homeClaimValue: 'Each claim needs a value of at most 12 characters, such as 20+',
  homeClaimLabel: 'Each claim needs a label of at most 40 characters (the Dhivehi one may stay empty)',
  homeClaimsTooMany: 'The home page shows at most 4 claims',
  homeClaimsSaved: 'Home page claims saved',
  homeClaimsSaveFailed: 'Failed to save the home page claims',
  // generic
  notFound: 'Not found',
  serverError: SERVER_ERROR,
  databaseUnavailable: 'The service is temporarily unavailable. Please try again in a moment.',
  tooManyRequests: 'Too many requests. Please try again later.',
  crossSite: 'Cross-site request refused',
} as const;

export const UNKNOWN_LOCATION = 'Unknown Location';
export const NOT_SPECIFIED = common.notSpecified;

export const LOOKUP_STATUS_TEXT = {
  pending: 'Your booking is being reviewed. You will be notified once approved.',
  awaiting_card:
    'Your booking is waiting for its card payment. Your seats are held until the payment is made or the hold ends.',
  confirmed: 'Your booking is approved. Please arrive 30 minutes before departure.',
  cancelled: 'Your booking has been rejected. Contact support for more information.',
  completed: 'Your trip has been completed. Thank you for traveling with us!',
  voided: 'This ticket was voided at the counter. Contact support for more information.',
  cancelled_by_operator:
    'Your departure was cancelled by the operator. You will receive a full refund or can choose another departure.',
  cancelled_by_passenger: 'This booking was cancelled at your request.',
} as const;

export const TICKET_STATUS_LABEL = {
  pending: 'Pending',
  awaiting_card: 'Awaiting card payment',
  confirmed: 'Approved',
  cancelled: 'Rejected',
  completed: 'Completed',
  voided: 'Voided',
  cancelled_by_operator: 'Cancelled by the operator',
  cancelled_by_passenger: 'Cancelled by the passenger',
} as const;

export const PAYMENT_STATUS_LABEL = {
  pending: 'Payment Pending',
  completed: 'Paid',
  failed: 'Payment Failed',
} as const;

/** A pending payment whose slip has come in: what the passenger and the office read instead. */
export const SLIP_RECEIVED_LABEL = 'Slip received, being checked';
