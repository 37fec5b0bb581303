// The languages of the passenger side (docs/decisions/021-lingui-catalogues.md). English is the
// source (src/shared/messages/api.ts); Dhivehi is written in Thaana, right to left.

export const LANGUAGES = ['en', 'dv'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** The writing direction of each language, for `<html dir>` and e-mail HTML. */
export const LANGUAGE_DIR: Record<Language, 'ltr' | 'rtl'> = { en: 'ltr', dv: 'rtl' };

/** Each language's name in itself (the header's switch and the admin's texts screen). */
export const LANGUAGE_NAME: Record<Language, string> = { en: 'English', dv: 'ދިވެހި' };

/** Each language's name in English (the admin area, which stays English, and the Owners' notices). */
export const LANGUAGE_NAME_EN: Record<Language, string> = { en: 'English', dv: 'Dhivehi' };

/** The cookie and storage key that remember the passenger's choice. */
export const LANGUAGE_COOKIE = 'lang';

/**
 * The first language of an Accept-Language header (or navigator.languages) that the app speaks:
 * 'dv-MV;q=0.9, en;q=0.8' -> 'dv'. Quality values order the list; anything else is English.
 */
export function pickLanguage(accepted: readonly string[] | string | undefined | null): Language {
  const list =
    typeof accepted === 'string'
      ? accepted
          .split(',')
          .map((part, index) => {
            const [tag = '', ...params] = part.trim().split(';');
            const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
            return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
          })
          .filter((entry) => entry.tag && entry.q > 0)
          .sort((a, b) => b.q - a.q || a.index - b.index)
          .map((entry) => entry.tag)
      : (accepted ?? []);
  for (const tag of list) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}
