import type { AdminText } from '#shared/admin-api.ts';
import { allTexts } from '#shared/messages/catalogues.ts';
import type { DbOrTx } from '../db/client.ts';
import { adminText } from './read-admin-text.ts';
import { readTextOverrides } from './read-text-overrides.ts';

export type ListAdminTextsOptions = { db: DbOrTx };

/** Every passenger text, in catalogue order, with the operator's overrides (GET /api/admin/texts). */
export async function listAdminTexts({ db }: ListAdminTextsOptions): Promise<AdminText[]> {
  const overrides = await readTextOverrides({ db });
  return allTexts().map(({ id, texts }) => adminText(id, texts, overrides));
}
