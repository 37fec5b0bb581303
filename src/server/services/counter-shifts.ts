import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Db, type DbOrTx, readTogether } from '#server/db/client.ts';
import { adminProfiles, counterShifts, tickets } from '#server/db/schema.ts';
import { writeAudit } from '#server/lib/audit.ts';
import { boardedPersons } from '#server/lib/boarded-persons.ts';
import { type Clock, dateInZone } from '#server/lib/clock.ts';
import { isUniqueViolation } from '#server/lib/db-errors.ts';
import { AppError } from '#server/lib/errors.ts';
import { CURRENCIES } from '#shared/constants.ts';
import { type CashUp, PAYMENT_METHOD_NAMES, type PerCurrency } from '#shared/counter.ts';
import { centsToMoney, toCents } from '#shared/money.ts';
import { COUNTER_MSG } from '#shared/staff-messages.ts';

type ShiftRow = typeof counterShifts.$inferSelect;

const shiftNotFound = () => new AppError('shift_not_found', COUNTER_MSG.shiftNotFound, 404);

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
          floats: normalise(opts.floats),
        })
        .returning();
      if (!row) throw new Error('shift not written');
      await writeAudit(tx, {
        actorUserId: opts.user.id,
        action: 'shift_open',
        entity: 'counter_shift',
        entityId: row.id,
        after: { floats: row.floats },
      });
      return row;
    });
    return summarise(opts.db, shift);
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('shift_open', COUNTER_MSG.shiftAlreadyOpen, 409);
    throw err;
  }
}

/** The person's open shift with its running cash-up, or null. */
export async function readOpenShift(db: DbOrTx, userId: string): Promise<CashUp | null> {
  const [row] = await db
    .select()
    .from(counterShifts)
    .where(and(eq(counterShifts.userId, userId), isNull(counterShifts.closedAt)))
    .limit(1);
  return row ? summarise(db, row) : null;
}

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
    const running = await summarise(tx, open);
    const expected = Object.fromEntries(running.drawers.map((d) => [d.currency, d.expected]));
    const counted = normalise(opts.counted);
    const [row] = await tx
      .update(counterShifts)
      .set({ closedAt: opts.clock.now(), expected, counted, note: opts.note || null })
      .where(eq(counterShifts.id, open.id))
      .returning();
    if (!row) throw new Error('shift not closed');
    const summary = await summarise(tx, row);
    await writeAudit(tx, {
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

/** One cash-up by id. */
export async function readCashUp(db: DbOrTx, shiftId: string): Promise<CashUp> {
  const [row] = await db.select().from(counterShifts).where(eq(counterShifts.id, shiftId)).limit(1);
  if (!row) throw shiftNotFound();
  return summarise(db, row);
}

/** Every cash-up of shifts opened on one operator's date, earliest first. */
export async function listCashUps(db: DbOrTx, date: string): Promise<CashUp[]> {
  const rows = await db
    .select()
    .from(counterShifts)
    .where(eq(counterShifts.openedOn, date))
    .orderBy(asc(counterShifts.openedAt));
  return readTogether(
    db,
    rows.map((row) => () => summarise(db, row)),
  );
}

const voider = alias(adminProfiles, 'voider');

/**
 * A shift's cash-up: its sales and voids by payment method and currency, and per currency the
 * cash drawer: float, cash kept (cash sales less cash voids), what it should hold, what was
 * counted and the difference. All sums in whole cents, exactly.
 */
async function summarise(db: DbOrTx, shift: ShiftRow): Promise<CashUp> {
  const sales = await db
    .select({
      ticketId: tickets.id,
      reference: tickets.paymentReference,
      passengerName: tickets.passengerName,
      soldAt: tickets.createdAt,
      paymentMethod: tickets.paymentMethod,
      currency: tickets.currency,
      totalAmount: tickets.totalAmount,
      voidedAt: tickets.voidedAt,
      voidedBy: voider.username,
      voidReason: tickets.voidReason,
      boarded: boardedPersons,
    })
    .from(tickets)
    .leftJoin(voider, eq(voider.userId, tickets.voidedBy))
    .where(eq(tickets.shiftId, shift.id))
    .orderBy(desc(tickets.createdAt));

  type Line = {
    method: string;
    currency: string;
    sales: number;
    sold: bigint;
    voids: number;
    voided: bigint;
  };
  const lines = new Map<string, Line>();
  for (const sale of sales) {
    const key = `${sale.paymentMethod}|${sale.currency}`;
    const line = lines.get(key) ?? {
      method: sale.paymentMethod,
      currency: sale.currency,
      sales: 0,
      sold: 0n,
      voids: 0,
      voided: 0n,
    };
    line.sales += 1;
    line.sold += toCents(sale.totalAmount);
    if (sale.voidedAt) {
      line.voids += 1;
      line.voided += toCents(sale.totalAmount);
    }
    lines.set(key, line);
  }
  const methodOrder = Object.values(PAYMENT_METHOD_NAMES);
  const ordered = [...lines.values()].sort(
    (a, b) =>
      a.currency.localeCompare(b.currency) || methodOrder.indexOf(a.method) - methodOrder.indexOf(b.method),
  );

  const drawers = CURRENCIES.map((currency) => {
    const cash = lines.get(`${PAYMENT_METHOD_NAMES.cash}|${currency}`);
    const float = toCents(shift.floats[currency] ?? '0');
    const cashIn = cash ? cash.sold - cash.voided : 0n;
    const expected = shift.expected?.[currency] ? toCents(shift.expected[currency]) : float + cashIn;
    const counted = shift.counted?.[currency];
    return {
      currency,
      float: centsToMoney(float),
      cashIn: centsToMoney(cashIn),
      expected: centsToMoney(expected),
      counted: counted === undefined ? null : centsToMoney(toCents(counted)),
      difference: counted === undefined ? null : centsToMoney(toCents(counted) - expected),
    };
  });

  return {
    id: shift.id,
    userId: shift.userId,
    userName: shift.userName,
    openedAt: shift.openedAt.toISOString(),
    closedAt: shift.closedAt?.toISOString() ?? null,
    lines: ordered.map((l) => ({
      method: l.method,
      currency: l.currency,
      sales: l.sales,
      salesAmount: centsToMoney(l.sold),
      voids: l.voids,
      voidsAmount: centsToMoney(l.voided),
      net: centsToMoney(l.sold - l.voided),
    })),
    drawers,
    sales: sales.map(({ boarded, ...s }) => ({
      ...s,
      boarded: boarded > 0,
      soldAt: s.soldAt.toISOString(),
      voidedAt: s.voidedAt?.toISOString() ?? null,
      voidedBy: s.voidedAt ? (s.voidedBy ?? 'Former staff') : null,
    })),
    note: shift.note,
  };
}

/** Amounts as stored: two decimals each. */
function normalise(amounts: PerCurrency): Record<string, string> {
  return Object.fromEntries(Object.entries(amounts).map(([c, v]) => [c, centsToMoney(toCents(v))]));
}
