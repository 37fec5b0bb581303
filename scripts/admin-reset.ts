// `npm run admin:reset -- <email>`: recovers a locked-out Owner on the server itself. The
// account becomes an active Owner, its sign-in throttle is cleared, its sessions end, and a
// single-use link to choose a new password is printed here (not mailed: the mail may be what
// is broken, or the mailbox what was lost). Configured by the server's env, like the server.
import { eq, sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import { adminProfiles, adminUsers, loginFailures } from '#server/db/schema.ts';
import { writeAudit } from '#server/lib/audit.ts';
import { RESET_TTL_HOURS } from '#server/lib/staff-links.ts';
import { lockOwners } from '#server/services/lock-owners.ts';
import { readBranding } from '#server/services/read-branding.ts';
import { resetStaffPassword } from '#server/services/reset-staff-password.ts';
import { assertPgliteNotInUse, BackupError } from './lib/backup.ts';

const USAGE = 'Usage: npm run admin:reset -- <email>';

async function main(email: string): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl) await assertPgliteNotInUse(config);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateDatabase(database);
    const db = database.db;
    const [user] = await db
      .select({ id: adminUsers.id, email: adminUsers.email })
      .from(adminUsers)
      .where(eq(sql`lower(${adminUsers.email})`, email.trim().toLowerCase()))
      .limit(1);
    if (!user) throw new ConfigError(`There is no account for ${email}. ${USAGE}`);
    await db.transaction(async (tx) => {
      await lockOwners({ db: tx });
      await tx
        .update(adminUsers)
        .set({ active: true, updatedAt: new Date() })
        .where(eq(adminUsers.id, user.id));
      await tx
        .insert(adminProfiles)
        .values({ userId: user.id, username: user.email.split('@')[0] || user.email, role: 'owner' })
        .onConflictDoUpdate({ target: adminProfiles.userId, set: { role: 'owner' } });
      await tx.delete(loginFailures).where(eq(loginFailures.email, user.email.toLowerCase()));
      await writeAudit({
        db: tx,
        actorUserId: null,
        action: 'owner_recovered',
        entity: 'admin_user',
        entityId: user.id,
        after: { email: user.email, role: 'owner', active: true, by: 'npm run admin:reset' },
      });
    });
    const { url } = await resetStaffPassword({
      db,
      now: new Date(),
      id: user.id,
      actorUserId: null,
      linkBase: config.publicUrl ?? `http://localhost:${config.port}`,
      appName: (await readBranding({ db })).appName,
      mail: false,
    });
    console.log(`${user.email} is an active Owner again; their sessions have ended.`);
    console.log(`Open this link within ${RESET_TTL_HOURS} hours to choose a new password (it works once):`);
    console.log(url);
  } finally {
    await database.close();
  }
}

const email = process.argv[2];
if (!email || email === '--help') {
  console.log(USAGE);
  if (!email) process.exitCode = 1;
} else {
  try {
    await main(email);
  } catch (err) {
    console.error(err instanceof ConfigError || err instanceof BackupError ? err.message : err);
    process.exitCode = 1;
  }
}
