// The passenger header on a small phone, a phone and a desktop, in English and Dhivehi: the
// operator's name is drawn whole (never cut short or ended with '…'), nothing reaches past the
// screen's edge, every control is a tap target of at least 44 px, and the header stays one row.
import type { Branding } from '#shared/schemas.ts';
import { expect, test } from './fixtures.ts';
import { json } from './support/booking-api.ts';
import { expectAccessible } from './support/ui.ts';

const MIN_TAP_PX = 44;
/** One row of controls: the name may take two lines beside them, the header no more height. */
const MAX_HEADER_PX = 72;

for (const [language, locale] of [
  ['English', 'en-US'],
  ['Dhivehi', 'dv-MV'],
] as const) {
  for (const width of [360, 390, 1366]) {
    test(`the header keeps the operator's name whole at ${width} px, in ${language}`, async ({
      browser,
      baseURL,
    }) => {
      const phone = width < 640;
      const context = await browser.newContext({
        baseURL,
        locale,
        viewport: { width, height: phone ? 740 : 900 },
        isMobile: phone,
        hasTouch: phone,
      });
      try {
        const page = await context.newPage();
        const { appName } = await json<Branding>(await page.request.get('/api/branding'));
        await page.goto('/');
        const header = page.getByRole('banner');
        const brand = header.getByRole('link', { name: appName, exact: true });
        await expect(brand).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', language === 'English' ? 'en' : 'dv');
        // Measured in the fonts the page draws with, once they are in.
        await page.waitForLoadState('networkidle');
        await page.evaluate(() => document.fonts.ready.then(() => undefined));

        const name = brand.getByText(appName, { exact: true });
        const drawn = await name.evaluate((el) => {
          const range = document.createRange();
          range.selectNodeContents(el);
          const text = range.getBoundingClientRect();
          const box = el.getBoundingClientRect();
          const style = getComputedStyle(el);
          return {
            scrollWidth: el.scrollWidth,
            clientWidth: el.clientWidth,
            textInside: text.left >= box.left - 0.5 && text.right <= box.right + 0.5,
            ellipsis: style.textOverflow === 'ellipsis',
            left: text.left,
            right: text.right,
          };
        });
        expect(drawn.scrollWidth, 'the name is cut off').toBeLessThanOrEqual(drawn.clientWidth);
        expect(drawn.textInside, 'the name spills out of its box').toBe(true);
        expect(drawn.ellipsis).toBe(false);
        expect(drawn.left).toBeGreaterThanOrEqual(0);
        expect(drawn.right).toBeLessThanOrEqual(width);

        // Nothing reaches past either edge: not the page, not a part of the header.
        const overflow = await page.evaluate(() => ({
          page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
          outside: [...document.querySelectorAll('header *')]
            .map((el) => ({ el, box: el.getBoundingClientRect() }))
            .filter(({ box }) => box.width > 0 && (box.left < -0.5 || box.right > window.innerWidth + 0.5))
            .map(({ el }) => el.outerHTML.slice(0, 80)),
        }));
        expect(overflow.page, 'the page scrolls sideways').toBeLessThanOrEqual(0);
        expect(overflow.outside).toEqual([]);

        // Every link and button of the header is a whole tap target, and all sit in one row.
        const controls = await header.locator('a, button').all();
        expect(controls.length).toBe(4);
        for (const control of controls) {
          const box = await control.boundingBox();
          const what = (await control.textContent()) ?? '';
          expect(box, what).not.toBeNull();
          expect(box?.height, what).toBeGreaterThanOrEqual(MIN_TAP_PX);
          expect(box?.width, what).toBeGreaterThanOrEqual(MIN_TAP_PX);
        }
        const headerBox = await header.boundingBox();
        expect(headerBox?.height).toBeLessThanOrEqual(MAX_HEADER_PX);

        if (width === 360) await expectAccessible(page, `header at ${width} px in ${language}`);
        await page.screenshot({ path: `.tmp/header-shots/${locale.slice(0, 2)}-${width}.png` });
      } finally {
        await context.close();
      }
    });
  }
}
