import type { ErrorCode } from '#shared/error-codes.ts';
import type { TextId } from '#shared/messages/catalogues.ts';
import en from '#shared/messages/msg.ts?catalogue';
import { ApiError } from '#web/lib/api-client.ts';
import { registerTexts, type Translate } from './texts.tsx';

/** The passenger's error and notice texts (#shared/messages/msg.ts), by the screens that show them. */
export const MSG_TEXTS = registerTexts('msg', en, () => import('#shared/locales/dv/msg.ts?catalogue'));

/** The text for each code the API answers a passenger with (#shared/api-errors.ts, the services). */
const CODE_TEXTS: Readonly<Partial<Record<ErrorCode, TextId>>> = {
  email_required: 'msg.emailRequired',
  invalid_email: 'msg.invalidEmail',
  invalid_code_format: 'msg.otpCodeFormat',
  invalid_code: 'msg.codeInvalid',
  email_not_verified: 'msg.verifyEmailFirst',
  otp_max_attempts: 'msg.otpMaxAttempts',
  otp_cooldown: 'msg.otpCooldown',
  verification_limit: 'msg.verificationLimit',
  verification_day_limit: 'msg.verificationDayLimit',
  invalid_date: 'msg.invalidTravelDate',
  same_place: 'msg.samePlace',
  slip_and_trip_required: 'msg.slipAndTripRequired',
  missing_passenger_info: 'msg.missingPassengerInfo',
  select_seats: 'msg.selectSeats',
  select_ticket: 'msg.selectTicket',
  too_many_seats: 'msg.tooManySeats',
  seat_count_mismatch: 'msg.seatCountMismatch',
  too_many_infants: 'msg.tooManyInfants',
  persons_mismatch: 'msg.personsMismatch',
  contact_first: 'msg.contactFirst',
  unknown_fare_category: 'msg.unknownFareCategory',
  invalid_booking_session: 'msg.bookingSessionInvalid',
  validation_error: 'msg.checkRequiredFields',
  payment_details_missing: 'msg.paymentDetailsMissing',
  pay_later_unavailable: 'msg.payLaterUnavailable',
  card_unavailable: 'msg.cardUnavailable',
  card_gateway_failed: 'msg.cardGatewayFailed',
  card_retry_unavailable: 'msg.cardRetryUnavailable',
  payment_not_found: 'msg.paymentNotFound',
  pay_later_share_full: 'msg.payLaterShareFull',
  slip_not_allowed: 'msg.slipNotAllowed',
  reference_exists: 'msg.referenceExists',
  invalid_schedule: 'msg.invalidSchedule',
  trip_not_found: 'msg.tripNotFound',
  trip_completed: 'msg.tripCompleted',
  launch_not_found: 'msg.launchNotOnTrip',
  launch_unavailable: 'msg.launchUnavailable',
  return_before_arrival: 'msg.returnBeforeArrival',
  return_not_reverse: 'msg.returnNotReverse',
  departure_closed: 'msg.departureClosed',
  lock_email_mismatch: 'msg.lockEmailMismatch',
  seats_unavailable: 'msg.seatsUnavailable',
  invalid_seats: 'msg.invalidSeats',
  seat_hold_limit: 'msg.seatHoldLimit',
  email_hold_limit: 'msg.emailHoldLimit',
  pending_bookings_limit: 'msg.pendingBookingsLimit',
  too_many_tickets: 'msg.maxTicketsPerBooking',
  booking_not_found: 'msg.bookingNotFound',
  slip_missing: 'msg.slipMissing',
  image_required: 'msg.imageType',
  invalid_image_type: 'msg.imageType',
  image_too_large: 'msg.imageSize',
  payload_too_large: 'msg.imageSize',
  image_too_many_pixels: 'msg.imagePixels',
  invalid_image: 'msg.imageUnreadable',
  idempotency_in_progress: 'msg.submitFailed',
  rate_limited: 'msg.tooManyRequests',
  service_unavailable: 'msg.databaseUnavailable',
};

/**
 * What to tell the passenger about a failed request, in their language: the text for the API's
 * code with the values the error carries, else `fallback` (the generic failure by default).
 * Needs `useTexts('msg')` (or MSG_TEXTS loaded) in the calling screen.
 */
export function apiErrorText(t: Translate, error: unknown, fallback: TextId = 'msg.serverError'): string {
  const id = error instanceof ApiError ? CODE_TEXTS[error.code as ErrorCode] : undefined;
  if (!id || !(error instanceof ApiError)) return t(fallback);
  const { details } = error;
  return t(id, {
    n: details.retryAfterSeconds,
    seats: details.seats?.join(', '),
    max: details.max,
    more: details.more,
  });
}

/** Whether the API answered `error` with a code that has a passenger text of its own. */
export const hasCodeText = (error: unknown) => error instanceof ApiError && error.code in CODE_TEXTS;
