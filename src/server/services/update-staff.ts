import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { adminProfiles, adminUsers } from '#server/db/schema.ts';
import { writeAudit } from '#server/lib/audit.ts';
import { AppError } from '#server/lib/errors.ts';
import { announce } from '#server/lib/live-events.ts';
import { deleteUserSessions } from '#server/lib/sessions.ts';
import type { StaffMember, UpdateStaff } from '#shared/admin-api.ts';
import { STAFF_MSG } from '#shared/messages/staff.ts';
import { can, isRole, type Role } from '#shared/permissions.ts';
import { selectStaff } from './list-staff.ts';
import { lockOwners } from './lock-owners.ts';
import { otherActiveOwners } from './other-active-owners.ts';
import { type StaffLinkWithdrawal, withdrawStaffLinks } from './withdraw-staff-links.ts';

export type UpdateStaffOptions = {
  db: Db;
  now: Date;
  id: string;
  input: UpdateStaff;
  actorUserId: string;
};

/**
 * Changes a person's role, or deactivates or reactivates them (the Owner's Staff screen).
 * Deactivation ends their sessions at once; any change is published on the live-event channel,
 * so their open screens and event streams on every instance re-check at once. The last active
 * Owner can be neither demoted nor deactivated. The invitations a person sent that are not yet
 * used are withdrawn when they are deactivated or lose `staff.manage`, and their own reset
 * links when they are deactivated, in the same transaction (withdrawStaffLinks).
 */
export async function updateStaff(
  opts: UpdateStaffOptions,
): Promise<{ member: StaffMember; endedSessions: string[] }> {
  const { db, now, id, input } = opts;
  return db.transaction(async (tx) => {
    await lockOwners({ db: tx });
    const [row] = await selectStaff(tx).where(eq(adminUsers.id, id)).limit(1).for('update');
    if (!row || !isRole(row.role)) throw new AppError('staff_not_found', STAFF_MSG.staffNotFound, 404);
    const role: Role = input.role ?? row.role;
    const active = input.active ?? row.active;
    const losesOwner = row.role === 'owner' && row.active && (role !== 'owner' || !active);
    if (losesOwner && (await otherActiveOwners({ db: tx, userId: id })) === 0) {
      throw new AppError('last_owner', STAFF_MSG.lastOwner, 409);
    }
    const member: StaffMember = {
      ...row,
      role,
      active,
      lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    };
    if (role === row.role && active === row.active) return { member, endedSessions: [] };

    if (role !== row.role) {
      await tx.update(adminProfiles).set({ role }).where(eq(adminProfiles.userId, id));
      await writeAudit({
        db: tx,
        actorUserId: opts.actorUserId,
        action: 'staff_role_change',
        entity: 'admin_user',
        entityId: id,
        before: { email: row.email, role: row.role },
        after: { email: row.email, role },
      });
    }
    let endedSessions: string[] = [];
    if (active !== row.active) {
      await tx.update(adminUsers).set({ active, updatedAt: now }).where(eq(adminUsers.id, id));
      if (!active) endedSessions = await deleteUserSessions({ db: tx, userId: id });
      await writeAudit({
        db: tx,
        actorUserId: opts.actorUserId,
        action: active ? 'staff_reactivate' : 'staff_deactivate',
        entity: 'admin_user',
        entityId: id,
        before: { email: row.email, active: row.active },
        after: { email: row.email, active },
      });
    }
    const withdraw = (withdrawal: StaffLinkWithdrawal) =>
      withdrawStaffLinks({ db: tx, now, actorUserId: opts.actorUserId, withdrawal });
    if (row.active && !active) {
      await withdraw({ kind: 'invite', sentBy: id, reason: 'sender_deactivated' });
      await withdraw({ kind: 'reset', sentTo: id, reason: 'person_deactivated' });
    } else if (can(row.role, 'staff.manage') && !can(role, 'staff.manage')) {
      await withdraw({ kind: 'invite', sentBy: id, reason: 'sender_lost_staff_manage' });
    }
    await announce({ db: tx, event: { kind: 'staff', data: { userId: id } } });
    return { member, endedSessions };
  });
}
