import { type CompiledMessage, compileMessage } from '@lingui/message-utils/compileMessage';
import { parse } from '@messageformat/parser';
import { TEXT_OVERRIDE_MAX_LENGTH } from '#shared/admin-api.ts';
import { isLanguage, type Language } from '#shared/languages.ts';
import { textOf } from '#shared/messages/catalogues.ts';
import { AppError, problem } from './errors.ts';
import { placeholdersOf } from './text-placeholders.ts';

// The operator's corrections of passenger texts (admin: Texts; docs/decisions/021): what a
// correction must keep of its default text, and the corrections compiled for Lingui's runtime.

/** The numbered tags of a text as written (`<0>`, `</0>`, `<1/>`), sorted, repeats kept. */
const tagsOf = (text: string) =>
  [...text.matchAll(/<(\/?)(\d+)\s*(\/?)>/g)].map(([, close, n, self]) => `<${close}${n}${self}>`).sort();

/** What `have` lacks of `want`, counting repeats. */
function lacking(want: readonly string[], have: readonly string[]): string[] {
  const left = [...have];
  return want.filter((item) => {
    const at = left.indexOf(item);
    if (at === -1) return true;
    left.splice(at, 1);
    return false;
  });
}

/** The arguments (`{name}`, the `n` of a plural) and the tags as written, for the comparison. */
const keptParts = (text: string) => [
  ...placeholdersOf(text).filter((part) => part.startsWith('{')),
  ...tagsOf(text),
];

/**
 * Why `text` cannot stand in for `defaultText`, or null when it can: it must be ICU
 * MessageFormat with the same arguments (plain, plural and select ones) and the same numbered
 * tags. Exported for the unit tests; checkOverride adds the id and the length rules.
 */
export function overrideProblem(text: string, defaultText: string): AppError | null {
  try {
    parse(text);
  } catch (err) {
    // "invalid syntax at line 1 col 7:" and the source pointed at: the first line is enough.
    const detail = err instanceof Error ? (err.message.split('\n')[0] ?? '').replace(/:$/, '') : '';
    return new AppError(
      'text_invalid',
      `This text is not valid: ${detail || 'check its braces { } and its plural forms'}.`,
    );
  }
  const want = keptParts(defaultText);
  const have = keptParts(text);
  const missing = lacking(want, have);
  const extra = lacking(have, want);
  if (missing.length === 0 && extra.length === 0) return null;
  const said = [
    missing.length > 0 ? `Missing: ${missing.join(', ')}.` : '',
    extra.length > 0 ? `Not in the default text: ${extra.join(', ')}.` : '',
  ];
  return new AppError(
    'text_placeholders',
    `The text must keep the placeholders and tags of the default text. ${said.filter(Boolean).join(' ')}`,
  );
}

/**
 * Refuses an override that the passenger pages could not show: an id that is no catalogue text
 * (404), an empty or over-long text, a text that is not ICU MessageFormat, or one that does not
 * keep exactly the placeholders and numbered tags of the default text in that language.
 */
export function checkOverride(id: string, language: Language, text: string): void {
  const shipped = isLanguage(language) ? textOf(id, language) : undefined;
  if (shipped === undefined) throw problem('text_not_found');
  if (text.trim() === '') throw problem('text_required');
  if (text.length > TEXT_OVERRIDE_MAX_LENGTH) throw problem('text_too_long');
  const refusal = overrideProblem(text, shipped);
  if (refusal) throw refusal;
}

/** Compiled overrides by `language \0 id \0 text`; null: no longer fits its default. */
const compiledCache = new Map<string, CompiledMessage | null>();
const COMPILED_CACHE_MAX = 5000;

export function compileOverride(language: Language, id: string, text: string): CompiledMessage | null {
  const key = `${language}\0${id}\0${text}`;
  let compiled = compiledCache.get(key);
  if (compiled === undefined) {
    const shipped = textOf(id, language);
    // An override saved before its default changed its placeholders is left out until fixed.
    compiled = shipped !== undefined && !overrideProblem(text, shipped) ? compileMessage(text) : null;
    if (compiledCache.size >= COMPILED_CACHE_MAX) compiledCache.clear();
    compiledCache.set(key, compiled);
  }
  return compiled;
}
