import { desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '#server/db/client.ts';
import { adminProfiles, type counterShifts, tickets } from '#server/db/schema.ts';
import { boardedPersons } from '#server/lib/boarded-persons.ts';
import { CURRENCIES } from '#shared/constants.ts';
import { type CashUp, PAYMENT_METHOD_NAMES, type PerCurrency } from '#shared/counter.ts';
import { centsToMoney, toCents } from '#shared/money.ts';

export type ShiftRow = typeof counterShifts.$inferSelect;

/** Amounts as stored: two decimals each. */
export function normaliseAmounts(amounts: PerCurrency): Record<string, string> {
  return Object.fromEntries(Object.entries(amounts).map(([c, v]) => [c, centsToMoney(toCents(v))]));
}

const voider = alias(adminProfiles, 'voider');

export type SummariseShiftOptions = { db: DbOrTx; shift: ShiftRow };

/**
 * A shift's cash-up: its sales and voids by payment method and currency, and per currency the
 * cash drawer: float, cash kept (cash sales less cash voids), what it should hold, what was
 * counted and the difference. All sums in whole cents, exactly.
 */
export async function summariseShift({ db, shift }: SummariseShiftOptions): Promise<CashUp> {
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
