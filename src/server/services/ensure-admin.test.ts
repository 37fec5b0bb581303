import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUsers, sessions } from '#server/db/schema.ts';
import { systemClock } from '#server/lib/clock.ts';
import { hashPassword, verifyPassword } from '#server/lib/passwords.ts';
import { createSession } from '#server/lib/sessions.ts';
import { DEMO_ADMIN } from '#shared/constants.ts';
import { makeAdmin } from '#tests/factories.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from '#tests/setup/test-db.ts';
import { ensureAdmin } from './ensure-admin.ts';
import { demoPasswordRefusal, listDemoPasswordAccounts } from './list-demo-password-accounts.ts';

const sessionConfig = { publicUrl: undefined, sessionIdleMinutes: 120, sessionMaxHours: 12 };

describe(`demo passwords (${testDatabaseKind})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());

  it('finds every account with the demo password, by its flag or by its hash', async () => {
    const flagged = await makeAdmin(database.db, { ...DEMO_ADMIN, isDemo: true });
    // Copied data: the hash is the demo password's, the flag says otherwise.
    const copied = await makeAdmin(database.db, {
      email: 'copied@example.com',
      password: DEMO_ADMIN.password,
    });
    await makeAdmin(database.db, { email: 'fine@example.com' });
    expect(await listDemoPasswordAccounts({ db: database.db })).toEqual([flagged.email, copied.email].sort());
    const message = demoPasswordRefusal([flagged.email]);
    expect(message).toContain('Refusing to start in production');
    expect(message).toContain(flagged.email);
    expect(message).toContain('ADMIN_EMAIL');
    expect(message).toContain('/admin/settings');
    expect(message).not.toContain(DEMO_ADMIN.password);
  });

  it('ADMIN_PASSWORD replaces a demo password and ends the sessions it opened', async () => {
    const [copied] = await database.db
      .select()
      .from(adminUsers)
      .where(eq(adminUsers.email, 'copied@example.com'));
    await createSession({
      db: database.db,
      userId: copied?.id ?? '',
      clock: systemClock,
      config: sessionConfig,
    });
    const result = await ensureAdmin({
      db: database.db,
      email: 'Copied@Example.com',
      password: 'a-new-long-secret',
      username: 'admin',
      isDemo: false,
    });
    expect(result).toEqual({ created: false, replacedDemoPassword: true });
    const [after] = await database.db
      .select()
      .from(adminUsers)
      .where(eq(adminUsers.id, copied?.id ?? ''));
    expect(await verifyPassword(after?.passwordHash ?? '', 'a-new-long-secret')).toBe(true);
    expect(after?.hasDemoPassword).toBe(false);
    expect(
      await database.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, copied?.id ?? '')),
    ).toEqual([]);
    expect(await listDemoPasswordAccounts({ db: database.db })).toEqual([DEMO_ADMIN.email]);
  });

  it('never touches any other password, nor lets the demo seed reset one', async () => {
    const admin = await makeAdmin(database.db, { email: 'kept@example.com' });
    const [before] = await database.db.select().from(adminUsers).where(eq(adminUsers.id, admin.id));
    expect(
      await ensureAdmin({
        db: database.db,
        email: admin.email,
        password: 'another-long-one',
        username: 'x',
        isDemo: false,
      }),
    ).toEqual({ created: false });
    // The demo seed on an account that changed away from the demo password.
    await database.db
      .update(adminUsers)
      .set({ passwordHash: await hashPassword('changed-by-the-admin'), hasDemoPassword: false })
      .where(eq(adminUsers.email, DEMO_ADMIN.email));
    expect(await ensureAdmin({ db: database.db, ...DEMO_ADMIN, isDemo: true })).toEqual({ created: false });
    const [after] = await database.db.select().from(adminUsers).where(eq(adminUsers.id, admin.id));
    expect(after?.passwordHash).toBe(before?.passwordHash);
    expect(await listDemoPasswordAccounts({ db: database.db })).toEqual([]);
  });
});
