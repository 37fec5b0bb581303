// English and Dhivehi: the language a first visit follows, the header's switch and what it
// remembers, right to left, and the Thaana font: Dhivehi pages fetch it, English ones only the
// one small file the switch's own label (ދިވެހި) is drawn in.
import type { Page } from '@playwright/test';
import { TEXTS } from '#shared/messages/catalogues.ts';
import { expect, test } from './fixtures.ts';
import { expectAccessible } from './support/ui.ts';

const common = TEXTS.common;
const THAANA_FONT = /noto-sans-thaana-thaana-\d+-normal-[\w-]+\.woff2$/;
const isScript = (url: string) => /\/assets\/[\w-]+\.js$/.test(url);

const html = (page: Page) => page.locator('html');

test.describe('languages', () => {
  test('a first visit follows Accept-Language: Dhivehi, right to left, with the Thaana font', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL, locale: 'dv-MV' });
    try {
      const page = await context.newPage();
      const fonts: string[] = [];
      page.on('request', (request) => {
        if (THAANA_FONT.test(request.url())) fonts.push(request.url());
      });
      await page.goto('/does-not-exist');
      await expect(html(page)).toHaveAttribute('lang', 'dv');
      await expect(html(page)).toHaveAttribute('dir', 'rtl');
      await expect(page.getByRole('heading', { level: 1 })).toContainText(TEXTS.site.dv.notFoundHeading);
      await expect(page.getByRole('link', { name: common.dv.navCheckBooking, exact: true })).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(TEXTS.site.dv.notFoundTitle));
      await expect.poll(() => fonts.length).toBeGreaterThan(0);
      // Drawn in Noto Sans Thaana, not a fallback.
      expect(await page.evaluate(() => document.fonts.check('16px "Noto Sans Thaana"', 'ދިވެހި'))).toBe(true);
      await expectAccessible(page, '404 in Dhivehi');
    } finally {
      await context.close();
    }
  });

  test('English pages never download Dhivehi texts, and of the Thaana font only what the switch draws', async ({
    page,
  }) => {
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(request.url()));
    await page.goto('/');
    await expect(page.getByRole('link', { name: common.en.navHome, exact: true })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(html(page)).toHaveAttribute('lang', 'en');
    await expect(html(page)).toHaveAttribute('dir', 'ltr');
    // The switch names Dhivehi in Thaana, drawn in the Thaana subset: one file, of its one weight.
    const fonts = fetched.filter((url) => THAANA_FONT.test(url));
    expect(fonts).toHaveLength(1);
    expect(fonts[0]).toMatch(/noto-sans-thaana-thaana-700-/);
    expect(await page.evaluate(() => document.fonts.check('600 14px "Noto Sans Thaana"', 'ދިވެހި'))).toBe(true);
    // No script fetched carries Dhivehi sentences (the switch's own label, ދިވެހި, is short).
    for (const url of fetched.filter(isScript)) {
      const body = await (await page.request.get(url)).text();
      expect(/[\u0780-\u07bf]{8,}/.test(body), url).toBe(false);
    }
  });

  test('the header switch changes the language by keyboard, and it is remembered', async ({ page }) => {
    await page.goto('/');
    const toDhivehi = page.getByRole('button', { name: `${common.en.languageSwitch}: ދިވެހި` });
    await toDhivehi.focus();
    await page.keyboard.press('Enter');
    await expect(html(page)).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('link', { name: common.dv.navHome, exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: `${common.dv.languageSwitch}: English` })).toBeFocused();

    // A new page load, then another page: still Dhivehi, without asking again.
    await page.reload();
    await expect(html(page)).toHaveAttribute('lang', 'dv');
    await page.getByRole('link', { name: common.dv.navCheckBooking, exact: true }).click();
    await expect(page).toHaveURL(/\/bookings$/);
    await expect(html(page)).toHaveAttribute('dir', 'rtl');

    // And back to English, the same way.
    await page.getByRole('button', { name: `${common.dv.languageSwitch}: English` }).click();
    await expect(html(page)).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('link', { name: common.en.navCheckBooking, exact: true })).toBeVisible();
    await page.reload();
    await expect(html(page)).toHaveAttribute('lang', 'en');
  });

  test('the admin area stays English, left to right, for a Dhivehi reader', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, locale: 'dv-MV' });
    try {
      const page = await context.newPage();
      await page.goto('/admin/login');
      await expect(html(page)).toHaveAttribute('lang', 'en');
      await expect(html(page)).toHaveAttribute('dir', 'ltr');
      await page.goto('/');
      await expect(html(page)).toHaveAttribute('dir', 'rtl');
    } finally {
      await context.close();
    }
  });
});
