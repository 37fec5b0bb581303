import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { staffLinks } from '#server/db/schema.ts';
import { AppError } from '#server/lib/errors.ts';
import { STAFF_MSG } from '#shared/messages/staff.ts';
import { isRole, type Role } from '#shared/permissions.ts';

export type ReadOpenInvitationOptions = { db: DbOrTx; id: string };

/** An invitation that may still be sent again or withdrawn: its e-mail and role; 404 otherwise. */
export async function readOpenInvitation({
  db,
  id,
}: ReadOpenInvitationOptions): Promise<{ email: string; role: Role }> {
  const [row] = await db
    .select({ email: staffLinks.email, role: staffLinks.role, expiresAt: staffLinks.expiresAt })
    .from(staffLinks)
    .where(
      and(
        eq(staffLinks.id, id),
        eq(staffLinks.kind, 'invite'),
        isNull(staffLinks.usedAt),
        isNull(staffLinks.revokedAt),
      ),
    )
    .limit(1);
  // An expired invitation can still be sent again; a used or revoked one is gone.
  if (!row || !isRole(row.role))
    throw new AppError('invitation_not_found', STAFF_MSG.invitationNotFound, 404);
  return { email: row.email, role: row.role };
}
