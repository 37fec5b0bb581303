import { inArray, or } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { tickets } from '#server/db/schema.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { Storage } from '#server/lib/storage.ts';

/**
 * Where create-booking.ts stores slips (`slipKey`): `payment-slips/<reference>/slip-<random>.webp`,
 * a booking's own and a dearer rebooking's second one alike.
 */
export const SLIP_PREFIX = 'payment-slips/';
export const ORPHAN_SWEEP_INTERVAL_MS = 60 * 60 * 1000;
/** Keys per `in (...)` lookup, well inside PostgreSQL's parameter limit. */
const LOOKUP_BATCH = 500;

export type SweepOrphanSlipsOptions = {
  db: Db;
  storage: Storage;
  clock: Clock;
  /** Only slips at least this old go: a younger one may belong to a booking not yet committed. */
  graceMs: number;
};

type SweepResult = { checked: number; removed: string[] };

/**
 * A booking (or a dearer rebooking) stores its slip just before its transaction commits
 * (create-booking.ts, manage.ts), and deletes it again if the commit fails. A process killed
 * between the two leaves a slip that no ticket references and nothing will ever serve: this removes such files once they are older than the
 * grace period. The listing comes before the ticket lookup, so a booking committed meanwhile is
 * seen and its slip kept.
 */
export async function sweepOrphanSlips(opts: SweepOrphanSlipsOptions): Promise<SweepResult> {
  const { db, storage, clock, graceMs } = opts;
  const cutoff = clock.now().getTime() - graceMs;
  const candidates: string[] = [];
  let checked = 0;
  for await (const object of storage.list(SLIP_PREFIX, 'private')) {
    checked++;
    if (object.lastModified.getTime() <= cutoff) candidates.push(object.key);
  }

  const removed: string[] = [];
  for (let i = 0; i < candidates.length; i += LOOKUP_BATCH) {
    const batch = candidates.slice(i, i + LOOKUP_BATCH);
    // A dearer rebooking's second slip (extra_slip_key) is stored under the same prefix.
    const rows = await db
      .select({ key: tickets.paymentSlipKey, extra: tickets.extraSlipKey })
      .from(tickets)
      .where(or(inArray(tickets.paymentSlipKey, batch), inArray(tickets.extraSlipKey, batch)));
    const referenced = new Set(rows.flatMap((r) => [r.key, r.extra]));
    for (const key of batch) {
      if (referenced.has(key)) continue;
      await storage.delete(key, 'private');
      removed.push(key);
    }
  }
  return { checked, removed };
}
