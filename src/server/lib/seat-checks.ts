import { MSG } from '#shared/messages/api.ts';
import { AppError } from './errors.ts';

/*
 * The seat checks a lock and a booking share (docs/product.md sections 2.2, 8.2 and 8.4),
 * written once: the labels must be the launch's, and a seat is taken when a pending or
 * confirmed ticket or another session's live lock holds it. They name the seats for the
 * passenger; the unique indexes are what decide a race.
 */

export const seatsUnavailable = (labels: string[]) =>
  new AppError('seats_unavailable', MSG.seatsUnavailable(labels), 409, { details: { seats: labels } });

/** Refuses (400 invalid_seats) seat labels the launch does not have. */
export function refuseUnknownSeats(opts: { seatNumbers: readonly string[]; seats: readonly string[] }): void {
  const labels = new Set(opts.seatNumbers);
  const unknown = opts.seats.filter((s) => !labels.has(s));
  if (unknown.length > 0) {
    throw new AppError('invalid_seats', MSG.invalidSeats(unknown), 400, { details: { seats: unknown } });
  }
}
