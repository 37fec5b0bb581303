import type { Db } from '#server/db/client.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { Storage } from '#server/lib/storage.ts';
import { foldTicketCounts } from './sweep/fold-ticket-counts.ts';
import { pruneExpiredEmailCodes } from './sweep/prune-expired-email-codes.ts';
import { pruneExpiredReservedReferences } from './sweep/prune-expired-reserved-references.ts';
import { pruneExpiredSeatLocks } from './sweep/prune-expired-seat-locks.ts';
import { pruneExpiredVerificationTokens } from './sweep/prune-expired-verification-tokens.ts';
import { pruneOldIdempotencyRecords } from './sweep/prune-old-idempotency-records.ts';
import { pruneOldLoginFailures } from './sweep/prune-old-login-failures.ts';
import { pruneSentMail } from './sweep/prune-sent-mail.ts';
import { redactExpiredCodeMails } from './sweep/redact-expired-code-mails.ts';
import { removeStaleUploadTempFiles } from './sweep/remove-stale-upload-temp-files.ts';

/*
 * Rows that have done their job are deleted instead of piling up: every one of them holds an
 * e-mail address, a client address or a token hash that nothing needs any more. Each kind is
 * set-based statements bounded by time (sweep/, one per file), a batch of rows at a time, and
 * keeps whatever a rule still counts.
 */

type Logger = {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

type SweepOptions = { db: Db; storage: Storage; clock: Clock };

const SWEEPS = {
  emailCodes: pruneExpiredEmailCodes,
  verificationTokens: pruneExpiredVerificationTokens,
  loginFailures: pruneOldLoginFailures,
  seatLocks: pruneExpiredSeatLocks,
  reservedReferences: pruneExpiredReservedReferences,
  sentMail: pruneSentMail,
  idempotencyRecords: pruneOldIdempotencyRecords,
  redactedCodeMails: redactExpiredCodeMails,
  uploadTempFiles: removeStaleUploadTempFiles,
  ticketCounts: foldTicketCounts,
} satisfies Record<string, (opts: SweepOptions) => Promise<number>>;

type ExpiredDataCounts = Record<keyof typeof SWEEPS, number>;

export type SweepExpiredDataOptions = SweepOptions & { log: Logger };

/**
 * Every kind in turn; one that fails is logged and the others still run. Resolves with how many
 * rows or files each removed (0 for a kind that failed).
 */
export async function sweepExpiredData(opts: SweepExpiredDataOptions): Promise<ExpiredDataCounts> {
  const counts = {} as ExpiredDataCounts;
  for (const [kind, sweep] of Object.entries(SWEEPS) as [
    keyof typeof SWEEPS,
    (o: SweepOptions) => Promise<number>,
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
