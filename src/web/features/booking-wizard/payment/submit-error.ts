import { MSG } from '#shared/messages.ts';
import { ApiError } from '#web/lib/api-client.ts';

/** What the upload checks answer (server/lib/images.ts, lib/multipart.ts, the 413 of the error handler). */
const UPLOAD_CODES: ReadonlySet<string> = new Set([
  'upload_failed',
  'image_required',
  'image_too_large',
  'image_too_many_pixels',
  'invalid_image',
  'invalid_image_type',
  'payload_too_large',
]);

const isUploadCode = (code: string) =>
  UPLOAD_CODES.has(code) || code.startsWith('image_') || code.startsWith('storage_');

/** SPEC.md section 8's texts for the submit refusals that have one, by the code the server answers. */
const SUBMIT_TEXTS: Readonly<Record<string, string>> = {
  // SPEC.md section 5's submit rules (and 8.3's seat count): the codes of #shared/api-errors.ts.
  slip_and_trip_required: MSG.slipAndTripRequired,
  missing_passenger_info: MSG.missingPassengerInfo,
  select_seats: MSG.selectSeats,
  select_ticket: MSG.selectTicket,
  too_many_seats: MSG.tooManySeats,
  seat_count_mismatch: MSG.seatCountMismatch,
  // Any other invalid field.
  validation_error: MSG.checkRequiredFields,
  payment_details_missing: MSG.paymentDetailsMissing,
  reference_exists: MSG.referenceExists,
  // A booking the server cannot place on the trip the wizard chose.
  invalid_schedule: MSG.invalidSchedule,
  trip_not_found: MSG.invalidSchedule,
};

/**
 * Refusals written for the passenger, shown whatever their length: the fair-hold limits and a
 * departure that closed meanwhile say what to do next, which 'Failed to submit booking' would not.
 */
const PLAIN_CODES: ReadonlySet<string> = new Set([
  'seat_hold_limit',
  'email_hold_limit',
  'pending_bookings_limit',
  'too_many_tickets',
  'departure_closed',
  'trip_completed',
  'launch_unavailable',
  'lock_email_mismatch',
]);

/** SPEC.md section 8 "Booking submit failures": the text for what the server answered, by its code. */
export function submitErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return MSG.submitFailed;
  const { code, message } = error;
  // Storage failing to take the slip is still an upload error, whatever its status.
  if (isUploadCode(code)) return MSG.uploadError(message);
  // A network failure, a non-JSON answer (code http_NNN) or a server fault: nothing to explain.
  if (error.status === 0 || error.status >= 500) return MSG.submitFailed;
  const text = SUBMIT_TEXTS[code];
  if (text) return text;
  if (PLAIN_CODES.has(code) && message) return message;
  // SPEC.md: any other short message is shown as is.
  if (error.status >= 400 && !code.startsWith('http_') && message && message.length < 100) return message;
  return MSG.submitFailed;
}
