import { useLanguage } from './texts.tsx';

// Texts the operator types (location names, bank names, payment instructions) have an optional
// Dhivehi version next to the English one (`nameDv`, `bankNameDv`, ...): a Dhivehi reader sees
// it when the operator filled it in, anyone else (and a Dhivehi reader without one) the English.

/** The Dhivehi text when `language` is 'dv' and it is filled in (not blank), else the English. */
export function inLanguage(english: string, dhivehi: string | null | undefined, language: string): string {
  return language === 'dv' && dhivehi && dhivehi.trim() !== '' ? dhivehi : english;
}

/** `inLanguage` for the language the passenger side shows now (Lingui's active locale). */
export function useOperatorText(): (english: string, dhivehi: string | null | undefined) => string {
  const language = useLanguage();
  return (english, dhivehi) => inLanguage(english, dhivehi, language);
}

/**
 * For the admin's fields where the operator types a Dhivehi version: right to left, marked as
 * Dhivehi, in the Thaana font (the admin pages are English, so `:root:lang(dv)` does not pick it).
 */
export const DHIVEHI_FIELD = {
  dir: 'rtl',
  lang: 'dv',
  className: "font-['Noto_Sans_Thaana',system-ui,sans-serif]",
} as const;
