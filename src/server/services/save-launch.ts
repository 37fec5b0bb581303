import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AdminLaunch, LaunchInput } from '#shared/catalogue-api.ts';
import { launchInputSchema } from '#shared/catalogue-api.ts';
import { MSG } from '#shared/messages.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { launches, ticketSeats } from '../db/schema.ts';
import { writeAudit } from '../lib/audit.ts';
import { AppError } from '../lib/errors.ts';

type LaunchRow = typeof launches.$inferSelect;

export function toAdminLaunch(row: LaunchRow): AdminLaunch {
  return {
    id: row.id,
    name: row.name,
    imageUrl: row.imageUrl,
    capacity: row.capacity,
    seatNumbers: row.seatNumbers,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

/** SPEC.md section 7: launches ordered by name. */
export async function listLaunches(db: DbOrTx): Promise<AdminLaunch[]> {
  const rows = await db.select().from(launches).orderBy(asc(launches.name), asc(launches.createdAt));
  return rows.map(toAdminLaunch);
}

/**
 * Creates or edits a launch. Its seat labels are authoritative and its capacity is their count
 * (ARCHITECTURE.md section 8.5); an edit never drops a label that an active ticket holds (8.6).
 */
export async function saveLaunch(
  db: Db,
  opts: { id?: string; input: LaunchInput; actorUserId: string | null },
): Promise<AdminLaunch> {
  const input = launchInputSchema.parse(opts.input);
  const values = {
    name: input.name,
    capacity: input.seatNumbers.length,
    seatNumbers: input.seatNumbers,
    status: input.status,
  };
  return db.transaction(async (tx) => {
    if (!opts.id) {
      const [created] = await tx.insert(launches).values(values).returning();
      if (!created) throw new Error('launch insert returned nothing');
      await writeAudit(tx, {
        actorUserId: opts.actorUserId,
        action: 'create',
        entity: 'launch',
        entityId: created.id,
        after: values,
      });
      return toAdminLaunch(created);
    }
    const [current] = await tx.select().from(launches).where(eq(launches.id, opts.id)).for('update');
    if (!current) throw new AppError('launch_not_found', MSG.launchNotFound, 404);
    const removed = current.seatNumbers.filter((label) => !input.seatNumbers.includes(label));
    if (removed.length > 0) {
      // ticket_seats holds exactly the seats of pending and confirmed tickets.
      const held = await tx
        .selectDistinct({ seat: ticketSeats.seatNumber })
        .from(ticketSeats)
        .where(and(eq(ticketSeats.launchId, current.id), inArray(ticketSeats.seatNumber, removed)));
      if (held.length > 0) {
        const labels = held.map((h) => h.seat).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
        throw new AppError('seats_in_use', MSG.launchSeatsInUse(labels), 409, { details: { seats: labels } });
      }
    }
    const [updated] = await tx.update(launches).set(values).where(eq(launches.id, current.id)).returning();
    if (!updated) throw new AppError('launch_not_found', MSG.launchNotFound, 404);
    await writeAudit(tx, {
      actorUserId: opts.actorUserId,
      action: 'update',
      entity: 'launch',
      entityId: current.id,
      before: { name: current.name, capacity: current.capacity, seatNumbers: current.seatNumbers },
      after: values,
    });
    return toAdminLaunch(updated);
  });
}
