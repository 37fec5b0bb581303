import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { allotments, launches, schedules, seatLocks } from '#server/db/schema.ts';
import type { Allotment } from '#shared/partners.ts';

export type ListAllotmentsOptions = { db: DbOrTx; partnerId: string; id?: string; now: Date };

/**
 * A partner's allotments, by departure, each with the seats it still holds (not booked by the
 * partner, not released yet) beside those it set aside.
 */
export async function listAllotments(opts: ListAllotmentsOptions): Promise<Allotment[]> {
  const { db, now } = opts;
  const rows = await db
    .select({
      id: allotments.id,
      partnerId: allotments.partnerId,
      scheduleId: allotments.scheduleId,
      travelDate: allotments.travelDate,
      departureTime: schedules.departureTime,
      routeName: sql<string | null>`(select string_agg(l.name, ' → ' order by s.stop_order)
        from schedule_route_stops s join locations l on l.id = s.location_id
        where s.schedule_id = ${allotments.scheduleId})`,
      launchId: allotments.launchId,
      launchName: launches.name,
      seats: allotments.seats,
      releaseHours: allotments.releaseHours,
      releasesAt: allotments.releasesAt,
    })
    .from(allotments)
    .innerJoin(schedules, eq(schedules.id, allotments.scheduleId))
    .innerJoin(launches, eq(launches.id, allotments.launchId))
    .where(and(eq(allotments.partnerId, opts.partnerId), opts.id ? eq(allotments.id, opts.id) : undefined))
    .orderBy(asc(allotments.travelDate), asc(schedules.departureTime), asc(allotments.createdAt));
  const held = await db
    .select({ allotmentId: seatLocks.allotmentId, seat: seatLocks.seatNumber })
    .from(seatLocks)
    .innerJoin(allotments, eq(allotments.id, seatLocks.allotmentId))
    .where(
      and(
        eq(allotments.partnerId, opts.partnerId),
        opts.id ? eq(allotments.id, opts.id) : undefined,
        gt(seatLocks.lockedUntil, now),
      ),
    );
  return rows.map((r) => ({
    ...r,
    departureTime: r.departureTime.slice(0, 5),
    routeName: r.routeName ?? '',
    held: held
      .filter((h) => h.allotmentId === r.id)
      .map((h) => h.seat)
      .sort(),
    releasesAt: r.releasesAt.toISOString(),
    released: r.releasesAt <= now,
  }));
}
