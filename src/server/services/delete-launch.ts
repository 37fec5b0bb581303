import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { MSG } from '#shared/messages.ts';
import type { Db } from '../db/client.ts';
import { launches } from '../db/schema.ts';
import { writeAudit } from '../lib/audit.ts';
import { AppError } from '../lib/errors.ts';
import type { Storage } from '../lib/storage.ts';

/**
 * Deletes a launch that no schedule runs with and no ticket was booked on (ARCHITECTURE.md
 * section 8.6); its image goes after the commit, and a storage failure is only logged.
 */
export async function deleteLaunch(
  db: Db,
  opts: { id: string; actorUserId: string | null; storage: Storage; log: FastifyBaseLogger },
): Promise<void> {
  const imageKey = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(launches).where(eq(launches.id, opts.id)).for('update');
    if (!current) throw new AppError('launch_not_found', MSG.launchNotFound, 404);
    const result = await tx.execute(sql`
      SELECT EXISTS (SELECT 1 FROM schedule_launches WHERE launch_id = ${current.id})
          OR EXISTS (SELECT 1 FROM tickets WHERE launch_id = ${current.id}) AS used`);
    const [row] = (result as unknown as { rows: { used: boolean }[] }).rows;
    if (row?.used) throw new AppError('launch_in_use', MSG.launchInUse, 409);
    await tx.delete(launches).where(eq(launches.id, current.id));
    await writeAudit(tx, {
      actorUserId: opts.actorUserId,
      action: 'delete',
      entity: 'launch',
      entityId: current.id,
      before: { name: current.name, capacity: current.capacity, seatNumbers: current.seatNumbers },
    });
    return current.imageKey;
  });
  if (imageKey) {
    await opts.storage.delete(imageKey, 'public').catch((err: unknown) => {
      opts.log.warn({ err, key: imageKey }, 'launch image could not be deleted');
    });
  }
}
