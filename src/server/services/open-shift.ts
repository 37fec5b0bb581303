import type { Db } from '#server/db/client.ts';
import { counterShifts } from '#server/db/schema.ts';
import { writeAudit } from '#server/lib/audit.ts';
import { type Clock, dateInZone } from '#server/lib/clock.ts';
import { isUniqueViolation } from '#server/lib/db-errors.ts';
import { AppError } from '#server/lib/errors.ts';
import type { CashUp, PerCurrency } from '#shared/counter.ts';
import { COUNTER_MSG } from '#shared/messages/staff.ts';
import { normaliseAmounts, summariseShift } from './summarise-shift.ts';

export type OpenShiftOptions = {
  db: Db;
  clock: Clock;
  tzOperator: string;
  user: { id: string; name: string };
  floats: PerCurrency;
};

/** Opens the person's shift with a cash float per currency; one open shift per person. */
export async function openShift(opts: OpenShiftOptions): Promise<CashUp> {
  const now = opts.clock.now();
  try {
    const shift = await opts.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(counterShifts)
        .values({
          userId: opts.user.id,
          userName: opts.user.name,
          openedAt: now,
          openedOn: dateInZone(now, opts.tzOperator),
          floats: normaliseAmounts(opts.floats),
        })
        .returning();
      if (!row) throw new Error('shift not written');
      await writeAudit({
        db: tx,
        actorUserId: opts.user.id,
        action: 'shift_open',
        entity: 'counter_shift',
        entityId: row.id,
        after: { floats: row.floats },
      });
      return row;
    });
    return summariseShift({ db: opts.db, shift });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('shift_open', COUNTER_MSG.shiftAlreadyOpen, 409);
    throw err;
  }
}
