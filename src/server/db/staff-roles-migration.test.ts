import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from './migrate.ts';

/*
 * Staff roles (docs/decisions/022): every administrator account from before roles becomes an
 * Owner when the roles migration runs. The migrations before it are applied to a fresh
 * database, an administrator of that time is added, then the roles migration runs.
 */

async function apply(db: PGlite, file: string): Promise<void> {
  const text = await readFile(path.join(MIGRATIONS_DIR, file), 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) {
    if (statement.trim()) await db.exec(statement);
  }
}

describe('the staff roles migration', () => {
  const db = new PGlite();
  afterAll(() => db.close());

  // The first migrations applied to a fresh PGlite: half a minute on a busy machine.
  it('makes every administrator from before roles an Owner, and nobody else changes', {
    timeout: 180_000,
  }, async () => {
    const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
    const roles = files.findIndex((f) => f.startsWith('0005_staff_roles'));
    expect(roles).toBeGreaterThan(0);
    for (const file of files.slice(0, roles)) await apply(db, file);

    // An administrator as the product made them before roles: the column's old default.
    await db.exec(`
      insert into admin_users (id, email, password_hash)
      values ('00000000-0000-4000-8000-000000000001', 'first@example.com', 'x'),
             ('00000000-0000-4000-8000-000000000002', 'second@example.com', 'x');
      insert into admin_profiles (user_id, username) values
        ('00000000-0000-4000-8000-000000000001', 'first'),
        ('00000000-0000-4000-8000-000000000002', 'second');
    `);
    const before = await db.query<{ role: string }>('select role from admin_profiles');
    expect(before.rows.map((r) => r.role)).toEqual(['Administrator', 'Administrator']);

    await apply(db, files[roles] ?? '');
    const after = await db.query<{ email: string; role: string; active: boolean }>(
      `select u.email, p.role, u.active from admin_profiles p
       join admin_users u on u.id = p.user_id order by u.email`,
    );
    expect(after.rows).toEqual([
      { email: 'first@example.com', role: 'owner', active: true },
      { email: 'second@example.com', role: 'owner', active: true },
    ]);
  });
});
