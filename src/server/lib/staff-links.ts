import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { staffLinks } from '#server/db/schema.ts';
import type { Role } from '#shared/permissions.ts';
import { hashToken } from './sessions.ts';

/*
 * The e-mailed links that let a person choose a password (docs/product.md section 13): 256
 * random bits, kept only as a SHA-256, used once, and short-lived. The token travels in the
 * URL's fragment, so it reaches neither server logs nor a Referer header.
 */

export const INVITATION_TTL_HOURS = 72;
export const RESET_TTL_HOURS = 24;

export type StaffLinkKind = 'invite' | 'reset';

const PATHS: Record<StaffLinkKind, string> = { invite: '/admin/welcome', reset: '/admin/reset-password' };

export function staffLinkUrl(base: string, kind: StaffLinkKind, token: string): string {
  return `${base}${PATHS[kind]}#${token}`;
}

/** Stores a new link and returns its token, which exists nowhere else once the mail is sent. */
export async function createStaffLink(
  db: DbOrTx,
  link: {
    kind: StaffLinkKind;
    email: string;
    /** A staff role, or 'partner' with `partnerId` for a partner's user (docs/decisions/043). */
    role: Role | 'partner';
    partnerId?: string;
    userId?: string;
    createdBy: string | null;
    now: Date;
  },
): Promise<{ id: string; token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const hours = link.kind === 'invite' ? INVITATION_TTL_HOURS : RESET_TTL_HOURS;
  const expiresAt = new Date(link.now.getTime() + hours * 3_600_000);
  const [row] = await db
    .insert(staffLinks)
    .values({
      kind: link.kind,
      email: link.email,
      role: link.role,
      partnerId: link.partnerId ?? null,
      userId: link.userId ?? null,
      tokenHash: hashToken(token),
      createdBy: link.createdBy,
      expiresAt,
      createdAt: link.now,
    })
    .returning({ id: staffLinks.id });
  if (!row) throw new Error('staff link insert returned no row');
  return { id: row.id, token, expiresAt };
}

/** Closes the open invitations of an e-mail, staff's or a partner's, so only the newest link works. */
export async function revokeOpenInvitations(db: DbOrTx, email: string, now: Date): Promise<void> {
  await db
    .update(staffLinks)
    .set({ revokedAt: now })
    .where(
      and(
        eq(staffLinks.kind, 'invite'),
        eq(sql`lower(${staffLinks.email})`, email),
        isNull(staffLinks.usedAt),
        isNull(staffLinks.revokedAt),
      ),
    );
}
