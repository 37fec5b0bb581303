import type { Language } from '#shared/languages.ts';
import type { DbOrTx } from '../db/client.ts';
import { compileOverride } from '../lib/text-override-checks.ts';
import type { TextOverrides } from '../lib/texts.ts';
import { readTextOverrides } from './read-text-overrides.ts';

export type ReadUsableTextOverridesOptions = { db: DbOrTx };

/**
 * The overrides the app uses, raw (the e-mails render them): those of texts it still has that
 * keep their default's placeholders. One saved before its default changed them is passed over,
 * on the pages as in the mails, until it is fixed.
 */
export async function readUsableTextOverrides({
  db,
}: ReadUsableTextOverridesOptions): Promise<TextOverrides> {
  const overrides = await readTextOverrides({ db });
  return Object.fromEntries(
    Object.entries(overrides).map(([language, texts]) => [
      language,
      Object.fromEntries(
        Object.entries(texts ?? {}).filter(([id, text]) => compileOverride(language as Language, id, text)),
      ),
    ]),
  );
}
