import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { staffLinks } from '#server/db/schema.ts';

export type ExpireStaffLinksOptions = { db: DbOrTx; email: string };

/** The open links of an e-mail (any case) expire now, as time would have them; how many did. */
export async function expireStaffLinks(opts: ExpireStaffLinksOptions): Promise<number> {
  const rows = await opts.db
    .update(staffLinks)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(and(eq(sql`lower(${staffLinks.email})`, opts.email.toLowerCase()), isNull(staffLinks.usedAt)))
    .returning({ id: staffLinks.id });
  return rows.length;
}
