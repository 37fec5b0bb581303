import { and, eq, isNotNull, lt, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import {
  emailCodes,
  idempotencyRecords,
  loginFailures,
  mailOutbox,
  seatLocks,
  verificationTokens,
} from '#server/db/schema.ts';
import type { Clock } from '#server/lib/clock.ts';
import { toKeptVersion } from '#server/lib/mailer.ts';
import type { Storage } from '#server/lib/storage.ts';
import { EMAIL_CODE_TTL_MINUTES } from '#shared/constants.ts';
import { LOGIN_FAILURE_WINDOW_MS } from './log-in.ts';
import {
  ORPHAN_SWEEP_INTERVAL_MS,
  type SweepOrphanSlipsOptions,
  sweepOrphanSlips,
} from './sweep-orphan-slips.ts';

/*
 * Rows that have done their job are deleted instead of piling up: every one of them holds an
 * e-mail address, a client address or a token hash that nothing needs any more. Each kind is
 * one set-based statement bounded by time, and keeps whatever a rule still counts.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** The 3-sends-per-hour rule (send-email-code.ts) counts the last hour's codes, expired or not. */
const EMAIL_CODE_KEEP_MS = HOUR_MS;
/** Delivered mail stays this long, to answer "did my confirmation go out?". */
const SENT_MAIL_KEEP_MS = 30 * DAY_MS;
/**
 * A retried submission finds its booking through the idempotency record. Retries come within
 * seconds or minutes, and a retry past the 60-minute verification token is refused anyway if
 * its record is gone, never booked twice; a week covers any retry a browser could make.
 */
const IDEMPOTENCY_KEEP_MS = 7 * DAY_MS;
/** A temp file of a write in flight is seconds old; one this old belongs to a write that died. */
const UPLOAD_TEMP_FILE_KEEP_MS = HOUR_MS;

type SweepExpiredDataOptions = { db: Db; storage: Storage; clock: Clock };

type Logger = {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

const ago = (clock: Clock, ms: number) => new Date(clock.now().getTime() - ms);

/** Runs a DELETE or UPDATE as one statement and counts the rows it touched. */
async function countTouched(db: Db, statement: SQLWrapper): Promise<number> {
  const result = await db.execute(
    // The statement's own SQL: embedded as a builder it would be parenthesised as a subquery.
    sql`with touched as (${statement.getSQL()} returning 1) select count(*)::int as n from touched`,
  );
  const [row] = (result as unknown as { rows: { n: number }[] }).rows;
  return Number(row?.n ?? 0);
}

/** Codes past their expiry, once the hour in which they count towards the send limit is over. */
export function pruneExpiredEmailCodes({ db, clock }: SweepExpiredDataOptions): Promise<number> {
  return countTouched(
    db,
    db
      .delete(emailCodes)
      .where(
        and(lt(emailCodes.expiresAt, clock.now()), lt(emailCodes.createdAt, ago(clock, EMAIL_CODE_KEEP_MS))),
      ),
  );
}

export function pruneExpiredVerificationTokens({ db, clock }: SweepExpiredDataOptions): Promise<number> {
  return countTouched(db, db.delete(verificationTokens).where(lt(verificationTokens.expiresAt, clock.now())));
}

/** Failures older than the throttle window count for nothing, whatever they were keyed on. */
export function pruneOldLoginFailures({ db, clock }: SweepExpiredDataOptions): Promise<number> {
  return countTouched(
    db,
    db.delete(loginFailures).where(lt(loginFailures.createdAt, ago(clock, LOGIN_FAILURE_WINDOW_MS))),
  );
}

/** A lapsed hold; locking takes such a lock over anyway (lock-seats.ts), this clears the rest. */
export function pruneExpiredSeatLocks({ db, clock }: SweepExpiredDataOptions): Promise<number> {
  return countTouched(db, db.delete(seatLocks).where(lt(seatLocks.lockedUntil, clock.now())));
}

/** Only delivered mail: pending mail is still to be sent, failed mail is kept for a person to look at. */
export function pruneSentMail({ db, clock }: SweepExpiredDataOptions): Promise<number> {
  return countTouched(
    db,
    db
      .delete(mailOutbox)
      .where(and(eq(mailOutbox.status, 'sent'), lt(mailOutbox.sentAt, ago(clock, SENT_MAIL_KEEP_MS)))),
  );
}

export function pruneOldIdempotencyRecords({ db, clock }: SweepExpiredDataOptions): Promise<number> {
  return countTouched(
    db,
    db.delete(idempotencyRecords).where(lt(idempotencyRecords.createdAt, ago(clock, IDEMPOTENCY_KEEP_MS))),
  );
}

/**
 * A code mail still readable once its code has expired: recorded by the dev transport (whose
 * row is the demo's mailbox), still being retried, or given up on. It keeps its kept version
 * from now on, as a delivered one does (mailer.ts).
 */
export function redactExpiredCodeMails({ db, clock }: SweepExpiredDataOptions): Promise<number> {
  return countTouched(
    db,
    db
      .update(mailOutbox)
      .set(toKeptVersion)
      .where(
        and(
          isNotNull(mailOutbox.keptText),
          lt(mailOutbox.createdAt, ago(clock, EMAIL_CODE_TTL_MINUTES * MINUTE_MS)),
        ),
      ),
  );
}

/** Temp files of uploads a crash cut short (storage.ts writes, then renames). */
export function removeStaleUploadTempFiles({ storage, clock }: SweepExpiredDataOptions): Promise<number> {
  return storage.removeStaleTempFiles(ago(clock, UPLOAD_TEMP_FILE_KEEP_MS));
}

const SWEEPS = {
  emailCodes: pruneExpiredEmailCodes,
  verificationTokens: pruneExpiredVerificationTokens,
  loginFailures: pruneOldLoginFailures,
  seatLocks: pruneExpiredSeatLocks,
  sentMail: pruneSentMail,
  idempotencyRecords: pruneOldIdempotencyRecords,
  redactedCodeMails: redactExpiredCodeMails,
  uploadTempFiles: removeStaleUploadTempFiles,
} satisfies Record<string, (opts: SweepExpiredDataOptions) => Promise<number>>;

type ExpiredDataCounts = Record<keyof typeof SWEEPS, number>;

/**
 * Every kind in turn; one that fails is logged and the others still run. Resolves with how many
 * rows or files each removed (0 for a kind that failed).
 */
export async function sweepExpiredData(
  opts: SweepExpiredDataOptions & { log: Logger },
): Promise<ExpiredDataCounts> {
  const counts = {} as ExpiredDataCounts;
  for (const [kind, sweep] of Object.entries(SWEEPS) as [
    keyof typeof SWEEPS,
    (o: SweepExpiredDataOptions) => Promise<number>,
  ][]) {
    try {
      counts[kind] = await sweep(opts);
    } catch (err) {
      counts[kind] = 0;
      opts.log.error({ err, kind }, 'expired data sweep step failed');
    }
  }
  return counts;
}

export type MaintenanceSweeper = { stop(): Promise<void> };

/**
 * The hourly maintenance: orphan slips (sweep-orphan-slips.ts), then expired data. Runs once
 * now (after a crash is when leftovers appear) and then every `intervalMs`; one sweep at a time,
 * and the timer never keeps the process alive.
 */
export function startMaintenanceSweeps(
  opts: SweepOrphanSlipsOptions & { log: Logger; intervalMs?: number },
): MaintenanceSweeper {
  const { log } = opts;
  async function sweepOnce(): Promise<void> {
    try {
      const { checked, removed } = await sweepOrphanSlips(opts);
      log.info({ checked, removed: removed.length }, 'orphan slip sweep done');
    } catch (err) {
      log.error({ err }, 'orphan slip sweep failed');
    }
    const counts = await sweepExpiredData(opts);
    log.info(counts, 'expired data sweep done');
  }
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    running = sweepOnce()
      .catch((err: unknown) => log.error({ err }, 'maintenance sweep failed'))
      .finally(() => {
        running = null;
      });
  };
  run();
  const timer = setInterval(run, opts.intervalMs ?? ORPHAN_SWEEP_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
