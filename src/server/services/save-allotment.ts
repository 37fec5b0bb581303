import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { allotments, partners, seatLocks } from '#server/db/schema.ts';
import { askedStretch } from '#server/lib/asked-stretch.ts';
import { writeAudit } from '#server/lib/audit.ts';
import { instantInZone } from '#server/lib/clock.ts';
import { isLostRace } from '#server/lib/db-errors.ts';
import { AppError } from '#server/lib/errors.ts';
import { allotmentSession } from '#server/lib/partner-seats.ts';
import { refuseUnknownSeats, seatsUnavailable } from '#server/lib/seat-checks.ts';
import type { Allotment, AllotmentInput } from '#shared/partners.ts';
import { listAllotments } from './list-allotments.ts';
import { listDepartureStops } from './list-departure-stops.ts';
import { launchUnavailable, readTripLaunch } from './read-trip-launch.ts';
import { refuseTakenSeats } from './refuse-taken-seats.ts';
import { partnerNotFound } from './save-partner.ts';

export type SaveAllotmentOptions = {
  db: Db;
  now: Date;
  timeZone: string;
  partnerId: string;
  input: AllotmentInput;
  actorUserId: string;
};

/**
 * Sets seats aside for a partner on one departure (docs/decisions/043-partner-accounts.md), held
 * as seat locks of the partner's allotment session for the whole departure until their release
 * time, `releaseHours` before it leaves. Only free seats can be set aside: a seat booked, or held
 * by anyone, is refused by name, and racing holds are decided by the locks' exclusion constraint.
 */
export async function saveAllotment(opts: SaveAllotmentOptions): Promise<Allotment> {
  const { db, now, input } = opts;
  const seats = [...new Set(input.seats)].sort();
  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      const [partner] = await tx
        .select({ id: partners.id, active: partners.active })
        .from(partners)
        .where(eq(partners.id, opts.partnerId));
      if (!partner) throw partnerNotFound();
      if (!partner.active) {
        throw new AppError('partner_inactive', 'This partner is not active: make it active first', 409);
      }
      const { trip, launch } = await readTripLaunch({ db: tx, ...input });
      if (trip.status !== 'scheduled')
        throw new AppError('invalid_schedule', 'This departure is not open', 409);
      if (!launch.bookable) throw launchUnavailable();
      refuseUnknownSeats({ seatNumbers: launch.seatNumbers, seats });
      const stops = await listDepartureStops({ db: tx, scheduleId: trip.id });
      const stretch = askedStretch(stops.map((s) => s.locationId));
      const leaves = instantInZone(
        trip.travelDate,
        stops[0]?.departureTime ?? trip.departureTime,
        opts.timeZone,
      );
      const releasesAt = new Date(leaves.getTime() - input.releaseHours * 3_600_000);
      if (releasesAt <= now) {
        throw new AppError(
          'validation_error',
          'These seats would be released already: choose fewer hours',
          400,
          {
            fields: { releaseHours: 'These seats would be released already: choose fewer hours' },
          },
        );
      }
      const session = allotmentSession(partner.id);
      const key = { scheduleId: trip.id, travelDate: trip.travelDate, launchId: launch.id };
      await refuseTakenSeats({ db: tx, ...key, seats, stretch, session: `${session}:new`, now });
      const [row] = await tx
        .insert(allotments)
        .values({
          partnerId: partner.id,
          ...key,
          seats,
          releaseHours: input.releaseHours,
          releasesAt,
          createdBy: opts.actorUserId,
          createdAt: now,
        })
        .returning({ id: allotments.id });
      if (!row) throw new Error('allotment insert returned no row');
      const written = await tx
        .insert(seatLocks)
        .values(
          seats.map((seatNumber) => ({
            ...key,
            seatNumber,
            ...stretch,
            lockedUntil: releasesAt,
            userSession: session,
            allotmentId: row.id,
            createdAt: now,
          })),
        )
        .onConflictDoNothing()
        .returning({ seat: seatLocks.seatNumber });
      if (written.length !== seats.length) {
        const won = new Set(written.map((w) => w.seat));
        throw seatsUnavailable(seats.filter((s) => !won.has(s)));
      }
      await writeAudit({
        db: tx,
        actorUserId: opts.actorUserId,
        action: 'allotment_create',
        entity: 'partner',
        entityId: partner.id,
        after: { allotment: row.id, ...key, seats, releasesAt: releasesAt.toISOString() },
      });
      return row.id;
    });
  } catch (err) {
    if (!(err instanceof AppError) && isLostRace(err)) throw seatsUnavailable(seats);
    throw err;
  }
  const [allotment] = await listAllotments({ db, partnerId: opts.partnerId, id, now });
  if (!allotment) throw new Error('allotment not found after insert');
  return allotment;
}
