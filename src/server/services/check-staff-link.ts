import type { Db } from '#server/db/client.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { StaffLink } from '#shared/admin-api.ts';
import { readUsableStaffLink } from './read-usable-staff-link.ts';

export type CheckStaffLinkOptions = { db: Db; clock: Clock; token: string };

/** What a link is for, before a password is chosen; reading it uses nothing up. */
export async function checkStaffLink(opts: CheckStaffLinkOptions): Promise<StaffLink> {
  const row = await readUsableStaffLink({ db: opts.db, token: opts.token, now: opts.clock.now() });
  return {
    kind: row.kind === 'reset' ? 'reset' : 'invite',
    email: row.email,
    role: row.role as StaffLink['role'],
  };
}
