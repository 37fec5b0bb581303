import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from '#tests/setup/test-db.ts';
import { type DbOrTx, readTogether } from './client.ts';

type Rows<T> = { rows: T[] };

// A connection that dies while a request holds it (PostgreSQL restarted mid-transaction) fails
// that request and nothing else: the process keeps running and the pool opens a new one.
describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL pool (postgres)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());

  it('survives its connection being killed in the middle of a transaction', async () => {
    const killer = new pg.Client({ connectionString: database.url });
    await killer.connect();
    try {
      const outcome = database.db.transaction(async (tx) => {
        const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as Rows<{
          pid: number;
        }>;
        const [row] = rows;
        await killer.query('select pg_terminate_backend($1)', [row?.pid]);
        // The socket error arrives while the client is lent out and between queries.
        await new Promise((r) => setTimeout(r, 300));
        await tx.execute(sql`select 1`);
      });
      await expect(outcome).rejects.toThrow();
      // The same pool answers again on a fresh connection.
      const again = (await database.db.execute(sql`select 1 as one`)) as unknown as Rows<{ one: number }>;
      expect(again.rows).toEqual([{ one: 1 }]);
    } finally {
      await killer.end();
    }
  });
});

// One connection answers one query at a time: reads handed to a transaction go one after another,
// while the pool takes them together.
describe(`readTogether (${testDatabaseKind})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());

  it('reads together on the pool and one after another in a transaction, with the same results', async () => {
    const steps: string[] = [];
    const read = (db: DbOrTx, name: string) => async () => {
      steps.push(`start ${name}`);
      const { rows } = (await db.execute(sql`select ${name}::text as name`)) as unknown as Rows<{
        name: string;
      }>;
      steps.push(`end ${name}`);
      return rows[0]?.name;
    };

    const { db } = database;
    expect(await readTogether(db, [read(db, 'a'), read(db, 'b')])).toEqual(['a', 'b']);
    expect(steps.slice(0, 2)).toEqual(['start a', 'start b']);

    steps.length = 0;
    const inTransaction = await db.transaction((tx) => readTogether(tx, [read(tx, 'a'), read(tx, 'b')]));
    expect(inTransaction).toEqual(['a', 'b']);
    expect(steps).toEqual(['start a', 'end a', 'start b', 'end b']);
  });
});
