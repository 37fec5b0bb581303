// English and Dhivehi: the language a first visit follows, the header's switch and what it
// remembers, right to left, and the Thaana font: Dhivehi pages fetch it, English ones none, their
// switch's own label (ދިވެހި) being drawn in a subset inline in the stylesheet
// (docs/decisions/034-thaana-label-subset.md).
import type { Page } from '@playwright/test';
import { LANGUAGE_NAME } from '#shared/languages.ts';
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

  test("English pages never download Dhivehi texts nor a font, and still draw the switch's ދިވެހި", async ({
    page,
  }) => {
    const fetched: string[] = [];
    const fonts: string[] = [];
    page.on('request', (request) => {
      fetched.push(request.url());
      if (request.resourceType() === 'font') fonts.push(request.url());
    });
    await page.goto('/');
    await expect(page.getByRole('link', { name: common.en.navHome, exact: true })).toBeVisible();
    const label = page
      .getByRole('banner')
      .getByRole('button', { name: `${common.en.languageSwitch}: ${LANGUAGE_NAME.dv}` })
      .getByText(LANGUAGE_NAME.dv, { exact: true });
    await expect(label).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(html(page)).toHaveAttribute('lang', 'en');
    await expect(html(page)).toHaveAttribute('dir', 'ltr');
    // The switch names Dhivehi in Thaana from a font inline in the stylesheet: no font file.
    expect(fonts).toEqual([]);
    // Every glyph of the label is drawn by that web font, none by a system fallback (which, on a
    // device without a Thaana font, as here, draws boxes): what Chromium itself reports it used.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const drawnWith = async () => {
      const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
      const { nodeId } = await cdp.send('DOM.querySelector', {
        nodeId: root.nodeId,
        selector: 'header .language-switch [lang="dv"]',
      });
      const { fonts: used } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
      return used.map(({ isCustomFont, glyphCount }) => ({ isCustomFont, glyphCount }));
    };
    await expect.poll(drawnWith).toEqual([{ isCustomFont: true, glyphCount: [...LANGUAGE_NAME.dv].length }]);
    expect(
      await page.evaluate(() =>
        [...document.fonts]
          .filter((face) => face.status === 'loaded')
          .map((face) => face.family.replaceAll('"', '')),
      ),
    ).toEqual(['Thaana Label']);
    // And drawn as the full Thaana font draws it, glyph for glyph: as wide as the label set in that
    // font (the page's own 700 face, loaded here by the test), where a letter missing from the
    // subset would be drawn as the font's blank and a system fallback as boxes, each another width.
    const widths = await label.evaluate(async (el) => {
      const face = [...document.styleSheets]
        .flatMap((sheet) => [...sheet.cssRules])
        .filter((rule): rule is CSSFontFaceRule => rule instanceof CSSFontFaceRule)
        .map((rule) => ({
          url: /url\("?([^")]*thaana-700-normal[^")]*)"?\)/.exec(rule.style.getPropertyValue('src'))?.[1],
          sizeAdjust: rule.style.getPropertyValue('size-adjust'),
        }))
        .find((candidate) => candidate.url);
      if (!face) throw new Error('no @font-face of the full Thaana font at 700');
      // As the page declares it, size-adjust included (which TypeScript's DOM types do not list yet).
      const descriptors: FontFaceDescriptors & { sizeAdjust: string } = {
        weight: '700',
        sizeAdjust: face.sizeAdjust,
      };
      const full = new FontFace('Thaana in full', `url(${face.url})`, descriptors);
      document.fonts.add(await full.load());
      const style = getComputedStyle(el);
      const widthIn = (family: string) => {
        const probe = document.createElement('span');
        probe.textContent = el.textContent;
        probe.style.cssText = `position: fixed; white-space: nowrap; font: ${style.fontWeight} ${style.fontSize} ${family}`;
        document.body.append(probe);
        const width = probe.getBoundingClientRect().width;
        probe.remove();
        return width;
      };
      return {
        label: el.getBoundingClientRect().width,
        full: widthIn('"Thaana in full"'),
        fallback: widthIn('sans-serif'),
      };
    });
    expect(Math.abs(widths.label - widths.full), JSON.stringify(widths)).toBeLessThan(0.25);
    expect(Math.abs(widths.label - widths.fallback), JSON.stringify(widths)).toBeGreaterThan(1);
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
