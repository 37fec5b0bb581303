// Dhivehi wherever it appears: Thaana on English pages and staff screens is drawn in the Thaana
// web font, fetched only once such text shows; and Thaana is drawn larger than Latin of the same
// size. (The header on a small phone: site-header.spec.ts.)
import type { Page } from '@playwright/test';
import { DEMO_ADMIN } from '#shared/constants.ts';
import { expect, test } from './fixtures.ts';
import { createBookingViaApi, json } from './support/booking-api.ts';
import { expectAccessible } from './support/ui.ts';

const THAANA_FONT = /noto-sans-thaana-thaana-\d+-normal-[\w-]+\.woff2$/;
const THAANA_NAME = 'އައިޝަތު މުޙައްމަދު';

/** The font the browser draws an element's first glyph with: the first family of its stack it has. */
const firstFamily = (page: Page, text: string) =>
  page
    .getByText(text, { exact: true })
    .first()
    .evaluate((el) => getComputedStyle(el).fontFamily.split(',')[0]?.replaceAll('"', '').trim());

test.describe('Thaana text', () => {
  test('a Thaana passenger name on an English staff screen is drawn in the Thaana font, fetched only then', async ({
    page,
  }) => {
    test.slow();
    const latin = await createBookingViaApi(page.request);
    const thaana = await createBookingViaApi(page.request, { passengerName: THAANA_NAME });
    await json(await page.request.post('/api/auth/login', { data: DEMO_ADMIN }));
    const fonts: string[] = [];
    page.on('request', (request) => {
      if (THAANA_FONT.test(request.url())) fonts.push(request.url());
    });

    await page.goto(`/admin/tickets?q=${latin.reference}`);
    await expect(page.getByText(latin.passengerName, { exact: true })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect(fonts, 'no Thaana on screen: no Thaana font').toEqual([]);

    // The same screen, now showing a Thaana name: the subset is fetched and draws it.
    await page.getByLabel('Search by reference').fill(thaana.reference);
    const name = page.getByText(THAANA_NAME, { exact: true });
    await expect(name).toBeVisible();
    await expect.poll(() => fonts.length).toBeGreaterThan(0);
    expect(fonts.every((url) => THAANA_FONT.test(url))).toBe(true);
    expect(await firstFamily(page, THAANA_NAME)).toBe('Noto Sans Thaana');
    // Drawn in it: the face of the name's own weight and size has loaded.
    await expect
      .poll(() =>
        name.evaluate((el) => {
          const style = getComputedStyle(el);
          const font = `${style.fontWeight} ${style.fontSize} "Noto Sans Thaana"`;
          const loaded = [...document.fonts].some(
            (f) => f.family.replaceAll('"', '') === 'Noto Sans Thaana' && f.status === 'loaded',
          );
          return loaded && document.fonts.check(font, el.textContent ?? '');
        }),
      )
      .toBe(true);
    // The Latin name beside it stays in the system font: the subset covers Thaana only.
    await page.getByLabel('Search by reference').fill(latin.reference);
    await expect(page.getByText(latin.passengerName, { exact: true })).toBeVisible();
    // Each face of the Thaana font covers Thaana (and its Arabic marks) only, never Latin letters.
    const ranges = await page.evaluate(() =>
      [...document.fonts]
        .filter((f) => f.family.replaceAll('"', '') === 'Noto Sans Thaana')
        .map((f) => f.unicodeRange),
    );
    expect(ranges.length).toBeGreaterThan(0);
    for (const range of ranges) {
      const spans = range.split(',').map((part) => {
        const [from = '', to] = part.trim().replace(/^U\+/i, '').split('-');
        return [Number.parseInt(from, 16), Number.parseInt(to ?? from, 16)] as const;
      });
      const covers = (code: number) => spans.some(([from, to]) => from <= code && code <= to);
      expect(covers(0x0780), range).toBe(true);
      expect(covers('A'.charCodeAt(0)) || covers('a'.charCodeAt(0)) || covers('1'.charCodeAt(0)), range).toBe(
        false,
      );
    }
    await expectAccessible(page, 'tickets with a Thaana name');
  });

  test('Thaana is drawn larger than at its plain size, so small print stays legible', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL, locale: 'dv-MV' });
    try {
      const page = await context.newPage();
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', 'dv');
      await page.waitForLoadState('networkidle');
      // The same font file without the page's size-adjust, beside the page's own face, at 12 px.
      const ratio = await page.evaluate(async () => {
        const url = performance
          .getEntriesByType('resource')
          .map((e) => e.name)
          .find((name) => /noto-sans-thaana-thaana-400-normal-[\w-]+\.woff2$/.test(name));
        if (!url) throw new Error('the Thaana font was not fetched');
        const plain = new FontFace('Thaana at plain size', `url(${url})`);
        document.fonts.add(await plain.load());
        await document.fonts.load('12px "Noto Sans Thaana"', 'ހުއްޓުން');
        const width = (family: string) => {
          const span = document.createElement('span');
          span.style.cssText = `font: 12px ${family}; position: absolute; white-space: nowrap`;
          span.textContent = 'ހުއްޓުންތައް ދަތުރުގެ ތާރީޚު';
          document.body.append(span);
          const w = span.getBoundingClientRect().width;
          span.remove();
          return w;
        };
        return width('"Noto Sans Thaana"') / width('"Thaana at plain size"');
      });
      expect(ratio).toBeGreaterThan(1.1);
    } finally {
      await context.close();
    }
  });
});
