// User-facing texts, verbatim from SPEC.md sections 4, 5 and 8. The API returns the same
// strings in its error messages, so a client can show them as they are.
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
  passwordTooShort: 'Password must be at least 6 characters long',
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
  // trips
  tripStatusFailed: 'Failed to update trip status',
  tripMarked: (status: string) => `Trip marked as ${status}`,
  reopenTripConfirm: 'This trip will become available for new bookings again.',
  noTripsForDate: (date: string) => `No trips found for ${date}`,
  noApprovedTickets: 'No approved tickets for this trip',
  scheduleNotFound: 'This trip no longer exists',
  // generic
  notFound: 'Not found',
  serverError: 'Something went wrong. Please try again.',
  databaseUnavailable: 'The service is temporarily unavailable. Please try again in a moment.',
  tooManyRequests: 'Too many requests. Please try again later.',
  crossSite: 'Cross-site request refused',
} as const;

export const UNKNOWN_LOCATION = 'Unknown Location';
export const NOT_SPECIFIED = 'Not specified';

export const LOOKUP_STATUS_TEXT = {
  pending: 'Your booking is being reviewed. You will be notified once approved.',
  confirmed: 'Your booking is approved. Please arrive 30 minutes before departure.',
  cancelled: 'Your booking has been rejected. Contact support for more information.',
  completed: 'Your trip has been completed. Thank you for traveling with us!',
} as const;

export const TICKET_STATUS_LABEL = {
  pending: 'Pending',
  confirmed: 'Approved',
  cancelled: 'Rejected',
  completed: 'Completed',
} as const;

export const PAYMENT_STATUS_LABEL = {
  pending: 'Payment Pending',
  completed: 'Paid',
  failed: 'Payment Failed',
} as const;
