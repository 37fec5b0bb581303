import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '#server/db/client.ts';
import {
  adminProfiles,
  partnerPayments,
  partners,
  statementLines,
  statementPayments,
  tickets,
} from '#server/db/schema.ts';
import { centsToMoney, toCents } from '#shared/money.ts';
import type { StatementLine, StatementLineStatus } from '#shared/statements.ts';

export type ListStatementLinesOptions = {
  db: DbOrTx;
  status?: StatementLineStatus | undefined;
  statementId?: string | undefined;
  /** One line, read back after a person acted on it. */
  id?: string | undefined;
  limit?: number;
};

const suggested = alias(tickets, 'suggested');
/** A booking's total: the sum over the rows of its reference (docs/decisions/037). */
const totalOf = (reference: SQL) =>
  sql<string>`(select sum(r.total_amount) from ${tickets} r where r.payment_reference = ${reference})::text`;

/**
 * Statement lines as the office sees them (docs/decisions/038), newest first: each with its
 * suggestion and what it paid, in two queries however many lines there are.
 */
export async function listStatementLines(opts: ListStatementLinesOptions): Promise<StatementLine[]> {
  const { db } = opts;
  const rows = await db
    .select({
      line: statementLines,
      ticketId: suggested.id,
      reference: suggested.paymentReference,
      passengerName: suggested.passengerName,
      bookingCurrency: suggested.currency,
      total: totalOf(sql`${suggested.paymentReference}`),
      resolvedBy: adminProfiles.username,
    })
    .from(statementLines)
    .leftJoin(suggested, eq(suggested.id, statementLines.suggestedTicketId))
    .leftJoin(adminProfiles, eq(adminProfiles.userId, statementLines.resolvedBy))
    .where(
      and(
        opts.status ? eq(statementLines.status, opts.status) : undefined,
        opts.statementId ? eq(statementLines.statementId, opts.statementId) : undefined,
        opts.id ? eq(statementLines.id, opts.id) : undefined,
      ),
    )
    .orderBy(desc(statementLines.createdAt), desc(statementLines.row))
    .limit(opts.limit ?? 200);
  const ids = rows.map((r) => r.line.id);
  const paid =
    ids.length === 0
      ? []
      : await db
          .select({
            lineId: statementPayments.lineId,
            amount: statementPayments.amount,
            ticketId: tickets.id,
            reference: tickets.paymentReference,
            passengerName: tickets.passengerName,
            currency: tickets.currency,
            total: totalOf(sql`${tickets.paymentReference}`),
          })
          .from(statementPayments)
          .innerJoin(tickets, eq(tickets.id, statementPayments.ticketId))
          .where(inArray(statementPayments.lineId, ids))
          .orderBy(statementPayments.createdAt);
  // A partner's transfer pays its account, not a booking (docs/decisions/043).
  const toPartners =
    ids.length === 0
      ? []
      : await db
          .select({
            lineId: partnerPayments.statementLineId,
            name: partners.name,
            amount: partnerPayments.amount,
          })
          .from(partnerPayments)
          .innerJoin(partners, eq(partners.id, partnerPayments.partnerId))
          .where(inArray(partnerPayments.statementLineId, ids));
  return rows.map(({ line, ...s }) => {
    const partner = toPartners.find((p) => p.lineId === line.id);
    const payments = paid
      .filter((p) => p.lineId === line.id)
      .map((p) => ({
        ticketId: p.ticketId,
        reference: p.reference,
        passengerName: p.passengerName,
        totalAmount: p.total,
        currency: p.currency,
        amount: p.amount,
      }));
    const spent =
      payments.reduce((sum, p) => sum + toCents(p.amount), 0n) + (partner ? toCents(partner.amount) : 0n);
    return {
      id: line.id,
      statementId: line.statementId,
      account: line.account === 'USD' ? 'USD' : 'MVR',
      bookedOn: line.bookedOn,
      amount: line.amount,
      currency: line.currency,
      remark: line.remark,
      payer: line.payer,
      bankTransactionId: line.bankTransactionId,
      status: line.status as StatementLine['status'],
      ignoredReason: line.ignoredReason as StatementLine['ignoredReason'],
      suggestion:
        line.status === 'suggested' && s.ticketId && s.reference && s.total
          ? {
              ticketId: s.ticketId,
              reference: s.reference,
              passengerName: s.passengerName ?? '',
              totalAmount: s.total,
              currency: s.bookingCurrency ?? line.currency,
              kind: line.suggestionKind === 'name_and_amount' ? 'name_and_amount' : 'amount_differs',
              difference: centsToMoney(toCents(line.amount) - toCents(s.total)),
            }
          : null,
      payments,
      partnerName: partner?.name ?? null,
      unassigned: line.status === 'ignored' ? '0.00' : centsToMoney(toCents(line.amount) - spent),
      resolvedBy: line.resolvedBy ? (s.resolvedBy ?? '') : null,
      resolvedAt: line.resolvedAt ? line.resolvedAt.toISOString() : null,
    };
  });
}
