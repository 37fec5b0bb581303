import { and, count, eq, gte, isNull, lt, ne } from 'drizzle-orm';
import { type DbOrTx, readTogether } from '#server/db/client.ts';
import { launches, schedules, tickets } from '#server/db/schema.ts';
import { addDays, type Clock, dateInZone, instantInZone } from '#server/lib/clock.ts';
import type { Dashboard } from '#shared/admin-api.ts';
import { CARD_ONLINE } from '#shared/card-payments.ts';
import { DASHBOARD_RECENT_TICKETS } from '#shared/constants.ts';
import { listDisruptions } from './list-disruptions.ts';
import { listTicketsWhere } from './list-tickets-where.ts';

const DASHBOARD_RECENT_DISRUPTIONS = 5;

export type ReadDashboardOptions = {
  db: DbOrTx;
  clock: Clock;
  tzOperator: string;
};

/** docs/product.md section 10.12; "today" is the operator's (section 2.9). */
export async function readDashboard(opts: ReadDashboardOptions): Promise<Dashboard> {
  const { db } = opts;
  const today = dateInZone(opts.clock.now(), opts.tzOperator);
  const one = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;
  // The operator's day as a range of instants, so the approved_at index finds its rows
  // (docs/decisions/045-year-scale.md): the day of each row worked out read every ticket.
  const approvedOnDay = and(
    gte(tickets.approvedAt, instantInZone(today, '00:00', opts.tzOperator)),
    lt(tickets.approvedAt, instantInZone(addDays(today, 1), '00:00', opts.tzOperator)),
  );
  const [
    pendingTickets,
    approvedToday,
    counterSalesToday,
    cardPaymentsToday,
    todaysTrips,
    activeLaunches,
    recentTickets,
  ] = await readTogether(db, [
    () => one(db.select({ n: count() }).from(tickets).where(eq(tickets.ticketStatus, 'pending'))),
    () => one(db.select({ n: count() }).from(tickets).where(approvedOnDay)),
    () =>
      one(
        db
          .select({ n: count() })
          .from(tickets)
          .where(and(approvedOnDay, eq(tickets.channel, 'counter'), ne(tickets.ticketStatus, 'voided'))),
      ),
    () =>
      one(
        db
          .select({ n: count() })
          .from(tickets)
          .where(and(approvedOnDay, eq(tickets.paymentMethod, CARD_ONLINE), eq(tickets.journey, 1))),
      ),
    () =>
      // Archived schedules and launches are history only (docs/decisions/007).
      one(
        db
          .select({ n: count() })
          .from(schedules)
          .where(and(eq(schedules.travelDate, today), isNull(schedules.archivedAt))),
      ),
    () =>
      one(
        db
          .select({ n: count() })
          .from(launches)
          .where(and(eq(launches.status, 'active'), isNull(launches.archivedAt))),
      ),
    () => listTicketsWhere({ db, limit: DASHBOARD_RECENT_TICKETS }),
  ]);
  const recentDisruptions = await listDisruptions({ db, limit: DASHBOARD_RECENT_DISRUPTIONS });
  return {
    pendingTickets,
    approvedToday,
    counterSalesToday,
    cardPaymentsToday,
    todaysTrips,
    activeLaunches,
    recentTickets,
    recentDisruptions,
  };
}
