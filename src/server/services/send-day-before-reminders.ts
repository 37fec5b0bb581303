import { randomInt } from 'node:crypto';
import { and, eq, isNull, sql, TransactionRollbackError } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { schedules, tickets } from '#server/db/schema.ts';
import { addDays, type Clock, dateInZone } from '#server/lib/clock.ts';
import { eTicketTokenOf } from './e-ticket-token-of.ts';
import { listTicketsWhere } from './list-tickets-where.ts';
import { type Notifier, notifyPassenger } from './notify-passenger.ts';
import { readReminderSettings } from './read-reminder-settings.ts';

/** Reminders go out from this hour of the operator's day before departure (not at midnight). */
export const REMINDER_FROM_HOUR = 9;
/** How often each instance looks for reminders due. */
export const REMINDER_INTERVAL_MS = 15 * 60_000;

function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** The hour of `at` in `timeZone`, 0-23. */
function hourInZone(at: Date, timeZone: string): number {
  const hour = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(at);
  return Number(hour);
}

export type SendDayBeforeRemindersOptions = {
  db: Db;
  clock: Clock;
  tzOperator: string;
  /** The site's address for the e-ticket link (PUBLIC_URL). */
  eTicketBase: string;
  notifiers?: readonly Notifier[] | undefined;
};

/**
 * Queues the day-before reminder of every confirmed booking travelling tomorrow (operator's
 * day) that has not had one, through every channel that reaches its passenger (the notifiers:
 * e-mail, and an SMS or WhatsApp gateway once there is one; docs/decisions/026). Exactly once,
 * even with several instances and restarts: each reminder is claimed by a conditional update of
 * its ticket (`reminder_sent_at` still empty) in the transaction that queues its messages, so of
 * two instances reaching one ticket, one claims it and the other finds it taken.
 */
export async function sendDayBeforeReminders(
  opts: SendDayBeforeRemindersOptions,
): Promise<{ due: number; sent: number; off?: true }> {
  const { db } = opts;
  const now = opts.clock.now();
  if (!(await readReminderSettings({ db })).remindersEnabled) return { due: 0, sent: 0, off: true };
  if (hourInZone(now, opts.tzOperator) < REMINDER_FROM_HOUR) return { due: 0, sent: 0 };
  const tomorrow = addDays(dateInZone(now, opts.tzOperator), 1);
  const due = await db
    .select({ id: tickets.id })
    .from(tickets)
    .innerJoin(schedules, eq(schedules.id, tickets.scheduleId))
    .where(
      and(
        eq(tickets.travelDate, tomorrow),
        eq(tickets.ticketStatus, 'confirmed'),
        isNull(tickets.reminderSentAt),
        eq(schedules.status, 'scheduled'),
        // A return's way back on the same day as its outbound: the outbound's reminder tells
        // both journeys (docs/decisions/037-return-trips.md).
        sql`not exists (select 1 from ${tickets} o where o.id = ${tickets.outboundId}
          and o.travel_date = ${tickets.travelDate} and o.ticket_status = 'confirmed')`,
      ),
    );
  let sent = 0;
  // In an order of this run's own: two instances at once share the work, rather than one
  // trailing the other and finding every booking it reaches just claimed.
  for (const { id } of shuffled(due)) {
    const claimed = await db
      .transaction(async (tx) => {
        const [won] = await tx
          .update(tickets)
          .set({ reminderSentAt: now })
          .where(
            and(eq(tickets.id, id), isNull(tickets.reminderSentAt), eq(tickets.ticketStatus, 'confirmed')),
          )
          .returning({ id: tickets.id });
        if (!won) return false;
        const [ticket] = await listTicketsWhere({ db: tx, where: eq(tickets.id, id), limit: 1 });
        if (!ticket) return false;
        const token = await eTicketTokenOf({ db: tx, ticketId: id });
        const notice = {
          kind: 'day_before_reminder' as const,
          ticket,
          eTicketUrl: `${opts.eTicketBase}/t/${token}`,
        };
        // No channel reaches this passenger (a counter sale with no e-mail address, and no SMS
        // gateway yet): the claim goes back, so a channel added later still reminds them.
        if (!(await notifyPassenger({ db: tx, notice, notifiers: opts.notifiers }))) tx.rollback();
        return true;
      })
      .catch((err: unknown) => {
        if (err instanceof TransactionRollbackError) return false;
        throw err;
      });
    if (claimed) sent += 1;
  }
  return { due: due.length, sent };
}
