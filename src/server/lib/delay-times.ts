import type { scheduleRouteStops } from '#server/db/schema.ts';
import type { AdminTicket } from '#shared/admin-api.ts';
import { hhmm } from './clock.ts';
import { AppError } from './errors.ts';

type Stop = typeof scheduleRouteStops.$inferSelect;

const badTimes = (message: string) => new AppError('delay_times', message, 400);

/** New times a delay takes: one per stop, all but the last given, never backwards, not the same. */
export function checkTimes(stops: Stop[], times: (string | null)[]): void {
  if (times.length !== stops.length) throw badTimes(`Give a time for each of the ${stops.length} stops`);
  const boarding = times.slice(0, -1);
  if (boarding.some((t) => t === null)) throw badTimes('Every stop but the last needs a departure time');
  const known = times.filter((t): t is string => t !== null);
  if (known.some((t, i) => i > 0 && t < (known[i - 1] ?? ''))) {
    throw badTimes('The times must not go backwards along the route');
  }
  if (stops.every((s, i) => hhmm(s.departureTime) === times[i]))
    throw badTimes('The new times are the same as the old ones');
}

/** Each passenger's new time: their From stop's, else the new departure's. */
export const newTimeOf = (stops: Stop[], times: (string | null)[]) => (ticket: AdminTicket) => {
  const i = stops.findIndex((s) => s.locationId === ticket.from?.id);
  return (i >= 0 ? times[i] : null) ?? times[0] ?? null;
};
