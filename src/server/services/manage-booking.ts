import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '#server/db/client.ts';
import {
  boardingClosures,
  bookingChanges,
  bookingGrants,
  paymentSettings,
  refundRequests,
  schedules,
  ticketSeats,
  tickets,
} from '#server/db/schema.ts';
import { writeAudit } from '#server/lib/audit.ts';
import { type Clock, dateInZone, instantInZone } from '#server/lib/clock.ts';
import { AppError } from '#server/lib/errors.ts';
import { announce } from '#server/lib/live-events.ts';
import { enqueueMail } from '#server/lib/mailer.ts';
import { readManageLink, signManageLink } from '#server/lib/manage-links.ts';
import { sha256Hex } from '#server/lib/one-time-codes.ts';
import { normalizeReference } from '#server/lib/reference.ts';
import { supersedeETicket, type TicketSigner } from '#server/lib/ticket-signing.ts';
import { DEFAULT_LANGUAGE, isLanguage } from '#shared/languages.ts';
import type {
  ManageRefund,
  ManageVerifyResponse,
  ManageView,
  RefundAccount,
  RefundReason,
} from '#shared/manage-api.ts';
import { MSG } from '#shared/messages.ts';
import { centsToMoney, toCents } from '#shared/money.ts';
import { DEFAULT_REFUND_POLICY, type RefundPolicy, refundPercent } from '#shared/refund-policy.ts';
import { readBookingView } from './lookup-booking.ts';
import { readBoarded } from './read-boarded.ts';
import { signedCode } from './read-e-ticket.ts';
import { readTicket } from './read-ticket.ts';
import { listDepartureStops } from './refuse-closed-departure.ts';
import { MANAGE_KEY_PREFIX, sendEmailCode } from './send-email-code.ts';
import { refundParts } from './split-refund.ts';
import { manageCodeMail, type OwnChange, ownChangeMail } from './ticket-mails.ts';
import { proveEmailCode } from './verify-email-code.ts';

/** A proved code gives one change within this many minutes. */
export const MANAGE_GRANT_MINUTES = 15;

const MAX_REFERENCE_LENGTH = 64;
const HOUR_MS = 60 * 60 * 1000;

/** The code key of a booking: its reference, so an unknown one is limited exactly alike. */
const codeKey = (reference: string) => `${MANAGE_KEY_PREFIX}${reference}`;

export const manageLinkInvalid = () =>
  new AppError('manage_link_invalid', 'This link is not valid any more. Ask for a code instead.', 404);
const grantRequired = () =>
  new AppError('manage_grant_required', 'Enter the code we e-mailed you to make this change.', 401);
export const notAllowed = (message: string) => new AppError('manage_not_allowed', message, 409);

export type SendManageCodeOptions = {
  db: Db;
  clock: Clock;
  reference: string;
  clientIp: string;
  referencesPerIpHour: number;
};

/**
 * Sends a one-time code for changing a booking to the booking's own address (docs/decisions/027).
 * The answer and the limits are the same whether or not the reference exists: an unknown one
 * gets a code row too, mailed to nobody.
 */
export async function sendManageCode(opts: SendManageCodeOptions): Promise<void> {
  const reference = normalizeReference(opts.reference);
  if (!reference || reference.length > MAX_REFERENCE_LENGTH) return;
  const [ticket] = await opts.db
    .select({
      id: tickets.id,
      email: tickets.passengerEmail,
      language: tickets.language,
      reference: tickets.paymentReference,
    })
    .from(tickets)
    .where(eq(sql`lower(${tickets.paymentReference})`, reference))
    .limit(1);
  const to = ticket?.email.trim();
  await sendEmailCode({
    db: opts.db,
    clock: opts.clock,
    email: codeKey(reference),
    clientIp: opts.clientIp,
    verificationsPerIpHour: opts.referencesPerIpHour,
    maxSendsMessage: MSG.otpMaxAttempts,
    mailFor: (code) =>
      ticket && to
        ? manageCodeMail({
            to,
            code,
            reference: ticket.reference,
            language: isLanguage(ticket.language) ? ticket.language : DEFAULT_LANGUAGE,
          })
        : null,
  });
}

export type VerifyManageCodeOptions = {
  db: Db;
  clock: Clock;
  reference: string;
  code: string;
};

/**
 * A right code opens the booking: a manage link (reads, reusable) and a grant (one change,
 * MANAGE_GRANT_MINUTES). The same right code sent again while it is live and its grant unused
 * (a retry after a lost answer) answers again with a renewed grant. A wrong, expired or spent
 * code, or an unknown reference, answer alike.
 */
export async function verifyManageCode(opts: VerifyManageCodeOptions): Promise<ManageVerifyResponse> {
  const reference = normalizeReference(opts.reference);
  const now = opts.clock.now();
  const result =
    reference && reference.length <= MAX_REFERENCE_LENGTH
      ? await opts.db.transaction(async (tx) => {
          const proved = await proveEmailCode(tx, codeKey(reference), opts.code, now);
          if (!proved) return null;
          const [ticket] = await tx
            .select({ id: tickets.id })
            .from(tickets)
            .where(eq(sql`lower(${tickets.paymentReference})`, reference))
            .limit(1);
          if (!ticket) return null;
          const grant = `mg_${randomBytes(32).toString('base64url')}`;
          if (proved.again) {
            // The same code again: the answer to the first try was lost on the way. The grant
            // it gave is renewed under a new token (only hashes are kept, so the lost one cannot
            // be sent again) while it is unused and live: still one change for one code.
            const renewed = await tx
              .update(bookingGrants)
              .set({ tokenHash: sha256Hex(grant) })
              .where(
                and(
                  eq(bookingGrants.emailCodeId, proved.id),
                  eq(bookingGrants.ticketId, ticket.id),
                  isNull(bookingGrants.usedAt),
                  gt(bookingGrants.expiresAt, now),
                ),
              )
              .returning({ id: bookingGrants.id });
            if (renewed.length === 0) return null;
          } else {
            await tx.insert(bookingGrants).values({
              ticketId: ticket.id,
              tokenHash: sha256Hex(grant),
              emailCodeId: proved.id,
              expiresAt: new Date(now.getTime() + MANAGE_GRANT_MINUTES * 60_000),
              createdAt: now,
            });
          }
          return { grant, link: await signManageLink(tx, ticket.id, now) };
        })
      : null;
  if (!result) throw new AppError('invalid_code', MSG.codeInvalid, 400);
  return { ...result, grantSeconds: MANAGE_GRANT_MINUTES * 60 };
}

export type TicketOfLinkOptions = {
  db: DbOrTx;
  reference: string;
  link: string | undefined;
  now: Date;
};

/** The ticket a manage link opens, which must be the reference's own; 404 otherwise. */
export async function ticketOfLink(opts: TicketOfLinkOptions): Promise<string> {
  const ticketId = await readManageLink(opts.db, opts.link, opts.now);
  if (!ticketId) throw manageLinkInvalid();
  const [row] = await opts.db
    .select({ reference: tickets.paymentReference })
    .from(tickets)
    .where(eq(tickets.id, ticketId))
    .limit(1);
  if (!row || row.reference.toLowerCase() !== normalizeReference(opts.reference)) throw manageLinkInvalid();
  return ticketId;
}

type TicketRow = typeof tickets.$inferSelect;
type ScheduleRow = typeof schedules.$inferSelect;

/** What the policy and the departure allow now, for the view and for every change alike. */
export type ManageRules = {
  leaveAt: Date;
  hoursLeft: number;
  policy: RefundPolicy;
  percent: number;
  refundCents: bigint;
  canCancel: boolean;
  canRebook: boolean;
  freeRebook: boolean;
  /** A dearer rebooking's second payment waits for the office: no further rebooking till then. */
  extraUnderReview: boolean;
  canRename: boolean;
};

const LIVE = ['pending', 'confirmed'];

export async function readPolicy(db: DbOrTx): Promise<RefundPolicy> {
  const [row] = await db
    .select({ policy: paymentSettings.refundPolicy })
    .from(paymentSettings)
    .orderBy(asc(paymentSettings.createdAt))
    .limit(1);
  return row?.policy ?? DEFAULT_REFUND_POLICY;
}

/** When the vessel leaves the passenger's From stop, and whether boarding closed there. */
async function departureOf(db: DbOrTx, ticket: TicketRow, schedule: ScheduleRow, timeZone: string) {
  const time = ticket.passengerDepartureTime ?? schedule.departureTime;
  const leaveAt = instantInZone(ticket.travelDate, time, timeZone);
  const stops = await listDepartureStops({ db, scheduleId: schedule.id });
  const fromStop = stops.findIndex((s) => s.locationId === ticket.userOriginId);
  const [closed] = await db
    .select({ stop: boardingClosures.stop })
    .from(boardingClosures)
    .where(
      and(eq(boardingClosures.scheduleId, schedule.id), eq(boardingClosures.stop, Math.max(fromStop, 0))),
    )
    .limit(1);
  return { leaveAt, boardingClosed: Boolean(closed) };
}

/** The operator cancelled the departure and has not paid the refund yet: rebooking is free. */
export const rebooksFree = (ticket: Pick<TicketRow, 'ticketStatus' | 'markedStatus'>) =>
  ticket.ticketStatus === 'cancelled_by_operator' && ticket.markedStatus === null;

/** A dearer rebooking's second payment is waiting for the office to check its slip. */
export const extraPaymentWaits = (ticket: Pick<TicketRow, 'ticketStatus' | 'extraAmount'>) =>
  ticket.ticketStatus === 'pending' && ticket.extraAmount !== null;

export async function rulesOf(
  db: DbOrTx,
  ticket: TicketRow,
  opts: { now: Date; timeZone: string },
): Promise<ManageRules> {
  const [schedule] = await db.select().from(schedules).where(eq(schedules.id, ticket.scheduleId)).limit(1);
  if (!schedule) throw manageLinkInvalid();
  const policy = await readPolicy(db);
  const { leaveAt, boardingClosed } = await departureOf(db, ticket, schedule, opts.timeZone);
  const hoursLeft = (leaveAt.getTime() - opts.now.getTime()) / HOUR_MS;
  const untouched = ticket.markedStatus === null && (await readBoarded({ db, ticketId: ticket.id })) === 0;
  const upcoming = hoursLeft > 0 && schedule.status === 'scheduled';
  const live = LIVE.includes(ticket.ticketStatus) && untouched;
  const percent = refundPercent(policy, hoursLeft);
  const refundCents = (toCents(ticket.totalAmount) * BigInt(percent) + 50n) / 100n;
  const operatorCancelled = rebooksFree(ticket);
  const extraUnderReview = extraPaymentWaits(ticket);
  return {
    leaveAt,
    hoursLeft,
    policy,
    percent,
    refundCents,
    canCancel: live && upcoming,
    // A free rebooking after the operator's cancellation changes no price: it stays open.
    canRebook: (live && upcoming && !extraUnderReview) || operatorCancelled,
    freeRebook: operatorCancelled,
    extraUnderReview,
    canRename:
      live &&
      !boardingClosed &&
      schedule.status === 'scheduled' &&
      ticket.travelDate >= dateInZone(opts.now, opts.timeZone),
  };
}

function maskEmail(email: string): string {
  const [name = '', domain = ''] = email.trim().split('@');
  if (!name || !domain) return '';
  return `${Array.from(name)[0] ?? ''}***@${domain}`;
}

async function refundsOf(db: DbOrTx, ticketId: string): Promise<ManageRefund[]> {
  const rows = await db
    .select()
    .from(refundRequests)
    .where(eq(refundRequests.ticketId, ticketId))
    .orderBy(asc(refundRequests.createdAt));
  return rows.map((r) => ({
    id: r.id,
    reason: r.reason as RefundReason,
    amount: r.amount,
    currency: r.currency,
    status: r.status === 'refunded' ? 'refunded' : 'requested',
    paymentVerified: r.paymentVerified,
    account:
      r.accountNumber && r.accountName && r.bankName
        ? { bankName: r.bankName, accountName: r.accountName, last4: r.accountNumber.slice(-4) }
        : null,
  }));
}

export type ReadManageViewOptions = {
  db: DbOrTx;
  ticketId: string;
  signer: TicketSigner;
  now: Date;
  timeZone: string;
};

/** The manage page's view of one booking (docs/decisions/027). */
export async function readManageView(opts: ReadManageViewOptions): Promise<ManageView> {
  const { db } = opts;
  const [ticket] = await db.select().from(tickets).where(eq(tickets.id, opts.ticketId)).limit(1);
  const found = await readBookingView(db, eq(tickets.id, opts.ticketId));
  if (!ticket || !found) throw manageLinkInvalid();
  const rules = await rulesOf(db, ticket, opts);
  return {
    ...found.view,
    code: signedCode(found, opts.signer),
    eTicketPath:
      ticket.eticketToken && ticket.ticketStatus === 'confirmed' ? `/t/${ticket.eticketToken}` : null,
    emailMasked: maskEmail(ticket.passengerEmail),
    originId: ticket.userOriginId,
    destinationId: ticket.userDestinationId,
    refundPolicy: rules.policy,
    cancel: {
      allowed: rules.canCancel,
      free: false,
      percent: rules.percent,
      amount: centsToMoney(rules.refundCents),
    },
    rebook: { allowed: rules.canRebook, free: rules.freeRebook },
    nameChangeAllowed: rules.canRename,
    extraAmount: ticket.ticketStatus === 'pending' ? ticket.extraAmount : null,
    refunds: await refundsOf(db, ticket.id),
  };
}

export type ChangeContext = { tx: Tx; ticket: TicketRow; rules: ManageRules; now: Date };
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
    const [ticket] = await tx.select().from(tickets).where(eq(tickets.id, opts.ticketId)).for('update');
    if (!ticket) throw manageLinkInvalid();
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
              eq(bookingGrants.ticketId, ticket.id),
              isNull(bookingGrants.usedAt),
              gt(bookingGrants.expiresAt, now),
            ),
          )
          .returning({ id: bookingGrants.id })
      : [];
    if (used.length === 0) throw grantRequired();
    const rules = await rulesOf(tx, ticket, { now, timeZone: opts.timeZone });
    const recorded = await opts.act({ tx, ticket, rules, now });
    await tx.insert(bookingChanges).values({
      ticketId: ticket.id,
      requestId: opts.requestId,
      kind: opts.kind,
      before: recorded.before,
      after: recorded.after,
      clientIp: opts.clientIp,
      createdAt: now,
    });
    await writeAudit(tx, {
      actorUserId: null,
      action: `passenger_${opts.kind}`,
      entity: 'ticket',
      entityId: ticket.id,
      before: recorded.before,
      after: recorded.after,
    });
    await announce(tx, { kind: 'ticket', data: { type: 'updated', ticketId: ticket.id } });
    // The booking's address hears of every change, so one it did not ask for does not go unseen.
    await enqueueMail(tx, ownChangeMail(await readTicket({ db: tx, id: ticket.id }), recorded.mail));
    return { replayed: false };
  });
}

/**
 * The passenger cancels before departure: the policy's share at this moment comes back (the
 * server works it out; nothing the client sends changes it), the seats are freed and the code
 * stops boarding. A pending booking's refund says its payment was never checked; while a dearer
 * rebooking's second payment is under review, the share of the verified first payment and the
 * share of the unchecked second are two requests, each flagged as it is.
 */
export async function cancelOwnBooking(
  { tx, ticket, rules, now }: ChangeContext,
  account: RefundAccount | undefined,
): Promise<RecordedChange> {
  if (!rules.canCancel) throw notAllowed('This booking can no longer be cancelled here.');
  await tx
    .update(tickets)
    .set({ ticketStatus: 'cancelled_by_passenger', updatedAt: now, ...supersedeETicket })
    .where(eq(tickets.id, ticket.id));
  await tx.delete(ticketSeats).where(eq(ticketSeats.ticketId, ticket.id));
  // The policy's share of each payment as the office knows it: a verified first payment and an
  // unchecked second one (a dearer rebooking under review) are owed apart.
  const parts = refundParts(ticket, rules.refundCents, rules.percent);
  if (parts.length > 0) {
    await tx
      .insert(refundRequests)
      .values(
        parts.map((part) => ({
          ticketId: ticket.id,
          amount: centsToMoney(part.cents),
          currency: ticket.currency,
          reason: 'passenger_cancelled',
          percent: rules.percent,
          paymentVerified: part.paymentVerified,
          ...(account ?? {}),
          createdAt: now,
        })),
      )
      .onConflictDoNothing();
  }
  return {
    before: { ticketStatus: ticket.ticketStatus, seatNumbers: ticket.seatNumbers },
    after: {
      ticketStatus: 'cancelled_by_passenger',
      refund: centsToMoney(rules.refundCents),
      percent: rules.percent,
    },
    mail: {
      kind: 'cancel',
      refund:
        rules.refundCents > 0n
          ? {
              amount: centsToMoney(rules.refundCents),
              currency: ticket.currency,
              hasAccount: Boolean(account),
            }
          : null,
    },
  };
}

/** Corrects the passenger's name until boarding closes at their stop; the code is re-signed. */
export async function renamePassenger(
  { tx, ticket, rules, now }: ChangeContext,
  passengerName: string,
): Promise<RecordedChange> {
  if (!rules.canRename) throw notAllowed('The name can no longer be changed here: boarding has closed.');
  await tx
    .update(tickets)
    .set({ passengerName, updatedAt: now, ...supersedeETicket })
    .where(eq(tickets.id, ticket.id));
  return {
    before: { passengerName: ticket.passengerName },
    after: { passengerName },
    mail: { kind: 'name' },
  };
}

/**
 * The account the open refunds carried before a new one replaced it, for the audit: its bank and
 * last four digits (never the whole number); null when none was given; each one when they differ.
 */
function previousAccount(rows: { bankName: string | null; accountNumber: string | null }[]) {
  const seen = new Map<string, { bankName: string; last4: string }>();
  for (const row of rows) {
    if (row.bankName === null || row.accountNumber === null) continue;
    const last4 = row.accountNumber.slice(-4);
    seen.set(`${row.bankName}\u0000${last4}`, { bankName: row.bankName, last4 });
  }
  const accounts = [...seen.values()];
  if (accounts.length === 0) return null;
  return accounts.length === 1 ? accounts[0] : { accounts };
}

/** The account the passenger's open refunds are to be paid to. */
export async function setRefundAccount(
  { tx, ticket }: ChangeContext,
  account: RefundAccount,
): Promise<RecordedChange> {
  const open = and(eq(refundRequests.ticketId, ticket.id), eq(refundRequests.status, 'requested'));
  const given = await tx
    .select({ bankName: refundRequests.bankName, accountNumber: refundRequests.accountNumber })
    .from(refundRequests)
    .where(open);
  const updated = await tx
    .update(refundRequests)
    .set(account)
    .where(open)
    .returning({ id: refundRequests.id });
  if (updated.length === 0) throw notAllowed('This booking has no refund waiting.');
  return {
    before: previousAccount(given),
    after: {
      refunds: updated.map((r) => r.id),
      bankName: account.bankName,
      last4: account.accountNumber.slice(-4),
    },
    mail: { kind: 'refund_account', bank: account.bankName, last4: account.accountNumber.slice(-4) },
  };
}
