import { asc } from 'drizzle-orm';
import { isLanguage, type Language } from '#shared/languages.ts';
import { textOf } from '#shared/messages/catalogues.ts';
import type { DbOrTx } from '../db/client.ts';
import { textOverrides } from '../db/schema.ts';

// The operator's corrections of passenger texts (admin: Texts; docs/decisions/021): one row per
// language and catalogue id in `text_overrides`. The web receives them compiled with the
// branding (readBranding), so a correction shows on the next page load without a rebuild.

export type ReadTextOverridesOptions = { db: DbOrTx };

/** Every stored override of a text the app still has, by language and id. */
export async function readTextOverrides({
  db,
}: ReadTextOverridesOptions): Promise<Partial<Record<Language, Record<string, string>>>> {
  const rows = await db
    .select({ language: textOverrides.language, id: textOverrides.textId, text: textOverrides.text })
    .from(textOverrides)
    .orderBy(asc(textOverrides.language), asc(textOverrides.textId));
  const found: Partial<Record<Language, Record<string, string>>> = {};
  for (const row of rows) {
    // A row for a language or a text the app no longer has is kept, but not used.
    if (!isLanguage(row.language) || textOf(row.id, row.language) === undefined) continue;
    const texts = found[row.language] ?? {};
    texts[row.id] = row.text;
    found[row.language] = texts;
  }
  return found;
}
