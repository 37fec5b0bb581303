import thaanaRegular from '@fontsource/noto-sans-thaana/files/noto-sans-thaana-thaana-400-normal.woff2?url';
import thaanaBold from '@fontsource/noto-sans-thaana/files/noto-sans-thaana-thaana-700-normal.woff2?url';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_DIR,
  type Language,
  pickLanguage,
} from '#shared/languages.ts';
import { i18n } from './catalogue.ts';
import { loadLanguage } from './texts.tsx';

// The passenger's language: their choice (remembered in this browser, and in a cookie the
// server reads), or on a first visit the first of the browser's languages the app speaks,
// which is what its Accept-Language header says.

const YEAR_SECONDS = 365 * 24 * 60 * 60;

function remembered(): Language | undefined {
  try {
    const stored = localStorage.getItem(LANGUAGE_COOKIE);
    if (isLanguage(stored)) return stored;
  } catch {
    // Storage blocked (private mode): the cookie still says it.
  }
  const cookie = new RegExp(`(?:^|; )${LANGUAGE_COOKIE}=([^;]*)`).exec(document.cookie)?.[1];
  return isLanguage(cookie) ? cookie : undefined;
}

export const initialLanguage = (): Language => remembered() ?? pickLanguage(navigator.languages);

/** The Thaana font (the Thaana subset only) is fetched by Dhivehi pages alone, from the start. */
function preloadThaanaFont() {
  for (const href of [thaanaRegular, thaanaBold]) {
    if (document.head.querySelector(`link[href="${href}"]`)) continue;
    const link = document.createElement('link');
    Object.assign(link, { rel: 'preload', as: 'font', type: 'font/woff2', href, crossOrigin: 'anonymous' });
    document.head.append(link);
  }
}

/** `<html lang dir>` for `language`. The admin area stays English (AdminLanguage). */
export function applyDocumentLanguage(language: Language) {
  const root = document.documentElement;
  root.lang = language;
  root.dir = LANGUAGE_DIR[language];
  if (language === 'dv') preloadThaanaFont();
}

/** Shows the app in `language` once its texts are in, and remembers the choice. */
export async function changeLanguage(language: Language) {
  await loadLanguage(language);
  i18n.activate(language);
  applyDocumentLanguage(language);
  try {
    localStorage.setItem(LANGUAGE_COOKIE, language);
  } catch {
    // Not stored in this browser: the cookie below remembers it.
  }
  // biome-ignore lint/suspicious/noDocumentCookie: one first-party preference, read by the server too
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax`;
}

/** The language to start in, with its texts loaded and active (English if they cannot load). */
export async function startLanguage(): Promise<Language> {
  let language = initialLanguage();
  if (language !== DEFAULT_LANGUAGE) await loadLanguage(language).catch(() => (language = DEFAULT_LANGUAGE));
  i18n.activate(language);
  applyDocumentLanguage(language);
  return language;
}
