import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { partners } from '#server/db/schema.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { StaffLink } from '#shared/admin-api.ts';
import { readUsableStaffLink } from './read-usable-staff-link.ts';

export type CheckStaffLinkOptions = { db: Db; clock: Clock; token: string };

/** What a link is for, before a password is chosen; reading it uses nothing up. */
export async function checkStaffLink(opts: CheckStaffLinkOptions): Promise<StaffLink> {
  const row = await readUsableStaffLink({ db: opts.db, token: opts.token, now: opts.clock.now() });
  const [partner] = row.partnerId
    ? await opts.db.select({ name: partners.name }).from(partners).where(eq(partners.id, row.partnerId))
    : [];
  return {
    kind: row.kind === 'reset' ? 'reset' : 'invite',
    email: row.email,
    role: row.role as StaffLink['role'],
    ...(partner ? { partnerName: partner.name } : {}),
  };
}
