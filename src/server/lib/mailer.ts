import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { SendMailOptions } from 'nodemailer';
import nodemailer from 'nodemailer';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { type LaterMail, type MailAttachment, mailOutbox } from '#server/db/schema.ts';
import { type Clock, systemClock } from './clock.ts';
import { redactMailText } from './log-redaction.ts';

/*
 * Durable mail outbox (docs/product.md section 10 rule 14, docs/decisions/003-mail-outbox.md).
 * A mail is a row written in the transaction of the change that causes it; a background loop
 * sends committed rows, retries with backoff and gives up after a few attempts.
 */

export type { LaterMail, MailAttachment };

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
};

/**
 * A mail as it is queued. `kept` is what the row keeps once the mail is delivered, for a mail
 * that carries a secret (a one-time code): the outbox is not a second mailbox to read it from.
 */
export type QueuedMail = MailMessage & { kept?: { subject: string; text: string } };

/**
 * A mail written from what the database says, in the transaction that enqueues it: a passenger's
 * mail reads their language and the operator's texts (src/server/mails/).
 */
export type ComposeMail = (db: DbOrTx) => Promise<QueuedMail>;

/** Writes a mail queued to be written when it is sent (docs/decisions/041), from what the database then says. */
export type WriteLaterMail = (db: DbOrTx, later: LaterMail) => Promise<QueuedMail>;

/** A mail as the transport sends it: `id` is the outbox row's, stable across retries. */
type OutgoingMail = MailMessage & { id: string };

type MailTransport = {
  name: 'smtp' | 'dev';
  /** Resolves once the mail is accepted (by the SMTP server, or recorded by the dev transport). */
  send(from: string, mail: OutgoingMail): Promise<void>;
};

type LogFn = (obj: object, msg: string) => void;
export type MailLogger = { info: LogFn; warn: LogFn; error: LogFn };

export type Mailer = {
  /** Asks for a delivery pass soon; call it after the transaction that enqueued mail commits. */
  kick(): void;
  /** Runs a delivery pass now (after any pass in flight) and resolves with how many mails it sent. */
  flush(): Promise<number>;
  /** Starts polling, so mail committed before a crash or restart is still delivered. */
  start(): void;
  /** Stops polling and waits for a pass in flight. */
  stop(): Promise<void>;
};

/** Waits before retry n (1-based); the last step repeats if maxAttempts is raised beyond it. */
export const RETRY_BACKOFF_MS = [5_000, 30_000, 120_000, 600_000, 3_600_000] as const;
const DEFAULT_MAX_ATTEMPTS = 6;
const DEFAULT_POLL_MS = 5_000;

// A claim outlives the slowest possible send (see smtpTimeouts): if it expired while the send
// was still running, another pass could claim and send the same mail again. It is also how
// long a mail claimed by a process that died mid-send waits before another pass sends it.
const DEFAULT_CLAIM_MS = 10 * 60_000;
const BATCH_SIZE = 20;
// Bounds one pass, so a flood of mail cannot keep a pass (and stop()) busy indefinitely; the
// next kick or poll carries on.
const MAX_BATCHES_PER_PASS = 25;
const KICK_DELAY_MS = 20;
const MAX_ERROR_LENGTH = 1_000;

export type EnqueueMailOptions = {
  db: DbOrTx;
  mail: QueuedMail | ComposeMail;
  /** The row's id, for a mail its sender must find again (a held mail it may withdraw). */
  id?: string;
  /**
   * Keeps the mail back until then (status `held`): a change that can still be undone tells
   * nobody until it cannot. Withdrawn by deleting the row while it is held and unclaimed.
   */
  heldUntil?: Date;
};

/** Writes the mail in the caller's transaction: a rolled-back transaction never sends it. */
export async function enqueueMail({ db, mail: queued, id, heldUntil }: EnqueueMailOptions): Promise<string> {
  const mail = typeof queued === 'function' ? await queued(db) : queued;
  const [row] = await db
    .insert(mailOutbox)
    .values({
      ...(id ? { id } : {}),
      ...(heldUntil ? { status: 'held', nextAttemptAt: heldUntil } : {}),
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? null,
      attachments: mail.attachments?.length ? mail.attachments : null,
      keptSubject: mail.kept?.subject ?? null,
      keptText: mail.kept?.text ?? null,
      // now() is the transaction's start, shared by every mail of one transaction; the wall
      // clock keeps "newest first" exact for mails written together.
      createdAt: sql`clock_timestamp()`,
    })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error('mail_outbox insert returned no row');
  return row.id;
}

/** One mail to write when it is sent, held until `heldUntil` under the id its sender finds it by. */
export type HeldLaterMail = { id: string; to: string; later: LaterMail; heldUntil: Date };

const LATER_CHUNK = 500;

/**
 * Queues mails to be written when they are sent (docs/decisions/041), in the caller's
 * transaction and a few statements however many: a bank statement's two thousand approvals
 * cost their rows, not two thousand mails composed while the import holds its transaction.
 */
export async function enqueueLaterMails({
  db,
  mails,
}: {
  db: DbOrTx;
  mails: HeldLaterMail[];
}): Promise<void> {
  for (let i = 0; i < mails.length; i += LATER_CHUNK) {
    await db.insert(mailOutbox).values(
      mails.slice(i, i + LATER_CHUNK).map((m) => ({
        id: m.id,
        to: m.to,
        subject: '',
        text: '',
        later: m.later,
        status: 'held',
        nextAttemptAt: m.heldUntil,
        createdAt: sql`clock_timestamp()`,
      })),
    );
  }
}

/** A written mail as its row keeps it: the kept version once delivered, unless the row is the mailbox. */
function writtenColumns(mail: QueuedMail, delivered: boolean) {
  const keep = delivered ? mail.kept : undefined;
  return {
    to: mail.to,
    subject: keep ? keep.subject : mail.subject,
    text: keep ? keep.text : mail.text,
    html: keep ? null : (mail.html ?? null),
    attachments: mail.attachments?.length ? mail.attachments : null,
    keptSubject: keep ? null : (mail.kept?.subject ?? null),
    keptText: keep ? null : (mail.kept?.text ?? null),
    later: null,
  };
}

/** Every wait of one SMTP conversation, together, stays well inside the claim. */
function smtpTimeouts(claimMs: number) {
  const step = Math.min(15_000, Math.floor(claimMs / 8));
  return {
    connectionTimeout: step,
    greetingTimeout: step,
    socketTimeout: Math.min(60_000, step * 2),
    dnsTimeout: step,
  };
}

/**
 * Nodemailer over SMTP_URL; options in the URL's query (`?ignoreTLS=true`) win over our
 * timeouts. Each mail carries a Message-ID made from its outbox row, so a mail sent again after
 * a crash between the server's acceptance and our record of it is the same message, which
 * receiving systems and clients recognise as a duplicate.
 */
export function createSmtpTransport(smtpUrl: string, opts: { claimMs?: number } = {}): MailTransport {
  const url = new URL(smtpUrl);
  for (const [key, value] of Object.entries(smtpTimeouts(opts.claimMs ?? DEFAULT_CLAIM_MS))) {
    if (!url.searchParams.has(key)) url.searchParams.set(key, String(value));
  }
  const transporter = nodemailer.createTransport(url.toString());
  return {
    name: 'smtp',
    async send(from, mail) {
      // The MIME boundary comes from the outbox row, not chance: a mail sent again after a crash
      // is the same bytes, so a receiver that saw the first copy can tell it is a repeat.
      const options: SendMailOptions & { baseBoundary: string } = {
        messageId: `<${mail.id}@${/@([^>\s]+)/.exec(from)?.[1] ?? 'localhost'}>`,
        baseBoundary: mail.id.replaceAll('-', ''),
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        ...(mail.attachments?.length
          ? {
              attachments: mail.attachments.map((a) => ({
                filename: a.filename,
                contentType: a.contentType,
                content: Buffer.from(a.contentBase64, 'base64'),
                ...(a.cid ? { cid: a.cid, contentDisposition: 'inline' as const } : {}),
              })),
            }
          : {}),
      };
      await transporter.sendMail(options);
    },
  };
}

/**
 * With MAIL_TRANSPORT=log mail is recorded instead of sent: the row stays in the outbox (listed
 * by GET /dev/outbox outside production, to this machine only) and the log shows each mail with
 * its codes and link tokens hidden, since logs are kept longer and read by more people.
 */
export function createDevTransport(log: { info(obj: object, msg: string): void }): MailTransport {
  return {
    name: 'dev',
    async send(from, mail) {
      log.info(
        {
          mail: {
            from,
            to: mail.to,
            subject: redactMailText(mail.subject),
            text: redactMailText(mail.text),
          },
        },
        'mail recorded, not sent (MAIL_TRANSPORT=log); its codes and link tokens are hidden here',
      );
    },
  };
}

/**
 * A delivered mail's row swaps its text for the kept version, if it has one. The dev transport
 * delivers nothing: there the row is the mailbox (GET /dev/outbox), so it stays readable until
 * the maintenance sweep redacts it once the code has expired (services/sweep/redact-expired-code-mails.ts).
 */
export const toKeptVersion = {
  subject: sql`coalesce(${mailOutbox.keptSubject}, ${mailOutbox.subject})`,
  text: sql`coalesce(${mailOutbox.keptText}, ${mailOutbox.text})`,
  html: sql`case when ${mailOutbox.keptText} is null then ${mailOutbox.html} end`,
  keptSubject: null,
  keptText: null,
};

function backoffMs(attempt: number): number {
  return RETRY_BACKOFF_MS[Math.min(Math.max(attempt, 1), RETRY_BACKOFF_MS.length) - 1] ?? RETRY_BACKOFF_MS[4];
}

function describeError(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.length > MAX_ERROR_LENGTH ? `${message.slice(0, MAX_ERROR_LENGTH)}...` : message;
}

export function createMailer(opts: {
  db: Db;
  transport: MailTransport;
  from: string;
  log: MailLogger;
  clock?: Clock;
  pollMs?: number;
  maxAttempts?: number;
  claimMs?: number;
  /** Writes the mails queued to be written when sent (docs/decisions/041); without it they fail. */
  writeLater?: WriteLaterMail;
}): Mailer {
  const { db, transport, from, log } = opts;
  const clock = opts.clock ?? systemClock;
  const pollMs = opts.pollMs ?? DEFAULT_POLL_MS;
  const claimMs = opts.claimMs ?? DEFAULT_CLAIM_MS;
  const maxAttempts = Math.max(1, opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS);

  let running: Promise<number> | null = null;
  let queued: Promise<number> | null = null;
  let kickTimer: NodeJS.Timeout | null = null;
  let pollTimer: NodeJS.Timeout | null = null;
  let stopped = false;

  /**
   * Claims due mail in one statement. SKIP LOCKED lets several app instances claim side by
   * side without waiting on, or taking, each other's rows; the claim itself (claimed_until)
   * keeps a claimed row out of every other pass until it is marked. A mail never tried is due
   * at once whatever its next_attempt_at, so delivery does not depend on clocks agreeing.
   */
  async function claimBatch(now: Date) {
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          or(
            and(
              eq(mailOutbox.status, 'pending'),
              or(eq(mailOutbox.attempts, 0), lte(mailOutbox.nextAttemptAt, now)),
            ),
            // A held mail waits for its time on this process's clock, the one that set it.
            and(eq(mailOutbox.status, 'held'), lte(mailOutbox.nextAttemptAt, now)),
          ),
          or(isNull(mailOutbox.claimedUntil), lt(mailOutbox.claimedUntil, now)),
        ),
      )
      // A mail with a secret (a one-time code, kept without it once sent) first: a passenger
      // waits for it on the booking page, while a burst of reminders can be 1,000 mails deep.
      .orderBy(sql`${mailOutbox.keptSubject} is null`, asc(mailOutbox.createdAt), asc(mailOutbox.seq))
      .limit(BATCH_SIZE)
      .for('update', { skipLocked: true });
    const rows = await db
      .update(mailOutbox)
      .set({ claimedUntil: new Date(now.getTime() + claimMs) })
      .where(inArray(mailOutbox.id, due))
      .returning({
        id: mailOutbox.id,
        to: mailOutbox.to,
        subject: mailOutbox.subject,
        text: mailOutbox.text,
        html: mailOutbox.html,
        attachments: mailOutbox.attachments,
        later: mailOutbox.later,
        attempts: mailOutbox.attempts,
        // RETURNING has no order and a JS Date drops microseconds, so mails written in one
        // millisecond would go out in any order; sort on the full timestamp instead.
        createdMicros: sql<string>`(extract(epoch from ${mailOutbox.createdAt}) * 1000000)::bigint::text`,
        // Within one clock tick (PGlite's clock is coarse) the insertion order decides.
        seq: mailOutbox.seq,
        waitedFor: sql<boolean>`${mailOutbox.keptSubject} is not null`,
      });
    return rows.sort((a, b) => {
      if (a.waitedFor !== b.waitedFor) return a.waitedFor ? -1 : 1;
      const diff = BigInt(a.createdMicros) - BigInt(b.createdMicros);
      return diff < 0n ? -1 : diff > 0n ? 1 : a.seq - b.seq;
    });
  }

  /** The row's mail, written first when it was queued to be written now (docs/decisions/041). */
  async function outgoing(row: Awaited<ReturnType<typeof claimBatch>>[number]) {
    if (!row.later) {
      const mail: OutgoingMail = {
        id: row.id,
        to: row.to,
        subject: row.subject,
        text: row.text,
        ...(row.html ? { html: row.html } : {}),
        ...(row.attachments ? { attachments: row.attachments } : {}),
      };
      return { mail, written: null };
    }
    if (!opts.writeLater) throw new Error(`no writer for a mail of kind ${row.later.kind}`);
    const written = await opts.writeLater(db, row.later);
    const { kept: _kept, ...mail } = written;
    return { mail: { ...mail, id: row.id }, written };
  }

  async function deliver(row: Awaited<ReturnType<typeof claimBatch>>[number]): Promise<boolean> {
    const attempts = row.attempts + 1;
    let written: QueuedMail | null = null;
    try {
      const out = await outgoing(row);
      written = out.written;
      await transport.send(from, out.mail);
    } catch (err) {
      const failed = attempts >= maxAttempts;
      const now = clock.now();
      await db
        .update(mailOutbox)
        .set({
          status: failed ? 'failed' : 'pending',
          attempts,
          lastError: describeError(err),
          nextAttemptAt: new Date(now.getTime() + backoffMs(attempts)),
          claimedUntil: null,
          // Written once: a retry sends the same message.
          ...(written ? writtenColumns(written, false) : {}),
        })
        .where(eq(mailOutbox.id, row.id));
      const context = { err, mailId: row.id, attempts, transport: transport.name };
      if (failed) log.error(context, 'mail delivery failed for good; giving up');
      else log.warn(context, 'mail delivery failed; will retry');
      return false;
    }
    // Sent and released in one update: the claim stays until this lands, so no other pass can
    // pick the mail up in between.
    try {
      await db
        .update(mailOutbox)
        .set({
          status: 'sent',
          attempts,
          sentAt: clock.now(),
          claimedUntil: null,
          lastError: null,
          ...(written
            ? writtenColumns(written, transport.name !== 'dev')
            : transport.name === 'dev'
              ? {}
              : toKeptVersion),
        })
        .where(eq(mailOutbox.id, row.id));
    } catch (err) {
      log.error({ err, mailId: row.id }, 'mail sent but not marked; it is sent again once its claim expires');
      throw err;
    }
    return true;
  }

  async function runPass(): Promise<number> {
    let sent = 0;
    for (let batch = 0; batch < MAX_BATCHES_PER_PASS; batch++) {
      const rows = await claimBatch(clock.now());
      if (rows.length === 0) break;
      for (const row of rows) {
        if (await deliver(row)) sent++;
      }
    }
    return sent;
  }

  function startPass(): Promise<number> {
    const pass = runPass().finally(() => {
      if (running === pass) running = null;
    });
    running = pass;
    return pass;
  }

  // A pass asked for while one runs waits for it, and every such request shares one queued
  // pass: it starts after the request was made, so it sees everything committed before it.
  function flush(): Promise<number> {
    if (queued) return queued;
    if (!running) return startPass();
    const next = running
      .catch(() => 0)
      .then(() => {
        queued = null;
        return startPass();
      });
    queued = next;
    return next;
  }

  function flushInBackground(): void {
    flush().catch((err: unknown) =>
      log.error({ err }, 'mail outbox pass failed; the next kick or poll retries'),
    );
  }

  return {
    kick() {
      if (stopped || kickTimer) return;
      kickTimer = setTimeout(() => {
        kickTimer = null;
        flushInBackground();
      }, KICK_DELAY_MS);
      kickTimer.unref();
    },
    flush,
    start() {
      if (pollTimer) return;
      stopped = false;
      pollTimer = setInterval(flushInBackground, pollMs);
      pollTimer.unref();
      flushInBackground();
    },
    async stop() {
      stopped = true;
      if (pollTimer) clearInterval(pollTimer);
      if (kickTimer) clearTimeout(kickTimer);
      pollTimer = null;
      kickTimer = null;
      await Promise.allSettled([running, queued]);
    },
  };
}
