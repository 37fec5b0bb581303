import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { counterShifts } from '#server/db/schema.ts';
import { writeAudit } from '#server/lib/audit.ts';
import type { Clock } from '#server/lib/clock.ts';
import { AppError } from '#server/lib/errors.ts';
import type { CashUp, PerCurrency } from '#shared/counter.ts';
import { COUNTER_MSG } from '#shared/messages/staff.ts';
import { normaliseAmounts, summariseShift } from './summarise-shift.ts';

export type CloseShiftOptions = {
  db: Db;
  clock: Clock;
  userId: string;
  counted: PerCurrency;
  note: string | undefined;
};

/**
 * Closes the person's open shift with the cash counted per currency. What the drawer should
 * hold is computed and kept at this moment, with the counted cash, so the difference recorded
 * is the one the seller saw.
 */
export async function closeShift(opts: CloseShiftOptions): Promise<CashUp> {
  const closed = await opts.db.transaction(async (tx) => {
    const [open] = await tx
      .select()
      .from(counterShifts)
      .where(and(eq(counterShifts.userId, opts.userId), isNull(counterShifts.closedAt)))
      .for('update');
    if (!open) throw new AppError('shift_not_open', COUNTER_MSG.shiftNotOpen, 409);
    const running = await summariseShift({ db: tx, shift: open });
    const expected = Object.fromEntries(running.drawers.map((d) => [d.currency, d.expected]));
    const counted = normaliseAmounts(opts.counted);
    const [row] = await tx
      .update(counterShifts)
      .set({ closedAt: opts.clock.now(), expected, counted, note: opts.note || null })
      .where(eq(counterShifts.id, open.id))
      .returning();
    if (!row) throw new Error('shift not closed');
    const summary = await summariseShift({ db: tx, shift: row });
    await writeAudit({
      db: tx,
      actorUserId: opts.userId,
      action: 'shift_close',
      entity: 'counter_shift',
      entityId: row.id,
      after: {
        expected,
        counted,
        differences: Object.fromEntries(summary.drawers.map((d) => [d.currency, d.difference])),
      },
    });
    return summary;
  });
  return closed;
}
