import type { CompiledMessage } from '@lingui/message-utils/compileMessage';
import { LANGUAGES, type Language } from '#shared/languages.ts';
import type { DbOrTx } from '../db/client.ts';
import { compileOverride } from '../lib/text-override-checks.ts';
import { readTextOverrides } from './read-text-overrides.ts';

export type CompiledTextOverrides = Partial<Record<Language, Record<string, CompiledMessage>>>;

export type ReadCompiledTextOverridesOptions = { db: DbOrTx };

/** The overrides the passenger pages use, compiled for Lingui's runtime (GET /api/branding). */
export async function readCompiledTextOverrides({
  db,
}: ReadCompiledTextOverridesOptions): Promise<CompiledTextOverrides> {
  const overrides = await readTextOverrides({ db });
  const compiled: CompiledTextOverrides = {};
  for (const language of LANGUAGES) {
    const messages: Record<string, CompiledMessage> = {};
    for (const [id, text] of Object.entries(overrides[language] ?? {})) {
      const message = compileOverride(language, id, text);
      if (message) messages[id] = message;
    }
    if (Object.keys(messages).length > 0) compiled[language] = messages;
  }
  return compiled;
}
