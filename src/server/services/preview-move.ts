import type { DbOrTx } from '#server/db/client.ts';
import type { Clock } from '#server/lib/clock.ts';
import { asMoved, moveNotices, planView } from '#server/lib/move-plan.ts';
import type { CancelReason, MovePlan } from '#shared/disruptions.ts';
import { planMove } from './plan-move.ts';
import { readMovePair } from './read-move-pair.ts';
import { sampleNotices } from './sample-notices.ts';

export type PreviewMoveOptions = {
  db: DbOrTx;
  clock: Clock;
  timeZone: string;
  scheduleId: string;
  to: string;
  reason?: CancelReason | undefined;
  note?: string | undefined;
};

/**
 * What moving the departure's bookings to `to` would do, and (once a reason is given) the
 * messages of each language as the move would write them; nothing is written.
 */
export async function previewMove(opts: PreviewMoveOptions): Promise<MovePlan> {
  const now = opts.clock.now();
  const { source, target } = await readMovePair({
    db: opts.db,
    fromId: opts.scheduleId,
    toId: opts.to,
    lock: false,
    now,
    timeZone: opts.timeZone,
  });
  const { stops, result } = await planMove({ db: opts.db, source, target, now });
  const messages = opts.reason
    ? await sampleNotices({
        db: opts.db,
        notices: moveNotices(
          result.placed.map((p) => asMoved(p, target, stops)),
          result.refused.map((r) => r.ticket),
          { reason: opts.reason, note: opts.note?.trim() || null },
        ),
      })
    : [];
  return planView(source, target, result, messages);
}
