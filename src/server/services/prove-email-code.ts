import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { emailCodes } from '#server/db/schema.ts';
import { codeMatches, lockEmail } from '#server/lib/one-time-codes.ts';
import { EMAIL_CODE_MAX_WRONG_TRIES } from '#shared/constants.ts';

export type ProveEmailCodeOptions = { db: DbOrTx; key: string; code: string; now: Date };

/**
 * consumeEmailCode, telling apart a right code sent again after it was consumed (`again`: its
 * answer may have been lost) while it is still within its minutes and tries. The caller decides
 * what a second answer may give. A wrong code counts towards the tries either way, so a spent
 * code can no more be guessed than a live one.
 */
export async function proveEmailCode({
  db,
  key,
  code,
  now,
}: ProveEmailCodeOptions): Promise<{ id: string; again: boolean } | null> {
  await lockEmail({ db, email: key });
  const [latest] = await db
    .select()
    .from(emailCodes)
    .where(eq(emailCodes.email, key))
    .orderBy(desc(emailCodes.createdAt))
    .limit(1);
  if (
    !latest ||
    latest.expiresAt.getTime() <= now.getTime() ||
    latest.wrongTries >= EMAIL_CODE_MAX_WRONG_TRIES
  ) {
    return null;
  }
  if (!codeMatches(latest.codeHash, key, code)) {
    await db
      .update(emailCodes)
      .set({ wrongTries: sql`${emailCodes.wrongTries} + 1` })
      .where(eq(emailCodes.id, latest.id));
    return null;
  }
  if (latest.consumedAt) return { id: latest.id, again: true };
  await db.update(emailCodes).set({ consumedAt: now }).where(eq(emailCodes.id, latest.id));
  return { id: latest.id, again: false };
}
