import type { Invitation } from '#shared/admin-api.ts';
import { type InviteStaffOptions, inviteStaff } from './invite-staff.ts';
import { readOpenInvitation } from './read-open-invitation.ts';

export type ResendInvitationOptions = Omit<InviteStaffOptions, 'input'> & { id: string };

/** Sends an invitation again: a new link and a new expiry; the old link stops working. */
export async function resendInvitation(opts: ResendInvitationOptions): Promise<Invitation> {
  const { email, role } = await readOpenInvitation({ db: opts.db, id: opts.id });
  return inviteStaff({ ...opts, input: { email, role } });
}
