import path from 'node:path';
import { FIRST_LOAD_BUDGET_KB, measurePublicFirstLoads } from '#scripts/first-load.ts';
import { expect, test } from './fixtures.ts';

// The JavaScript a first visit downloads, measured as a browser fetches it (scripts/first-load.ts),
// and the stylesheets and fonts beside it: English pages fetch no font at all (the switch's Thaana
// label is inline in the stylesheet, docs/decisions/034-thaana-label-subset.md), Dhivehi ones the
// Thaana font's own files.
const webRoot = path.resolve(process.env.E2E_WEB_ROOT || 'dist');
const THAANA_FONT = /^\/assets\/noto-sans-thaana-thaana-(400|700)-normal-[\w-]+\.woff2$/;

for (const [language, locale] of [
  ['English', 'en-US'],
  ['Dhivehi', 'dv-MV'],
] as const) {
  test(`a first visit to a public page in ${language} downloads no admin code and stays within the first-load budget`, async ({
    browser,
    baseURL,
  }, testInfo) => {
    test.slow();
    const results = await measurePublicFirstLoads(browser, baseURL ?? '', webRoot, locale);
    const lines = results.map(
      (r) =>
        `${r.route.padEnd(9)} ${(r.gzipBytes / 1024).toFixed(1)} KB (${r.gzipBytes} B) gzipped in ${r.scripts.length} scripts; ` +
        `CSS ${(r.styleGzipBytes / 1024).toFixed(1)} KB in ${r.stylesheets.length}; fonts: ${r.fonts.length ? r.fonts.join(', ') : 'none'}`,
    );
    await testInfo.attach('first-load', { body: lines.join('\n'), contentType: 'text/plain' });
    console.log(`first load in ${language} (budget ${FIRST_LOAD_BUDGET_KB} KB):\n${lines.join('\n')}`);
    expect(results.map((r) => r.route)).toEqual(['/', '/booking', '/bookings']);
    for (const result of results) {
      expect(result.adminScripts, `${result.route} loads admin code`).toEqual([]);
      expect(result.scripts.length, `${result.route} loads scripts`).toBeGreaterThan(2);
      expect(result.gzipBytes / 1024, `${result.route} first load in KB`).toBeLessThanOrEqual(
        FIRST_LOAD_BUDGET_KB,
      );
      expect(result.stylesheets.length, `${result.route} loads a stylesheet`).toBeGreaterThan(0);
      if (language === 'English') expect(result.fonts, `${result.route} fetches fonts`).toEqual([]);
      else {
        expect(result.fonts.length, `${result.route} fetches the Thaana font`).toBeGreaterThan(0);
        for (const font of result.fonts) expect(font).toMatch(THAANA_FONT);
      }
    }
  });
}
