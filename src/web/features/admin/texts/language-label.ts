import { LANGUAGE_NAME_EN, type Language } from '#shared/languages.ts';

/** Each language's name on the admin's Texts screen, which stays English. */
export const LANGUAGE_LABEL = LANGUAGE_NAME_EN;

/**
 * The font of a text in `language`: Dhivehi in Noto Sans Thaana (its @font-face comes with the
 * app's styles; the admin pages are English, so no rule of theirs picks it), the rest as is.
 */
export const textFont = (language: Language): string | undefined =>
  language === 'dv' ? "[font-family:'Noto_Sans_Thaana',system-ui,sans-serif]" : undefined;
