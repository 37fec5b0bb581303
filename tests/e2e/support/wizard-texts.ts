// The product's words as a passenger reads them, for the wizard's specs in both languages, and
// their full-page screenshots.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Page } from '@playwright/test';
import type { Language } from '#shared/languages.ts';
import { allTexts, type TextId } from '#shared/messages/catalogues.ts';

/** Where the screenshots go: .tmp/screens/ (or E2E_SCREENS_DIR when set). */
const SCREENS = path.resolve(
  process.env.E2E_SCREENS_DIR || path.resolve(import.meta.dirname, '../../../.tmp/screens/'),
);

/** The product's words in `language`, from the catalogues the app ships. */
export function texts(language: Language) {
  const i18n = setupI18n({ locale: language, messages: { [language]: {} } });
  i18n.setMessagesCompiler(compileMessage);
  i18n.load(language, Object.fromEntries(allTexts().map(({ id, texts }) => [id, texts[language]])));
  i18n.activate(language);
  return (id: TextId, values?: Record<string, unknown>) => i18n._(id, values);
}

/** A catalogue text with one value left open, as a pattern: 'Seat (\S+), available'. */
export const pattern = (text: string) =>
  new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('\u0000', '(\\S+)')}$`);

/** The whole page, from its top, as `<name>.png`. */
export async function screen(page: Page, name: string) {
  await mkdir(SCREENS, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SCREENS, `${name}.png`), fullPage: true });
}
