import { asc, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { partners } from '#server/db/schema.ts';
import type { Partner } from '#shared/partners.ts';
import { partnerColumns, partnerOf } from './partner-columns.ts';

export type ListPartnersOptions = { db: DbOrTx };

/** Every partner account, active ones first, by name, each with its balance and credit left. */
export async function listPartners({ db }: ListPartnersOptions): Promise<Partner[]> {
  const rows = await db
    .select(partnerColumns)
    .from(partners)
    .orderBy(sql`${partners.active} desc`, asc(sql`lower(${partners.name})`));
  return rows.map(partnerOf);
}
