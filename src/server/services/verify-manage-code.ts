import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { bookingGrants, tickets } from '#server/db/schema.ts';
import type { Clock } from '#server/lib/clock.ts';
import { AppError } from '#server/lib/errors.ts';
import { signManageLink } from '#server/lib/manage-links.ts';
import { sha256Hex } from '#server/lib/one-time-codes.ts';
import { normalizeReference } from '#server/lib/reference.ts';
import type { ManageVerifyResponse } from '#shared/manage-api.ts';
import { MSG } from '#shared/messages/api.ts';
import { MAX_REFERENCE_LENGTH, manageCodeKey } from './manage-code-key.ts';
import { proveEmailCode } from './prove-email-code.ts';

/** A proved code gives one change within this many minutes. */
export const MANAGE_GRANT_MINUTES = 15;

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
          const proved = await proveEmailCode({
            db: tx,
            key: manageCodeKey(reference),
            code: opts.code,
            now,
          });
          if (!proved) return null;
          const [ticket] = await tx
            .select({ id: tickets.id })
            .from(tickets)
            .where(and(eq(sql`lower(${tickets.paymentReference})`, reference), eq(tickets.journey, 1)))
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
          return { grant, link: await signManageLink({ db: tx, ticketId: ticket.id, now }) };
        })
      : null;
  if (!result) throw new AppError('invalid_code', MSG.codeInvalid, 400);
  return { ...result, grantSeconds: MANAGE_GRANT_MINUTES * 60 };
}
