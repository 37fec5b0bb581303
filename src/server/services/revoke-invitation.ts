import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { staffLinks } from '#server/db/schema.ts';
import { writeAudit } from '#server/lib/audit.ts';
import type { InvitingActor } from './invite-staff.ts';
import { readOpenInvitation } from './read-open-invitation.ts';

export type RevokeInvitationOptions = { db: Db; now: Date; id: string; actor: InvitingActor };

/** Withdraws an invitation: its link then says it is no longer valid. */
export async function revokeInvitation(opts: RevokeInvitationOptions): Promise<void> {
  const { email, role } = await readOpenInvitation({ db: opts.db, id: opts.id });
  await opts.db.transaction(async (tx) => {
    await tx.update(staffLinks).set({ revokedAt: opts.now }).where(eq(staffLinks.id, opts.id));
    await writeAudit({
      db: tx,
      actorUserId: opts.actor.id,
      action: 'staff_invite_revoke',
      entity: 'staff_invitation',
      entityId: opts.id,
      before: { email, role },
    });
  });
}
