import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { staffLinks } from '#server/db/schema.ts';
import { writeAudit } from '#server/lib/audit.ts';

/** Whose open links go, and why: the invitations a person sent, or the reset links sent to them. */
export type StaffLinkWithdrawal =
  | { kind: 'invite'; sentBy: string; reason: 'sender_deactivated' | 'sender_lost_staff_manage' }
  | { kind: 'reset'; sentTo: string; reason: 'person_deactivated' };

export type WithdrawStaffLinksOptions = {
  db: DbOrTx;
  now: Date;
  actorUserId: string;
  withdrawal: StaffLinkWithdrawal;
};

/**
 * Withdraws, in the caller's transaction, the links nobody may stand behind any longer: an
 * invitation speaks for the Owner who sent it, so it goes when they leave or lose the staff
 * screen; a reset link goes with its person's account. Used ones stay as they are; expired ones
 * go too, since another Owner could otherwise send them again. A withdrawn link answers as one
 * withdrawn by hand (read-usable-staff-link.ts). Each withdrawal is audited with its reason.
 */
export async function withdrawStaffLinks(opts: WithdrawStaffLinksOptions): Promise<string[]> {
  const { db, withdrawal } = opts;
  const whose =
    withdrawal.kind === 'invite'
      ? eq(staffLinks.createdBy, withdrawal.sentBy)
      : eq(staffLinks.userId, withdrawal.sentTo);
  const withdrawn = await db
    .update(staffLinks)
    .set({ revokedAt: opts.now })
    .where(
      and(
        eq(staffLinks.kind, withdrawal.kind),
        whose,
        isNull(staffLinks.usedAt),
        isNull(staffLinks.revokedAt),
      ),
    )
    .returning({ id: staffLinks.id, email: staffLinks.email, role: staffLinks.role });
  for (const link of withdrawn) {
    await writeAudit({
      db,
      actorUserId: opts.actorUserId,
      ...(withdrawal.kind === 'invite'
        ? {
            action: 'staff_invite_revoke',
            entity: 'staff_invitation',
            before: { email: link.email, role: link.role },
          }
        : { action: 'staff_reset_revoke', entity: 'staff_link', before: { email: link.email } }),
      entityId: link.id,
      after: { reason: withdrawal.reason },
    });
  }
  return withdrawn.map((link) => link.id);
}
