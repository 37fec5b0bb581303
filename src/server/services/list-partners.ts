import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { partners } from '#server/db/schema.ts';
import type { Partner } from '#shared/partners.ts';
import { partnerColumns, partnerOf } from './partner-columns.ts';

export type ListPartnersOptions = {
  db: DbOrTx;
  /** One partner only. */
  id?: string;
  /** The operator's date: which statements are past due. */
  today: string;
};

/** Every partner account, active ones first, by name, each with its balance and credit left. */
export async function listPartners({ db, id, today }: ListPartnersOptions): Promise<Partner[]> {
  const rows = await db
    .select(partnerColumns(today))
    .from(partners)
    .where(id ? eq(partners.id, id) : undefined)
    .orderBy(sql`${partners.active} desc`, asc(sql`lower(${partners.name})`));
  return rows.map(partnerOf);
}
