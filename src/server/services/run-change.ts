import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client.ts';
import { bookingChanges, bookingGrants, tickets } from '#server/db/schema.ts';
import { writeAudit } from '#server/lib/audit.ts';
import type { Clock } from '#server/lib/clock.ts';
import { AppError } from '#server/lib/errors.ts';
import { announce } from '#server/lib/live-events.ts';
import { enqueueMail } from '#server/lib/mailer.ts';
import { manageLinkInvalid, notAllowed } from '#server/lib/manage-errors.ts';
import { sha256Hex } from '#server/lib/one-time-codes.ts';
import { type OwnChange, ownChangeMail } from '#server/mails/own-change-mail.ts';
import { readTicket } from './read-ticket.ts';
import { type ManageRules, rulesOf } from './rules-of.ts';

const grantRequired = () =>
  new AppError('manage_grant_required', 'Enter the code we e-mailed you to make this change.', 401);

export type ChangeContext = { tx: Tx; ticket: typeof tickets.$inferSelect; rules: ManageRules; now: Date };
/** What a change recorded (the audit's before and after), and what the passenger is mailed. */
export type RecordedChange = { before: unknown; after: unknown; mail: OwnChange };

export type RunChangeOptions = {
  db: Db;
  clock: Clock;
  timeZone: string;
  ticketId: string;
  grant: string | undefined;
  requestId: string;
  kind: string;
  clientIp: string;
  /**
   * The journey the change acts on (docs/decisions/037): 2 is a return's way back; `both`, each
   * journey of the booking that `act` may change (a cancellation of the whole); 1 otherwise.
   */
  journey?: number | 'both' | undefined;
  /** With `both`: whether `act` may change a journey under its rules (a journey cancelled already is left). */
  applies?: (rules: ManageRules) => boolean;
  /** With `both`: the passenger's one mail about the changes made. */
  mergeMail?: (mails: OwnChange[]) => OwnChange;
  act: (ctx: ChangeContext) => Promise<RecordedChange>;
};

/**
 * One passenger change, in one transaction: the ticket row is locked, a retried request (same
 * request id) finds its change done and changes nothing more, and otherwise the grant is used
 * up by this change. `act` returns what the change recorded.
 */
export async function runChange(opts: RunChangeOptions): Promise<{ replayed: boolean }> {
  const now = opts.clock.now();
  return opts.db.transaction(async (tx) => {
    const [linked] = await tx.select().from(tickets).where(eq(tickets.id, opts.ticketId)).for('update');
    if (!linked) throw manageLinkInvalid();
    // The link and the grant are the booking's (its outbound row); a return's way back is its own row.
    const [ticket] =
      opts.journey === 2
        ? await tx.select().from(tickets).where(eq(tickets.outboundId, linked.id)).for('update')
        : [linked];
    if (!ticket) throw notAllowed('This booking has no return journey.');
    const others =
      opts.journey === 'both'
        ? await tx.select().from(tickets).where(eq(tickets.outboundId, linked.id)).for('update')
        : [];
    const [done] = await tx
      .select({ ticketId: bookingChanges.ticketId, kind: bookingChanges.kind })
      .from(bookingChanges)
      .where(eq(bookingChanges.requestId, opts.requestId))
      .limit(1);
    if (done) {
      if (done.ticketId !== ticket.id || done.kind !== opts.kind) {
        throw new AppError('request_id_reused', 'This request was already used for another change.', 422);
      }
      return { replayed: true };
    }
    const used = opts.grant
      ? await tx
          .update(bookingGrants)
          .set({ usedAt: now })
          .where(
            and(
              eq(bookingGrants.tokenHash, sha256Hex(opts.grant)),
              eq(bookingGrants.ticketId, linked.id),
              isNull(bookingGrants.usedAt),
              gt(bookingGrants.expiresAt, now),
            ),
          )
          .returning({ id: bookingGrants.id })
      : [];
    if (used.length === 0) throw grantRequired();
    // Each journey the change acts on: the one asked for, or with `both` every one it applies to
    // (the first always, so a change that applies to none is refused as a single one is).
    const acted: Array<{ row: typeof ticket; recorded: RecordedChange }> = [];
    for (const row of [ticket, ...others]) {
      const rules = await rulesOf({ db: tx, ticket: row, now, timeZone: opts.timeZone });
      if (acted.length > 0 || others.length > 0) {
        if (opts.applies && !opts.applies(rules)) continue;
      }
      acted.push({ row, recorded: await opts.act({ tx, ticket: row, rules, now }) });
    }
    const [first] = acted;
    if (!first) {
      // Nothing to change on any journey: the first answers why, as a single change would.
      const rules = await rulesOf({ db: tx, ticket, now, timeZone: opts.timeZone });
      await opts.act({ tx, ticket, rules, now });
      throw notAllowed('This booking can no longer be changed here.');
    }
    const recorded: RecordedChange =
      acted.length === 1
        ? first.recorded
        : {
            before: acted.map((a) => ({ journey: a.row.journey, ...(a.recorded.before as object) })),
            after: acted.map((a) => ({ journey: a.row.journey, ...(a.recorded.after as object) })),
            mail: opts.mergeMail ? opts.mergeMail(acted.map((a) => a.recorded.mail)) : first.recorded.mail,
          };
    await tx.insert(bookingChanges).values({
      ticketId: ticket.id,
      requestId: opts.requestId,
      kind: opts.kind,
      before: recorded.before,
      after: recorded.after,
      clientIp: opts.clientIp,
      createdAt: now,
    });
    await writeAudit({
      db: tx,
      actorUserId: null,
      action: `passenger_${opts.kind}`,
      entity: 'ticket',
      entityId: ticket.id,
      before: recorded.before,
      after: recorded.after,
    });
    for (const { row } of acted.slice(1)) {
      await announce({ db: tx, event: { kind: 'ticket', data: { type: 'updated', ticketId: row.id } } });
    }
    await announce({ db: tx, event: { kind: 'ticket', data: { type: 'updated', ticketId: ticket.id } } });
    // The booking's address hears of every change, so one it did not ask for does not go unseen.
    await enqueueMail({
      db: tx,
      mail: ownChangeMail(await readTicket({ db: tx, id: ticket.id }), recorded.mail),
    });
    return { replayed: false };
  });
}
