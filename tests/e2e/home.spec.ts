import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { BANNER_ROTATION_MS, DEFAULT_APP_NAME, MOBILE_BREAKPOINT_PX } from '#shared/constants.ts';
import type { Banner, Branding } from '#shared/schemas.ts';
import { expect, test } from './fixtures.ts';
import { showFooter, WCAG_TAGS } from './support/ui.ts';

const carousel = (page: Page) => page.getByRole('region', { name: 'Featured banners' });
const dots = (page: Page) => carousel(page).getByRole('button', { name: /^Go to banner \d+$/ });
const dot = (page: Page, index: number) =>
  carousel(page).getByRole('button', { name: `Go to banner ${index + 1}` });

const slides = (page: Page) => carousel(page).locator('[aria-roledescription="slide"]');
// Hidden slides are inert, which takes them out of the browser's accessibility tree.
const shownSlide = (page: Page) => carousel(page).locator('[aria-roledescription="slide"]:not([inert])');

async function expectActive(page: Page, index: number) {
  await expect(dot(page, index)).toHaveAttribute('aria-current', 'true');
  await expect(dots(page).and(page.locator('[aria-current="true"]'))).toHaveCount(1);
  await expect(shownSlide(page)).toHaveCount(1);
  await expect(shownSlide(page)).toHaveAttribute('aria-label', `${index + 1} of ${await dots(page).count()}`);
}

/** The banners docs/product.md says this viewport shows, in order, straight from the API. */
async function bannersForViewport(page: Page) {
  const response = await page.request.get('/api/banners');
  expect(response.ok()).toBe(true);
  const all = (await response.json()) as Banner[];
  const width = page.viewportSize()?.width ?? 0;
  const mobile = width < MOBILE_BREAKPOINT_PX;
  const shown = all
    .filter((b) => b.isActive && (mobile ? b.showOnMobile : b.showOnDesktop))
    .sort((a, b) => a.displayOrder - b.displayOrder);
  const hidden = all.filter((b) => !shown.includes(b));
  return { shown, hidden };
}

test.describe('home page', () => {
  test('header links go home and to the booking lookup, marking the current page', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(
      page.getByRole('heading', { level: 1, name: `Welcome to ${DEFAULT_APP_NAME}` }),
    ).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');

    await nav.getByRole('link', { name: 'Check Booking' }).click();
    await expect(page).toHaveURL('/bookings');
    await expect(page.getByRole('heading', { level: 1, name: 'Check Your Booking' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Check Booking' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page');

    await nav.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome to / })).toBeVisible();
  });

  test('hero shows the claims and its buttons lead to booking and lookup', async ({ page }) => {
    await page.goto('/');
    const hero = page.getByRole('region', { name: /^Welcome to / });
    for (const claim of ['20+', '24/7', '10K+'])
      await expect(hero.getByText(claim, { exact: true })).toBeVisible();
    for (const label of ['Daily routes', 'Support', 'Travelers']) {
      await expect(hero.getByText(label, { exact: true })).toBeVisible();
    }

    await hero.getByRole('link', { name: 'Book Your Ferry' }).click();
    await expect(page).toHaveURL('/booking');
    await expect(page.getByRole('heading', { level: 1, name: 'Book Your Ferry Journey' })).toBeVisible();

    await page.goBack();
    await page.getByRole('main').getByRole('link', { name: 'Check Booking' }).click();
    await expect(page).toHaveURL('/bookings');
    await expect(page.getByRole('heading', { level: 1, name: 'Check Your Booking' })).toBeVisible();
  });

  test('header and browser chrome follow the branding settings', async ({ page }) => {
    const response = await page.request.get('/api/branding');
    expect(response.ok()).toBe(true);
    const branding = (await response.json()) as Branding;
    await page.goto('/');
    const home = page.getByRole('banner').getByRole('link').first();
    await expect(home).toHaveText(branding.appName);
    await expect(home).toHaveAttribute('href', '/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome to ${branding.appName}`);
    await expect(page).toHaveTitle(branding.appName);
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', branding.themeColor);
  });

  test('keyboard users can skip straight to the content', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
  });

  test('footer lists phone, e-mails, services and copyright', async ({ page }) => {
    await page.goto('/');
    const footer = await showFooter(page);
    await expect(footer.getByRole('link', { name: /^\+960/ })).toHaveAttribute('href', /^tel:\+960/);
    await expect(footer.getByRole('link', { name: /@/ })).toHaveCount(2);
    for (const service of ['Ferry booking', 'Island transfers', 'Airport connections', 'Tourist routes']) {
      await expect(footer.getByText(service, { exact: true })).toBeVisible();
    }
    await expect(footer.getByText(new RegExp(`© ${new Date().getFullYear()} `))).toBeVisible();
  });

  test('carousel shows exactly the banners for this device, in display order', async ({ page }) => {
    const { shown, hidden } = await bannersForViewport(page);
    // The demo seeds banners for one device class only, so the filter is really exercised.
    expect(shown.length, 'seeded banners for this viewport').toBeGreaterThan(1);
    expect(hidden.length, 'seeded banners for the other device class').toBeGreaterThan(0);

    await page.goto('/');
    await expect(dots(page)).toHaveCount(shown.length);
    // On a phone the trip search comes first and the carousel may start below the fold.
    await carousel(page).scrollIntoViewIfNeeded();
    const images = carousel(page).locator('img');
    await expect(images).toHaveCount(shown.length);
    const rendered = await images.evaluateAll((imgs) =>
      (imgs as HTMLImageElement[]).map((img) => ({ alt: img.alt, src: new URL(img.src).pathname })),
    );
    expect(rendered).toEqual(shown.map((b) => ({ alt: b.title, src: b.imageUrl })));
    // The first banner is on screen; the others wait, inert, outside the frame.
    await expect(shownSlide(page).getByRole('img')).toHaveAccessibleName(shown[0]?.title ?? '');
    await expect(shownSlide(page)).toBeInViewport({ ratio: 0.95 });
    await expect(slides(page).nth(1)).not.toBeInViewport();
    await expect(slides(page).nth(1)).toHaveAttribute('inert', '');

    const mobile = (page.viewportSize()?.width ?? 0) < MOBILE_BREAKPOINT_PX;
    const box = await carousel(page).boundingBox();
    expect(box).not.toBeNull();
    const ratio = (box?.width ?? 0) / (box?.height ?? 1);
    if (mobile) expect(ratio).toBeCloseTo(1, 1);
    else expect(ratio).toBeCloseTo(16 / 9, 1);
  });

  test('the first banner is fetched once, at the size for this screen, as preloaded', async ({ page }) => {
    const { shown } = await bannersForViewport(page);
    const first = shown[0];
    expect(first?.smallImageUrl, 'the demo banners have a small sibling').toBeDefined();
    const files = [first?.imageUrl, first?.smallImageUrl];
    const fetched: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (files.includes(pathname)) fetched.push(pathname);
    });

    await page.goto('/');
    const img = shownSlide(page).getByRole('img');
    await expect(img).toHaveJSProperty('complete', true);
    const shownFile = new URL(await img.evaluate((el: HTMLImageElement) => el.currentSrc)).pathname;
    // The phone project's 390 px screen (device pixel ratio 1) takes the small file, a desktop the full one.
    const mobile = (page.viewportSize()?.width ?? 0) < MOBILE_BREAKPOINT_PX;
    expect(shownFile).toBe(mobile ? first?.smallImageUrl : first?.imageUrl);

    // The preload offers the same choice, so it and the <img> share one download.
    const preload = page.locator('link[rel="preload"][as="image"]');
    await expect(preload).toHaveCount(1);
    await expect(preload).toHaveAttribute('imagesrcset', (await img.getAttribute('srcset')) ?? '');
    await expect(preload).toHaveAttribute('imagesizes', (await img.getAttribute('sizes')) ?? '');
    expect(fetched).toEqual([shownFile]);
  });

  test('a banner stored without a small sibling is still shown, from its one file', async ({ page }) => {
    const { shown } = await bannersForViewport(page);
    await page.route('/api/banners', async (route) => {
      const response = await route.fetch();
      const banners = ((await response.json()) as Banner[]).map(({ smallImageUrl: _, ...b }) => b);
      await route.fulfill({ response, json: banners });
    });
    await page.goto('/');
    const img = shownSlide(page).getByRole('img');
    await expect(img).toHaveJSProperty('complete', true);
    await expect(img).not.toHaveAttribute('srcset');
    expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
    expect(new URL(await img.evaluate((el: HTMLImageElement) => el.currentSrc)).pathname).toBe(
      shown[0]?.imageUrl,
    );
  });

  test('carousel advances every 5 seconds, cyclically, and dots jump', async ({ page }) => {
    const { shown } = await bannersForViewport(page);
    const count = shown.length;
    expect(count).toBeGreaterThan(1);

    await page.clock.install();
    await page.goto('/');
    await expect(dots(page)).toHaveCount(count);
    await expectActive(page, 0);
    // Stop the clock: from here on time only moves when the test says so.
    const now = await page.evaluate(() => Date.now());
    await page.clock.pauseAt(now + 500);
    await expectActive(page, 0);

    // A dot jumps to its banner.
    await dot(page, count - 1).click();
    await expectActive(page, count - 1);
    await expect(shownSlide(page).getByRole('img')).toHaveAccessibleName(shown[count - 1]?.title ?? '');
    await expect(slides(page).nth(count - 1)).toBeInViewport({ ratio: 0.95 });

    // Moving the pointer away restarts the 5 s for the shown banner.
    await page.mouse.move(1, 1);
    await page.clock.runFor(BANNER_ROTATION_MS - 100);
    await page.waitForTimeout(100);
    await expectActive(page, count - 1);

    // After 5 s the last banner wraps around to the first, then each follows in turn.
    await page.clock.runFor(100);
    await expectActive(page, 0);
    for (let step = 1; step <= count; step++) {
      await page.clock.runFor(BANNER_ROTATION_MS);
      await expectActive(page, step % count);
    }
    await expect(shownSlide(page).getByRole('img')).toHaveAccessibleName(shown[0]?.title ?? '');
    await expect(slides(page).first()).toBeInViewport({ ratio: 0.95 });
  });

  // Tagged so that the phone project leaves it out: a touch screen has no hover.
  test('carousel holds still while the mouse is over it', { tag: '@mouse' }, async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await expect(dots(page).first()).toBeVisible();
    const now = await page.evaluate(() => Date.now());
    await page.clock.pauseAt(now + 500);

    await carousel(page).hover();
    await page.clock.runFor(BANNER_ROTATION_MS * 3);
    await page.waitForTimeout(100);
    await expectActive(page, 0);

    await page.mouse.move(1, 1);
    await page.clock.runFor(BANNER_ROTATION_MS);
    await expectActive(page, 1);
  });

  test('carousel can be paused and resumed with its button', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await expect(dots(page).first()).toBeVisible();
    const now = await page.evaluate(() => Date.now());
    await page.clock.pauseAt(now + 500);

    await carousel(page).getByRole('button', { name: 'Pause banner rotation' }).click();
    await page.mouse.move(1, 1);
    await page.clock.runFor(BANNER_ROTATION_MS * 3);
    await page.waitForTimeout(100);
    await expectActive(page, 0);

    await carousel(page).getByRole('button', { name: 'Resume banner rotation' }).click();
    await page.mouse.move(1, 1);
    await page.clock.runFor(BANNER_ROTATION_MS);
    await expectActive(page, 1);
  });

  test('with reduced motion the carousel still advances, without sliding', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto('/');
    await expect(dots(page).first()).toBeVisible();
    await carousel(page).scrollIntoViewIfNeeded();
    const track = slides(page).first().locator('xpath=..');
    await expect(track).toHaveCSS('transition-property', 'none');
    await page.clock.runFor(BANNER_ROTATION_MS);
    await expectActive(page, 1);
    await expect(slides(page).nth(1)).toBeInViewport({ ratio: 0.95 });
  });

  test('follows the viewport across the 768 px breakpoint', async ({ page }) => {
    await page.goto('/');
    await expect(dots(page).first()).toBeVisible();
    const start = page.viewportSize();
    const toMobile = (start?.width ?? 0) >= MOBILE_BREAKPOINT_PX;
    await page.setViewportSize({
      width: toMobile ? MOBILE_BREAKPOINT_PX - 1 : MOBILE_BREAKPOINT_PX,
      height: 900,
    });
    const { shown } = await bannersForViewport(page);
    const alts = carousel(page).locator('img');
    await expect(alts).toHaveCount(shown.length);
    await expect
      .poll(() => alts.evaluateAll((imgs) => (imgs as HTMLImageElement[]).map((img) => img.alt)))
      .toEqual(shown.map((b) => b.title));
  });

  test('has no WCAG 2.1 AA violations', async ({ page }) => {
    await page.goto('/');
    await expect(shownSlide(page).getByRole('img')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    expect(results.violations).toEqual([]);
  });
});
