import { eq } from 'drizzle-orm';
import type { AdminText } from '#shared/admin-api.ts';
import { isLanguage, LANGUAGES, type Language } from '#shared/languages.ts';
import { type TextId, textOf } from '#shared/messages/catalogues.ts';
import type { DbOrTx } from '../db/client.ts';
import { textOverrides } from '../db/schema.ts';
import type { TextOverrides } from '../lib/texts.ts';

/** One text with its defaults and overrides, as the admin's list shows it. */
export function adminText(
  id: TextId,
  defaults: Record<Language, string>,
  overrides: TextOverrides,
): AdminText {
  const own: AdminText['overrides'] = {};
  for (const language of LANGUAGES) {
    const text = overrides[language]?.[id];
    if (text !== undefined) own[language] = text;
  }
  return { id, namespace: id.slice(0, id.indexOf('.')), defaults, overrides: own };
}

export type ReadAdminTextOptions = { db: DbOrTx; id: TextId };

/** The admin's view of one text after a change. */
export async function readAdminText({ db, id }: ReadAdminTextOptions): Promise<AdminText> {
  const rows = await db
    .select({ language: textOverrides.language, text: textOverrides.text })
    .from(textOverrides)
    .where(eq(textOverrides.textId, id));
  const overrides: TextOverrides = {};
  for (const row of rows) if (isLanguage(row.language)) overrides[row.language] = { [id]: row.text };
  const defaults = Object.fromEntries(
    LANGUAGES.map((language) => [language, textOf(id, language) ?? '']),
  ) as Record<Language, string>;
  return adminText(id, defaults, overrides);
}
