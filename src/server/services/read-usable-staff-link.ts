import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { staffLinks } from '#server/db/schema.ts';
import { AppError } from '#server/lib/errors.ts';
import { hashToken } from '#server/lib/sessions.ts';
import { STAFF_MSG } from '#shared/messages/staff.ts';
import { isRole } from '#shared/permissions.ts';

type LinkRow = typeof staffLinks.$inferSelect;

export type ReadUsableStaffLinkOptions = {
  db: DbOrTx;
  token: string;
  now: Date;
  /** Locks the link's row, so two uses of one link cannot both succeed. */
  lock?: boolean;
};

/** The link a token opens, or the reason it opens nothing: unknown or withdrawn, used, expired. */
export async function readUsableStaffLink({
  db,
  token,
  now,
  lock,
}: ReadUsableStaffLinkOptions): Promise<LinkRow> {
  const query = db
    .select()
    .from(staffLinks)
    .where(eq(staffLinks.tokenHash, hashToken(token)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  // A partner's invitation names its partner instead of a staff role (docs/decisions/043).
  const knownRole = isRole(row?.role) || (row?.role === 'partner' && row.partnerId !== null);
  if (!row || row.revokedAt || !knownRole) throw new AppError('link_invalid', STAFF_MSG.linkInvalid, 404);
  if (row.usedAt) throw new AppError('link_used', STAFF_MSG.linkUsed, 410);
  if (row.expiresAt <= now) throw new AppError('link_expired', STAFF_MSG.linkExpired, 410);
  return row;
}
