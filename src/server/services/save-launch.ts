import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { MSG } from '#shared/messages/api.ts';
import type { AdminLaunch, launchInputSchema } from '#shared/setup-api.ts';
import type { Db } from '../db/client.ts';
import { launches, ticketSeats } from '../db/schema.ts';
import { writeAudit } from '../lib/audit.ts';
import { AppError, problem } from '../lib/errors.ts';
import { toAdminLaunch } from './list-launches.ts';

export type SaveLaunchOptions = {
  db: Db;
  /** Absent: create. */
  id?: string;
  /** What the route's schema parsed. */
  input: z.output<typeof launchInputSchema>;
  actorUserId: string | null;
};

/**
 * Creates or edits a launch. Its seat labels are authoritative and its capacity is their count
 * (docs/product.md section 10.5); an edit never drops a label that an active ticket holds (8.6).
 */
export async function saveLaunch(opts: SaveLaunchOptions): Promise<AdminLaunch> {
  const { db, input } = opts;
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
      await writeAudit({
        db: tx,
        actorUserId: opts.actorUserId,
        action: 'create',
        entity: 'launch',
        entityId: created.id,
        after: values,
      });
      return toAdminLaunch(created);
    }
    const [current] = await tx.select().from(launches).where(eq(launches.id, opts.id)).for('update');
    if (!current) throw problem('launch_not_found');
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
    if (!updated) throw problem('launch_not_found');
    await writeAudit({
      db: tx,
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
