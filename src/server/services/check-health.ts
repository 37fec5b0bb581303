import { sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';

export type CheckHealthOptions = { db: DbOrTx };

/** GET /api/health: the database answers a trivial statement, or this throws. */
export async function checkHealth({ db }: CheckHealthOptions): Promise<void> {
  await db.execute(sql`select 1`);
}
