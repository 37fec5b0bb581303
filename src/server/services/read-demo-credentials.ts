import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { adminUsers } from '#server/db/schema.ts';
import type { DemoCredentials } from '#shared/admin-api.ts';
import { DEMO_ADMIN } from '#shared/constants.ts';

export type ReadDemoCredentialsOptions = {
  db: DbOrTx;
  isProduction: boolean;
};

/**
 * The login page's hint (docs/product.md section 11.11): the demo admin's credentials while it
 * keeps its demo password, and never in production, whatever the data says (a database copied
 * from a demo).
 */
export async function readDemoCredentials(opts: ReadDemoCredentialsOptions): Promise<DemoCredentials> {
  if (opts.isProduction) return { demo: null };
  const [demo] = await opts.db
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(and(eq(sql`lower(${adminUsers.email})`, DEMO_ADMIN.email), eq(adminUsers.hasDemoPassword, true)))
    .limit(1);
  return { demo: demo ? { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password } : null };
}
