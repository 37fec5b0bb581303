import type { DbOrTx } from '#server/db/client.ts';
import { adminUsers } from '#server/db/schema.ts';
import { hasDemoPassword } from '#server/lib/passwords.ts';
import { PASSWORD_MIN_LENGTH } from '#shared/constants.ts';

export type ListDemoPasswordAccountsOptions = { db: DbOrTx };

/** The e-mails of every account whose password is still the demo's (see hasDemoPassword). */
export async function listDemoPasswordAccounts({ db }: ListDemoPasswordAccountsOptions): Promise<string[]> {
  const users = await db
    .select({
      email: adminUsers.email,
      passwordHash: adminUsers.passwordHash,
      hasDemoPassword: adminUsers.hasDemoPassword,
    })
    .from(adminUsers)
    .orderBy(adminUsers.email);
  const demo = await Promise.all(users.map((u) => hasDemoPassword(u)));
  return users.filter((_, i) => demo[i]).map((u) => u.email);
}

/** What a production server refusing to start over demo passwords prints (src/server/main.ts). */
export function demoPasswordRefusal(emails: string[]): string {
  return [
    `Refusing to start in production: ${emails.length === 1 ? 'this admin account still has' : 'these admin accounts still have'} the demo password, which the demo shows on its login page: ${emails.join(', ')}.`,
    `To fix it, start once with ADMIN_EMAIL set to that e-mail and ADMIN_PASSWORD to a new password of at least ${PASSWORD_MIN_LENGTH} characters: a demo password is replaced at start (no other password ever is).`,
    'Or start once without NODE_ENV=production and with SEED_DEMO=off, sign in as that account and change its password at /admin/settings.',
  ].join('\n');
}
