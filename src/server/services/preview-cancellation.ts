import type { DbOrTx } from '#server/db/client.ts';
import { activeOn, cancelNotices, previewOf } from '#server/lib/disruption-preview.ts';
import type { CancelPreview, CancelReason } from '#shared/disruptions.ts';
import { listTicketsWhere } from './list-tickets-where.ts';
import { readScheduleRow } from './read-schedule-row.ts';
import { sampleNotices } from './sample-notices.ts';

export type PreviewCancellationOptions = {
  db: DbOrTx;
  scheduleId: string;
  reason?: CancelReason | undefined;
  note?: string | undefined;
};

/**
 * What cancelling the departure would do, before anything is committed: the passengers, the
 * notices, the counter passengers to call, the refunds, and (once a reason is given) the message
 * of each language, as the cancel would write it.
 */
export async function previewCancellation(opts: PreviewCancellationOptions): Promise<CancelPreview> {
  const schedule = await readScheduleRow({ db: opts.db, scheduleId: opts.scheduleId });
  const affected = await listTicketsWhere({ db: opts.db, where: activeOn(schedule.id) });
  const messages = opts.reason
    ? await sampleNotices({
        db: opts.db,
        notices: cancelNotices(affected, opts.reason, opts.note?.trim() || null),
      })
    : [];
  return previewOf(schedule, affected, messages);
}
