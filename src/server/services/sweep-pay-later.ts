import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { tickets } from '#server/db/schema.ts';
import { isAwaitingTransfer } from '#server/lib/awaiting-transfer.ts';
import { type Clock, dateInZone, timeInZone } from '#server/lib/clock.ts';
import { enqueueMail } from '#server/lib/mailer.ts';
import type { PaymentDue } from '#server/mails/payment-due.ts';
import { paymentReminderMail } from '#server/mails/payment-reminder-mail.ts';
import { releasedMail } from '#server/mails/released-mail.ts';
import { readTicket } from './read-ticket.ts';
import { releaseUnpaid } from './release-unpaid.ts';

/** How often each instance looks for pay-later bookings to remind or release. */
export const PAY_LATER_SWEEP_INTERVAL_MS = 5 * 60_000;
/** Bookings handled per run at most: the next run takes the rest. */
const BATCH = 200;
/** What the office reads on a released booking. */
export const RELEASED_REMARK = 'Released: the transfer did not arrive by its due time.';

export type SweepPayLaterOptions = { db: Db; clock: Clock; tzOperator: string };

type Due = { id: string; reference: string; due: Date };

const dueOf = (at: Date, timeZone: string): PaymentDue => ({
  date: dateInZone(at, timeZone),
  time: timeInZone(at, timeZone).slice(0, 5),
});

/**
 * Pay later by transfer (docs/decisions/040-pay-later.md), run every few minutes by every
 * instance: a booking whose transfer has not come in is reminded once as its hold nears its end
 * (src/shared/pay-later.ts reminderAt), and released when it falls due: cancelled, payment
 * failed, its seats freed, audited and the passenger told. Each booking is claimed in its own
 * transaction, so two instances never remind or release one twice.
 */
export async function sweepPayLater(
  opts: SweepPayLaterOptions,
): Promise<{ reminded: number; released: number }> {
  const { db } = opts;
  const now = opts.clock.now();
  const at = now.toISOString();
  const rowsOf = (result: unknown) =>
    (result as { rows: Array<{ id: string; reference: string; due: string | Date }> }).rows.map(
      (r): Due => ({ id: r.id, reference: r.reference, due: new Date(r.due) }),
    );

  const toRemind = rowsOf(
    await db.execute(sql`
      select t.id, t.payment_reference as reference, t.payment_due_at as due from tickets t
       where ${isAwaitingTransfer} and t.journey = 1 and t.payment_reminded_at is null
         and t.payment_due_at > ${at}::timestamptz
         and ${at}::timestamptz >= t.payment_due_at
           - least((t.payment_due_at - t.created_at) / 4, interval '6 hours')
       order by t.payment_due_at limit ${BATCH}`),
  );
  let reminded = 0;
  for (const booking of toRemind) {
    const sent = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(tickets)
        .set({ paymentRemindedAt: now })
        .where(and(eq(tickets.id, booking.id), isNull(tickets.paymentRemindedAt)))
        .returning({ id: tickets.id });
      if (!claimed) return false;
      const ticket = await readTicket({ db: tx, id: booking.id });
      await enqueueMail({ db: tx, mail: paymentReminderMail(ticket, dueOf(booking.due, opts.tzOperator)) });
      return true;
    });
    if (sent) reminded += 1;
  }

  const toRelease = rowsOf(
    await db.execute(sql`
      select t.id, t.payment_reference as reference, t.payment_due_at as due from tickets t
       where ${isAwaitingTransfer} and t.journey = 1 and t.payment_due_at <= ${at}::timestamptz
       order by t.payment_due_at limit ${BATCH}`),
  );
  let released = 0;
  for (const booking of toRelease) {
    const done = await db.transaction(async (tx) => {
      // Both journeys of a return, locked, and still waiting: a statement or a slip that came in
      // meanwhile wins.
      const locked = (
        (await tx.execute(sql`
          select t.id from tickets t where t.payment_reference = ${booking.reference} and ${isAwaitingTransfer}
           order by t.journey for update`)) as unknown as { rows: Array<{ id: string }> }
      ).rows;
      const ids = locked.map((r) => r.id);
      if (!ids.includes(booking.id)) return false;
      await releaseUnpaid({
        db: tx,
        rows: ids.map((id) => ({ id, ticketStatus: 'pending', paymentDueAt: booking.due })),
        now,
        remark: RELEASED_REMARK,
        action: 'release_unpaid',
      });
      await enqueueMail({ db: tx, mail: releasedMail(await readTicket({ db: tx, id: booking.id })) });
      return true;
    });
    if (done) released += 1;
  }
  return { reminded, released };
}
