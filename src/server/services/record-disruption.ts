import type { Db, Tx } from '#server/db/client.ts';
import { disruptions } from '#server/db/schema.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { CancelReason } from '#shared/disruptions.ts';
import type { Notifier } from './notify-passenger.ts';

/** What the office asks of a departure it cancels, delays or moves (docs/decisions/026). */
export type DepartureChange = {
  db: Db;
  clock: Clock;
  scheduleId: string;
  reason: CancelReason;
  note?: string | undefined;
  actorUserId: string;
  notifiers?: readonly Notifier[];
};

/** The office's note as it is kept and told: trimmed, and none when blank. */
export const noteOf = (change: DepartureChange): string | null => change.note?.trim() || null;

export type RecordDisruptionOptions = {
  db: Tx;
  kind: 'cancel' | 'delay' | 'move';
  change: DepartureChange;
  /** How many bookings it reaches. */
  affected: number;
  details?: unknown;
  now: Date;
};

/** Records a departure's disruption in its history, in the change's transaction; gives its id. */
export async function recordDisruption(opts: RecordDisruptionOptions): Promise<string | null> {
  const { change } = opts;
  const [row] = await opts.db
    .insert(disruptions)
    .values({
      scheduleId: change.scheduleId,
      kind: opts.kind,
      reason: change.reason,
      note: noteOf(change),
      actorUserId: change.actorUserId,
      affected: opts.affected,
      details: opts.details,
      createdAt: opts.now,
    })
    .returning({ id: disruptions.id });
  return row?.id ?? null;
}
