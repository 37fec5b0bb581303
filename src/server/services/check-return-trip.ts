import { AppError } from '#server/lib/errors.ts';
import { MSG } from '#shared/messages/api.ts';

/** One journey's ends as the timetable gives them, in the operator's time zone. */
export type JourneyEnds = {
  /** The passenger's From and To stops (location ids). */
  fromId: string;
  toId: string;
  travelDate: string;
  /** The time the departure leaves the From stop, `HH:MM[:SS]`. */
  leaves: string;
  /** The time it reaches the To stop; null when the timetable gives none (then: when it leaves). */
  arrives: string | null;
};

const at = (date: string, time: string) => `${date}T${time.length === 5 ? `${time}:00` : time}`;

/**
 * A return goes back the way the outbound came (docs/decisions/037-return-trips.md): from the
 * outbound's To to its From, 400 `return_not_reverse` otherwise; and it leaves after the outbound
 * arrives, the same day or later, 400 `return_before_arrival` otherwise. Both are wall times of
 * the operator's zone, so comparing them as text is comparing them in time.
 */
export function checkReturnTrip(outbound: JourneyEnds, back: JourneyEnds): void {
  if (back.fromId !== outbound.toId || back.toId !== outbound.fromId) {
    throw new AppError('return_not_reverse', MSG.returnNotReverse, 400);
  }
  const arrives = at(outbound.travelDate, outbound.arrives ?? outbound.leaves);
  if (at(back.travelDate, back.leaves) <= arrives) {
    throw new AppError('return_before_arrival', MSG.returnBeforeArrival, 400);
  }
}
