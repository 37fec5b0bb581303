import type { DbOrTx } from '#server/db/client.ts';
import { checkTimes, newTimeOf } from '#server/lib/delay-times.ts';
import { activeOn } from '#server/lib/disruption-preview.ts';
import { AppError } from '#server/lib/errors.ts';
import type { CancelReason, DelayPreview } from '#shared/disruptions.ts';
import { listTicketsWhere } from './list-tickets-where.ts';
import { previewCancellation } from './preview-cancellation.ts';
import { readRoute } from './read-route.ts';
import { sampleNotices } from './sample-notices.ts';

export type PreviewDelayOptions = {
  db: DbOrTx;
  scheduleId: string;
  times?: (string | null)[] | undefined;
  reason?: CancelReason | undefined;
  note?: string | undefined;
};

/**
 * Who a delay would reach, before anything is committed, and (given new times the delay would
 * take, and a reason) the message of each language as the delay would write it.
 */
export async function previewDelay(opts: PreviewDelayOptions): Promise<DelayPreview> {
  const { refunds: _refunds, ...reached } = await previewCancellation({
    db: opts.db,
    scheduleId: opts.scheduleId,
  });
  const { times, reason } = opts;
  let messages: DelayPreview['messages'] = [];
  if (times && reason) {
    const stops = await readRoute({ db: opts.db, scheduleId: opts.scheduleId });
    const valid = (() => {
      try {
        checkTimes(stops, times);
        return true;
      } catch (err) {
        if (err instanceof AppError && err.code === 'delay_times') return false;
        throw err;
      }
    })();
    if (valid) {
      const active = await listTicketsWhere({
        db: opts.db,
        where: activeOn(opts.scheduleId),
      });
      const newTime = newTimeOf(stops, times);
      const note = opts.note?.trim() || null;
      messages = await sampleNotices({
        db: opts.db,
        notices: active.map((ticket) => ({
          kind: 'departure_delayed' as const,
          ticket: { ...ticket, passengerDepartureTime: newTime(ticket) },
          reason,
          note,
          was: ticket.passengerDepartureTime ?? '',
        })),
      });
    }
  }
  return { ...reached, messages };
}
