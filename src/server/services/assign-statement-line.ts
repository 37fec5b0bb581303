import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { statementLines, statementPayments, tickets } from '#server/db/schema.ts';
import { writeAudit } from '#server/lib/audit.ts';
import type { Clock } from '#server/lib/clock.ts';
import { AppError } from '#server/lib/errors.ts';
import { STAFF_MSG } from '#shared/messages/staff.ts';
import { centsToMoney, toCents } from '#shared/money.ts';
import type { StatementAssign, StatementLine } from '#shared/statements.ts';
import { listStatementLines } from './list-statement-lines.ts';
import { lockStatementLine, statementLineNotOpen } from './lock-statement-line.ts';
import { payBookings } from './pay-bookings.ts';
import { readStatementSettings } from './read-statement-settings.ts';

export type AssignStatementLineOptions = {
  db: Db;
  clock: Clock;
  actorUserId: string;
  lineId: string;
  input: StatementAssign;
};

/**
 * A person assigns an unmatched line, or what is left of a matched one, to the booking of a
 * reference (docs/decisions/038): the whole rest, or `amount` of it when split. The booking is
 * paid once its payments reach its total less the fee tolerance, so several lines may pay it.
 * 404 booking_not_found, 400 statement_currency_mismatch for a booking paid in another currency,
 * 400 statement_amount_too_large above what is left, 409 when the line
 * is neither unmatched nor a matched line with something left.
 */
export async function assignStatementLine(opts: AssignStatementLineOptions): Promise<StatementLine> {
  return opts.db.transaction(async (tx) => {
    const line = await lockStatementLine({
      db: tx,
      id: opts.lineId,
      open: (l) => l.status === 'unmatched' || l.status === 'matched',
    });
    const [spent] = await tx
      .select({ cents: sql<string>`coalesce(sum(${statementPayments.amount}), 0)::text` })
      .from(statementPayments)
      .where(eq(statementPayments.lineId, line.id));
    const left = toCents(line.amount) - toCents(spent?.cents ?? '0');
    if (left <= 0n) throw statementLineNotOpen();
    const [booking] = await tx
      .select({ id: tickets.id, reference: tickets.paymentReference, currency: tickets.currency })
      .from(tickets)
      .where(
        and(
          eq(sql`lower(${tickets.paymentReference})`, opts.input.reference.toLowerCase()),
          eq(tickets.journey, 1),
        ),
      )
      .limit(1);
    if (!booking) throw new AppError('booking_not_found', STAFF_MSG.statementBookingNotFound, 404);
    // Money of one currency never counts towards a total in another.
    if (booking.currency !== line.currency) {
      const message = STAFF_MSG.statementCurrencyMismatch(line.currency, booking.currency);
      throw new AppError('statement_currency_mismatch', message, 400, { fields: { reference: message } });
    }
    const amount = opts.input.amount === undefined ? left : toCents(opts.input.amount);
    if (amount > left || amount <= 0n) {
      throw new AppError(
        'statement_amount_too_large',
        STAFF_MSG.statementAmountTooLarge(centsToMoney(left)),
        400,
        {
          fields: { amount: STAFF_MSG.statementAmountTooLarge(centsToMoney(left)) },
        },
      );
    }
    const now = opts.clock.now();
    await tx
      .update(statementLines)
      .set({
        status: 'matched',
        suggestedTicketId: null,
        suggestionKind: null,
        resolvedBy: opts.actorUserId,
        resolvedAt: now,
      })
      .where(eq(statementLines.id, line.id));
    await payBookings({
      db: tx,
      clock: opts.clock,
      actorUserId: opts.actorUserId,
      payments: [
        {
          lineId: line.id,
          statementId: line.statementId,
          ticketId: booking.id,
          amount: centsToMoney(amount),
        },
      ],
      settings: await readStatementSettings({ db: tx }),
    });
    await writeAudit({
      db: tx,
      actorUserId: opts.actorUserId,
      action: 'statement_assign',
      entity: 'statement_line',
      entityId: line.id,
      before: { status: line.status, unassigned: centsToMoney(left) },
      after: {
        status: 'matched',
        ticketId: booking.id,
        reference: booking.reference,
        amount: centsToMoney(amount),
      },
    });
    const [answer] = await listStatementLines({ db: tx, id: line.id, limit: 1 });
    if (!answer) throw new Error('the assigned line was not read back');
    return answer;
  });
}
