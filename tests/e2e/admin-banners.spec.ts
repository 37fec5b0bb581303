import path from 'node:path';
import type { Page } from '@playwright/test';
import { DEMO_ADMIN, MOBILE_BREAKPOINT_PX } from '#shared/constants.ts';
import { MSG } from '#shared/messages/api.ts';
import type { BannerList } from '#shared/setup-api.ts';
import { BANNER_DELETED_ELSEWHERE, test as base, expect } from './fixtures.ts';
import { json } from './support/booking-api.ts';
import { lockFixture } from './support/global-lock.ts';
import { expectAccessible, toast } from './support/ui.ts';

const SHOTS = path.resolve(import.meta.dirname, '../../.tmp/d2-shots');
const BANNER_FILE = path.resolve(import.meta.dirname, '../files/banner.webp');
const NOT_AN_IMAGE = path.resolve(import.meta.dirname, '../files/not-an-image.jpg');

const fileInput = (page: Page) => page.getByLabel('Choose image to upload');
const row = (page: Page, imageUrl: string) =>
  page.getByRole('listitem').filter({ has: page.locator(`img[src="${imageUrl}"]`) });
const carousel = (page: Page) => page.getByRole('region', { name: 'Featured banners' });

const test = base.extend<{ bannerListLock: undefined }>({
  // The home page shows every active banner: one upload-and-delete at a time, not one per project.
  bannerListLock: lockFixture('banners'),
  allowedErrors: [[BANNER_DELETED_ELSEWHERE], { scope: 'test' }],
});

async function audit(page: Page, name: string, project: string) {
  await expectAccessible(page, name);
  await page.screenshot({ path: path.join(SHOTS, `banners-${project}-${name}.png`), fullPage: true });
}

async function adminBanners(page: Page) {
  return (await json<BannerList>(await page.request.get('/api/admin/banners'))).banners;
}

test.describe('banner management', () => {
  test.beforeEach(async ({ page }) => {
    await json(await page.request.post('/api/auth/login', { data: DEMO_ADMIN }));
  });

  test('uploads a banner for this device, shows it on the home page, then deletes it', async ({
    page,
    bannerListLock: _,
  }, testInfo) => {
    test.slow(); // four axe audits, an upload and two visits to the home page
    // Each project uploads for its own device class only, so parallel runs tell theirs apart.
    const mobile = (page.viewportSize()?.width ?? 0) < MOBILE_BREAKPOINT_PX;
    const before = new Set((await adminBanners(page)).map((b) => b.id));

    await page.goto('/admin/banners');
    await expect(page.getByRole('heading', { level: 1, name: 'Banner Management' })).toBeVisible();
    await expect(page.getByText(MSG.bannerFormats)).toBeVisible();
    await expect(page.getByText('Mobile banners: 1:1 ratio (1080x1080 recommended)')).toBeVisible();
    await expect(page.getByText('Desktop banners: 16:9 ratio (1920x1080 recommended)')).toBeVisible();
    await audit(page, 'list', testInfo.project.name);

    // With neither placement chosen there is nothing to upload for.
    const desktop = page.getByRole('checkbox', { name: 'Show on desktop' });
    const phone = page.getByRole('checkbox', { name: 'Show on mobile' });
    await desktop.uncheck();
    await phone.uncheck();
    await expect(fileInput(page)).toBeDisabled();
    await expect(page.getByText(MSG.bannerPlacement)).toBeVisible();
    await audit(page, 'no-placement', testInfo.project.name);

    await (mobile ? phone : desktop).check();
    await expect(fileInput(page)).toBeEnabled();
    await fileInput(page).setInputFiles(BANNER_FILE);
    // Compressing a 2400x1200 image on a busy machine's software canvas can take a while.
    await expect(toast(page, MSG.bannerUploaded)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('status').filter({ hasText: MSG.bannerUploaded })).toBeVisible();

    const added = (await adminBanners(page)).filter(
      (b) => !before.has(b.id) && b.showOnMobile === mobile && b.showOnDesktop === !mobile,
    );
    expect(added).toHaveLength(1);
    const banner = added[0];
    if (!banner) throw new Error('the uploaded banner is missing');
    expect(banner.title).toMatch(/^Banner \d+$/);
    expect(banner.imageUrl).toMatch(/\.webp$/);
    const listed = row(page, banner.imageUrl);
    await expect(listed.getByRole('heading', { name: banner.title })).toBeVisible();
    await expect(listed.getByText(mobile ? 'Mobile' : 'Desktop', { exact: true })).toBeVisible();
    await expect(
      listed.getByText(mobile ? 'Not on desktop' : 'Not on mobile', { exact: true }),
    ).toBeVisible();
    await audit(page, 'uploaded', testInfo.project.name);

    // The home page carousel of this device class shows it.
    await page.goto('/');
    await expect(carousel(page).locator(`img[src="${banner.imageUrl}"]`)).toHaveCount(1);

    await page.goto('/admin/banners');
    await row(page, banner.imageUrl)
      .getByRole('button', { name: /^Delete / })
      .click();
    const confirm = page.getByRole('alertdialog', { name: `Delete ${banner.title}?` });
    await expect(confirm).toBeVisible();
    await audit(page, 'delete-confirm', testInfo.project.name);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, MSG.bannerDeleted)).toBeVisible();
    await expect(row(page, banner.imageUrl)).toHaveCount(0);
    expect((await adminBanners(page)).some((b) => b.id === banner.id)).toBe(false);

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator(`img[src="${banner.imageUrl}"]`)).toHaveCount(0);
  });

  test('a mobile-only banner shows at phone width and not at desktop width', async ({
    page,
    bannerListLock: _,
  }) => {
    test.slow(); // an upload with in-browser compression and three visits to the home page
    // The test sets both widths itself, so which project runs it does not matter.
    const PHONE_SIZE = { width: 390, height: 844 };
    const DESKTOP_SIZE = { width: 1366, height: 900 };
    const before = new Set((await adminBanners(page)).map((b) => b.id));

    await page.goto('/admin/banners');
    await page.getByRole('checkbox', { name: 'Show on desktop' }).uncheck();
    await page.getByRole('checkbox', { name: 'Show on mobile' }).check();
    await fileInput(page).setInputFiles(BANNER_FILE);
    await expect(toast(page, MSG.bannerUploaded)).toBeVisible({ timeout: 30_000 });
    const added = (await adminBanners(page)).filter((b) => !before.has(b.id));
    expect(added).toHaveLength(1);
    const banner = added[0];
    if (!banner) throw new Error('the uploaded banner is missing');
    expect(banner).toMatchObject({ showOnMobile: true, showOnDesktop: false, isActive: true });
    const slide = (p: Page) => p.locator(`img[src="${banner.imageUrl}"]`);

    try {
      // At phone width the carousel has it.
      await page.setViewportSize(PHONE_SIZE);
      await page.goto('/');
      await expect(carousel(page).locator(`img[src="${banner.imageUrl}"]`)).toHaveCount(1);

      // Widening the same page to a desktop takes it out (the banners are loaded by then, so
      // its absence is the filter's doing, not a list still on its way).
      await page.setViewportSize(DESKTOP_SIZE);
      await expect(slide(page)).toHaveCount(0);
      // The seeded desktop banners are there instead.
      await expect(carousel(page).locator('img').first()).toBeVisible();

      // A fresh visit at desktop width never shows it either.
      await page.goto('/');
      await expect(carousel(page).locator('img').first()).toBeVisible();
      await expect(slide(page)).toHaveCount(0);

      // And narrowing that page to a phone brings it in.
      await page.setViewportSize(PHONE_SIZE);
      await expect(carousel(page).locator(`img[src="${banner.imageUrl}"]`)).toHaveCount(1);
    } finally {
      // Deleted through the API: the upload-and-delete screens have the test above.
      const deleted = await page.request.delete(`/api/admin/banners/${banner.id}`);
      expect(deleted.ok(), `delete: ${deleted.status()} ${await deleted.text()}`).toBe(true);
    }
    expect((await adminBanners(page)).some((b) => b.id === banner.id)).toBe(false);
  });

  test('a file that is not an image is refused before anything is uploaded', async ({ page }, testInfo) => {
    await page.goto('/admin/banners');
    await expect(fileInput(page)).toBeEnabled();

    // Wrong type: refused by the shared validator, with its reason.
    await fileInput(page).setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not an image'),
    });
    const invalid = toast(page, MSG.invalidFile);
    await expect(invalid).toBeVisible();
    await expect(invalid.getByText(MSG.imageType)).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: MSG.imageType })).toBeVisible();

    // Right type, unreadable content: the browser cannot decode it, so the upload fails.
    await fileInput(page).setInputFiles(NOT_AN_IMAGE);
    const failed = toast(page, 'Upload failed');
    await expect(failed).toBeVisible();
    await expect(failed.getByText(MSG.loadImageFailed)).toBeVisible();
    await expect(page.getByText(MSG.uploadFailed(MSG.loadImageFailed))).toBeVisible();
    await page.screenshot({
      path: path.join(SHOTS, `banners-${testInfo.project.name}-refused.png`),
      fullPage: true,
    });
  });
});
