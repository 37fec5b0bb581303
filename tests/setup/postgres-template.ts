import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '#server/db/client.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import { templateHash } from './pglite-template.ts';

// Migrating a fresh PostgreSQL database takes seconds and a test file makes many; copying a
// migrated one (`create database ... template`) takes tens of milliseconds. The template is made
// once per set of migrations and kept beside TEST_DATABASE_URL's database for the next run.
const PREFIX = 'ferry_tpl_';

async function withAdmin<T>(adminUrl: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The name of a migrated database to copy for each test, made when this set of migrations has none. */
export async function ensurePostgresTemplate(adminUrl: string): Promise<string> {
  const name = `${PREFIX}${templateHash()}`;
  const exists = await withAdmin(adminUrl, async (c) => {
    const found = await c.query('select 1 from pg_database where datname = $1', [name]);
    return (found.rowCount ?? 0) > 0;
  });
  if (exists) return name;
  // Built under a name of its own and renamed when whole, so a run stopped half-way, or two runs
  // at once, never leave a half-migrated template behind that name.
  const building = `ferry_tplbuild_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (c) => c.query(`create database ${building}`));
  const url = new URL(adminUrl);
  url.pathname = `/${building}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  try {
    await migrateDatabase(database);
  } finally {
    await database.close();
  }
  await withAdmin(adminUrl, async (c) => {
    try {
      await c.query(`alter database ${building} rename to ${name}`);
    } catch {
      // Another run made it meanwhile: keep theirs.
      await c.query(`drop database if exists ${building} with (force)`);
    }
    // Templates of migrations since changed are of no more use.
    const old = await c.query<{ datname: string }>(
      `select datname from pg_database where (datname like 'ferry\\_tpl\\_%' or datname like 'ferry\\_tplbuild\\_%') and datname <> $1`,
      [name],
    );
    for (const { datname } of old.rows) {
      await c.query(`drop database if exists ${datname}`).catch(() => undefined);
    }
  });
  return name;
}
