import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';

type TicketUse = { launchId: string } | { locationId: string } | { scheduleId: string };

function usesOf(use: TicketUse): SQL {
  if ('launchId' in use) return sql`t.launch_id = ${use.launchId}`;
  if ('scheduleId' in use) return sql`t.schedule_id = ${use.scheduleId}`;
  // A passenger's own From and To, or any stop their trip makes on the way.
  return sql`(t.user_origin_id = ${use.locationId} OR t.user_destination_id = ${use.locationId}
           OR EXISTS (SELECT 1 FROM schedule_route_stops rs
                       WHERE rs.schedule_id = t.schedule_id AND rs.location_id = ${use.locationId}))`;
}

export type CountActiveTicketsOptions = { db: DbOrTx } & TicketUse;

/**
 * The tickets that keep a launch, location or schedule from being deleted or archived
 * (docs/product.md section 10.6, docs/decisions/007-delete-or-archive.md): pending or confirmed
 * ones on a trip that is not completed. A confirmed ticket of a completed trip is history, as
 * its lookup says (section 8.11), and so are rejected and completed tickets.
 */
export async function countActiveTickets({ db, ...use }: CountActiveTicketsOptions): Promise<number> {
  const result = await db.execute(sql`
    SELECT count(*)::int AS n
      FROM tickets t JOIN schedules s ON s.id = t.schedule_id
     WHERE ${usesOf(use)}
       AND t.ticket_status IN ('pending', 'awaiting_card', 'confirmed')
       AND s.status <> 'completed'`);
  const [row] = (result as unknown as { rows: { n: number }[] }).rows;
  return Number(row?.n ?? 0);
}
