import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { DEFAULT_CONTACT, DEMO_ADMIN, PWA_SHORT_NAME_MAX } from '#shared/constants.ts';
import { MSG } from '#shared/messages/api.ts';
import { TEXTS } from '#shared/messages/catalogues.ts';
import type { Branding } from '#shared/schemas.ts';
import { BANNER_DELETED_ELSEWHERE, test as base, expect } from './fixtures.ts';
import { json } from './support/booking-api.ts';
import { lockFixture } from './support/global-lock.ts';
import { expectAccessible, showFooter, toast } from './support/ui.ts';

const SHOTS = path.resolve(import.meta.dirname, '../../.tmp/d2-shots');
const FILES = path.resolve(import.meta.dirname, '../files');

const test = base.extend<{ settingsLock: undefined }>({
  settingsLock: lockFixture('branding', { auto: true }),
  // These tests open the home page, whose carousel the banner spec changes meanwhile.
  allowedErrors: [[BANNER_DELETED_ELSEWHERE], { scope: 'test' }],
});
test.describe.configure({ mode: 'serial' });

const upload = (page: Page, what: string) => page.getByLabel(new RegExp(`^(Upload|Replace) ${what}$`));

async function audit(page: Page, name: string, project: string) {
  await expectAccessible(page, name);
  await page.screenshot({ path: path.join(SHOTS, `branding-${project}-${name}.png`), fullPage: true });
}

const branding = async (api: APIRequestContext) => json<Branding>(await api.get('/api/branding'));

test.describe('PWA settings', () => {
  test.beforeEach(async ({ page }) => {
    await json(await page.request.post('/api/auth/login', { data: DEMO_ADMIN }));
  });

  test('app settings refuse a long short name, save, and the app follows at once', async ({
    page,
  }, testInfo) => {
    test.slow();
    const original = await branding(page.request);
    const token = randomUUID().slice(0, 4);
    try {
      await page.goto('/admin/pwa-settings');
      await expect(page.getByRole('heading', { level: 1, name: 'PWA Settings' })).toBeVisible();
      const appName = page.getByLabel('App name');
      const shortName = page.getByLabel('Short name');
      await expect(appName).toHaveValue(original.appName);
      await expect(shortName).toHaveValue(original.shortName);
      await expect(page.getByLabel('Theme colour', { exact: true })).toHaveValue(original.themeColor);
      await audit(page, 'loaded', testInfo.project.name);

      // 13 characters: the counter says so and Save is refused under the field.
      const tooLong = 'ABCDEFGHIJKLM';
      expect(tooLong).toHaveLength(PWA_SHORT_NAME_MAX + 1);
      await shortName.fill(tooLong);
      await expect(shortName).toHaveAccessibleDescription(new RegExp(`^13/${PWA_SHORT_NAME_MAX} characters`));
      await page.getByRole('button', { name: 'Save Settings' }).click();
      await expect(shortName).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByText(MSG.shortNameTooLong)).toBeVisible();
      await audit(page, 'short-name-too-long', testInfo.project.name);
      // The server refuses it as well.
      const refused = await page.request.put('/api/admin/pwa-settings', { data: { shortName: tooLong } });
      expect(refused.status()).toBe(400);
      expect(JSON.stringify(await refused.json())).toContain(MSG.shortNameTooLong);
      expect((await branding(page.request)).shortName).toBe(original.shortName);

      // A valid save: names and colours, through the hex text and through the picker.
      const newName = `Island Ferry ${token}`;
      await appName.fill(newName);
      await shortName.fill(`Ferry ${token}`);
      await page.getByLabel('Theme colour', { exact: true }).fill('#0f766e');
      await expect(page.getByLabel('Theme colour picker')).toHaveValue('#0f766e');
      await page.getByLabel('Background colour picker').fill('#f0f9ff');
      await expect(page.getByLabel('Background colour', { exact: true })).toHaveValue('#f0f9ff');
      await page.getByRole('button', { name: 'Save Settings' }).click();
      await expect(toast(page, MSG.settingsSaved)).toBeVisible();
      // The tab title and the browser colour come from the public branding: no reload needed.
      await expect(page).toHaveTitle(`PWA Settings · ${newName}`);
      await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#0f766e');
      expect(await branding(page.request)).toMatchObject({
        appName: newName,
        shortName: `Ferry ${token}`,
        themeColor: '#0f766e',
        backgroundColor: '#f0f9ff',
      });
    } finally {
      const { appName, shortName, themeColor, backgroundColor } = original;
      await json(
        await page.request.put('/api/admin/pwa-settings', {
          data: { appName, shortName, themeColor, backgroundColor },
        }),
      );
    }
  });

  test('a new app name reaches the manifest, the tab title and the header', async ({ page }) => {
    const original = await branding(page.request);
    const newName = `Atoll Ferry ${randomUUID().slice(0, 4)}`;
    try {
      await page.goto('/admin/pwa-settings');
      const appName = page.getByLabel('App name');
      await expect(appName).toHaveValue(original.appName);
      await appName.fill(newName);
      await page.getByRole('button', { name: 'Save Settings' }).click();
      await expect(toast(page, MSG.settingsSaved)).toBeVisible();
      await expect(page).toHaveTitle(`PWA Settings · ${newName}`);

      // The manifest is made from the saved settings on every request.
      const manifest = await page.request.get('/manifest.webmanifest');
      expect(manifest.headers()['content-type']).toContain('application/manifest+json');
      expect(await json<{ name: string; short_name: string }>(manifest)).toMatchObject({
        name: newName,
        short_name: original.shortName,
      });
      // The page links the same manifest.
      await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', /manifest\.webmanifest$/);

      // A visitor's first load shows the new name in the tab and the header.
      await page.goto('/');
      await expect(page).toHaveTitle(newName);
      await expect(page.getByRole('banner').getByText(newName, { exact: true })).toBeVisible();
    } finally {
      await json(await page.request.put('/api/admin/pwa-settings', { data: { appName: original.appName } }));
    }
    expect((await branding(page.request)).appName).toBe(original.appName);
  });

  test('contact details are checked, saved, shown in the footer and the help card, and emptied back to the defaults', async ({
    page,
  }, testInfo) => {
    test.slow();
    const project = testInfo.project.name;
    const token = randomUUID().slice(0, 6);
    const mine = {
      contactPhone: '+960 300 7788',
      bookingEmail: `book-${token}@atoll.example`,
      supportEmail: `help-${token}@atoll.example`,
    };
    try {
      await page.goto('/admin/pwa-settings');
      const card = page.getByRole('form', { name: 'Contact details' });
      const phone = card.getByLabel('Phone');
      const bookingEmail = card.getByLabel('Booking e-mail');
      const supportEmail = card.getByLabel('Support e-mail');
      const save = card.getByRole('button', { name: 'Save Contact Details' });
      await expect(phone).toHaveValue(DEFAULT_CONTACT.contactPhone);
      await expect(bookingEmail).toHaveValue(DEFAULT_CONTACT.bookingEmail);
      await expect(supportEmail).toHaveValue(DEFAULT_CONTACT.supportEmail);

      // Refused under the field, in the browser and by the server alike.
      await phone.fill('call 330 1234');
      await supportEmail.fill('help@');
      await save.click();
      await expect(phone).toHaveAttribute('aria-invalid', 'true');
      // Each message is the field's description, after its hint.
      await expect(card.getByText(MSG.contactPhoneInvalid)).toBeVisible();
      await expect(phone).toHaveAccessibleDescription(
        `Digits, spaces and + ( ) -, at most 30 characters. ${MSG.contactPhoneInvalid}`,
      );
      await expect(supportEmail).toHaveAttribute('aria-invalid', 'true');
      await expect(card.getByText(MSG.invalidEmail)).toBeVisible();
      await audit(page, 'contact-invalid', project);
      const refused = await page.request.put('/api/admin/pwa-settings', {
        data: { contactPhone: 'call me' },
      });
      expect(refused.status()).toBe(400);

      await phone.fill(mine.contactPhone);
      await bookingEmail.fill(mine.bookingEmail);
      await supportEmail.fill(mine.supportEmail);
      await save.click();
      await expect(toast(page, MSG.contactSaved)).toBeVisible();
      expect(await branding(page.request)).toMatchObject(mine);
      await audit(page, 'contact-saved', project);

      // A passenger's Check Booking page: the help card and the footer.
      await page.goto('/bookings');
      const help = page.getByRole('link', { name: `Call support: ${mine.contactPhone}` });
      await expect(help).toHaveAttribute('href', 'tel:+9603007788');
      await expect(page.getByRole('link', { name: `E-mail support: ${mine.supportEmail}` })).toHaveAttribute(
        'href',
        `mailto:${mine.supportEmail}`,
      );
      const footer = await showFooter(page);
      await expect(footer.getByRole('link', { name: mine.contactPhone })).toHaveAttribute(
        'href',
        'tel:+9603007788',
      );
      await expect(footer.getByRole('link', { name: mine.bookingEmail })).toHaveAttribute(
        'href',
        `mailto:${mine.bookingEmail}`,
      );
      await expect(footer.getByRole('link', { name: mine.supportEmail })).toBeVisible();
      await expect(footer.getByText(DEFAULT_CONTACT.contactPhone)).toHaveCount(0);
      await expectAccessible(page, 'check booking with contact details');

      // Emptied, each goes back to its default.
      await page.goto('/admin/pwa-settings');
      for (const field of [phone, bookingEmail, supportEmail]) await field.fill('');
      await save.click();
      await expect(toast(page, MSG.contactSaved)).toBeVisible();
      await expect(phone).toHaveValue(DEFAULT_CONTACT.contactPhone);
      await page.goto('/');
      await expect(
        (await showFooter(page)).getByRole('link', { name: DEFAULT_CONTACT.contactPhone }),
      ).toBeVisible();
    } finally {
      await json(
        await page.request.put('/api/admin/pwa-settings', {
          data: { contactPhone: '', bookingEmail: '', supportEmail: '' },
        }),
      );
    }
  });

  test('logo, app icon and favicon uploads show at once', async ({ page }, testInfo) => {
    test.slow();
    await page.goto('/admin/pwa-settings');
    await expect(page.getByRole('heading', { level: 1, name: 'PWA Settings' })).toBeVisible();

    // A file of the wrong type never leaves the browser.
    await upload(page, 'favicon').setInputFiles({
      name: 'favicon.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not an image'),
    });
    const invalid = toast(page, MSG.invalidFile);
    await expect(invalid).toBeVisible();
    await expect(invalid.getByText(MSG.imageType)).toBeVisible();

    await upload(page, 'website logo').setInputFiles(path.join(FILES, 'logo-alpha.png'));
    await expect(toast(page, MSG.logoUpdated)).toBeVisible({ timeout: 20_000 });
    const { logoUrl } = await branding(page.request);
    expect(logoUrl).toMatch(/^\/files\//);
    await expect(page.getByRole('img', { name: 'Current website logo' })).toHaveAttribute(
      'src',
      logoUrl ?? '',
    );

    await upload(page, 'app icon').setInputFiles(path.join(FILES, 'photo-exif-gps.jpg'));
    await expect(toast(page, MSG.iconUpdated)).toBeVisible({ timeout: 20_000 });
    const { iconUrl } = await branding(page.request);
    await expect(page.getByRole('img', { name: 'Current app icon' })).toHaveAttribute('src', iconUrl ?? '');

    await upload(page, 'favicon').setInputFiles(path.join(FILES, 'banner.webp'));
    await expect(toast(page, MSG.faviconUpdated)).toBeVisible({ timeout: 20_000 });
    const { faviconUrl } = await branding(page.request);
    await expect(page.getByRole('img', { name: 'Current favicon' })).toHaveAttribute('src', faviconUrl ?? '');
    await expect(page.locator('link[rel="icon"]').first()).toHaveAttribute('href', faviconUrl ?? '');
    await audit(page, 'uploaded', testInfo.project.name);

    // The public header shows the new logo.
    await page.goto('/');
    await expect(page.getByRole('banner').locator(`img[src="${logoUrl}"]`)).toBeVisible();
  });

  test('the day-before reminders are turned off and on again, and the server keeps what was ticked', async ({
    page,
  }, testInfo) => {
    const setting = async () =>
      (await json<{ remindersEnabled: boolean }>(await page.request.get('/api/admin/reminder-settings')))
        .remindersEnabled;
    expect(await setting()).toBe(true);
    try {
      await page.goto('/admin/pwa-settings');
      const box = page.getByRole('checkbox', { name: 'Send the day-before reminders' });
      await expect(box).toBeChecked();
      await box.uncheck();
      await expect(toast(page, 'Reminders are off')).toBeVisible();
      await expect.poll(setting).toBe(false);
      await page.reload();
      await expect(box).not.toBeChecked();
      await audit(page, 'reminders-off', testInfo.project.name);
      await box.check();
      await expect(toast(page, 'Reminders are on')).toBeVisible();
      await expect.poll(setting).toBe(true);
    } finally {
      await json(
        await page.request.put('/api/admin/reminder-settings', { data: { remindersEnabled: true } }),
      );
    }
  });

  test('the home page claims are edited, reordered, hidden and restored, and the home follows in both languages', async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    test.slow();
    const card = page.getByTestId('home-claims-card');
    const status = card.getByTestId('home-claims-status');
    const home = TEXTS.home;
    const defaults = {
      en: ['20+', home.en.claimDailyRoutes, '24/7', home.en.claimSupport, '10K+', home.en.claimTravelers],
      dv: ['20+', home.dv.claimDailyRoutes, '24/7', home.dv.claimSupport, '10K+', home.dv.claimTravelers],
    };
    try {
      await page.goto('/admin/pwa-settings');
      await expect(status).toHaveText('The home page shows the default claims.');
      // The defaults stand in the fields, worded as the home page words them.
      await expect(card.getByLabel('Claim 1: value')).toHaveValue('20+');
      await expect(card.getByLabel('Claim 1: label', { exact: true })).toHaveValue(home.en.claimDailyRoutes);
      await expect(card.getByLabel('Claim 1: label in Dhivehi')).toHaveValue(home.dv.claimDailyRoutes);
      await audit(page, 'claims-defaults', testInfo.project.name);

      // A label emptied is refused under its field, before anything is sent.
      await card.getByLabel('Claim 1: label', { exact: true }).fill('  ');
      await card.getByRole('button', { name: 'Save Claims' }).click();
      await expect(card.getByText(MSG.homeClaimLabel)).toBeVisible();
      await expect(card.getByLabel('Claim 1: label', { exact: true })).toHaveAttribute(
        'aria-invalid',
        'true',
      );
      expect((await branding(page.request)).homeClaims).toBeNull();

      // Claim 1 rewritten, claim 3 removed, a fourth added, then moved to the top.
      await card.getByLabel('Claim 1: value').fill('12');
      await card.getByLabel('Claim 1: label', { exact: true }).fill('Islands served');
      await card.getByLabel('Claim 1: label in Dhivehi').fill('ރަށްތައް');
      await card.getByRole('button', { name: 'Remove claim 3' }).click();
      await card.getByRole('button', { name: 'Add claim' }).click();
      await expect(card.getByLabel('Claim 3: value')).toBeFocused();
      await card.getByLabel('Claim 3: value').fill('4');
      await card.getByLabel('Claim 3: label', { exact: true }).fill('Launches');
      await card.getByRole('button', { name: 'Move claim 3 up' }).click();
      await card.getByRole('button', { name: 'Move claim 2 up' }).click();
      await card.getByRole('button', { name: 'Save Claims' }).click();
      await expect(toast(page, MSG.homeClaimsSaved)).toBeVisible();
      await expect(status).toHaveText('The home page shows your 3 claims.');
      const saved = [
        { value: '4', label: 'Launches', labelDv: '' },
        { value: '12', label: 'Islands served', labelDv: 'ރަށްތައް' },
        { value: '24/7', label: home.en.claimSupport, labelDv: home.dv.claimSupport },
      ];
      expect((await branding(page.request)).homeClaims).toEqual(saved);
      await audit(page, 'claims-saved', testInfo.project.name);
      // An empty Dhivehi label shows the English one.
      await expectHomeClaims(browser, baseURL, {
        en: ['4', 'Launches', '12', 'Islands served', '24/7', home.en.claimSupport],
        dv: ['4', 'Launches', '12', 'ރަށްތައް', '24/7', home.dv.claimSupport],
      });

      await card.getByRole('button', { name: 'Hide all' }).click();
      await expect(toast(page, 'The home page shows no claims')).toBeVisible();
      await expect(status).toHaveText('The home page shows no claims.');
      await expect(card.getByText('No claims: saved like this, the home page shows none.')).toBeVisible();
      expect((await branding(page.request)).homeClaims).toEqual([]);
      await expectHomeClaims(browser, baseURL, { en: [], dv: [] });

      await card.getByRole('button', { name: 'Restore defaults' }).click();
      await expect(toast(page, 'The home page shows the default claims')).toBeVisible();
      await expect(status).toHaveText('The home page shows the default claims.');
      expect((await branding(page.request)).homeClaims).toBeNull();
      await expectHomeClaims(browser, baseURL, defaults);
    } finally {
      await json(await page.request.put('/api/admin/pwa-settings', { data: { homeClaims: null } }));
    }
  });
});

/**
 * The claims a passenger sees in the home page's welcome (value, label, ...), on a phone and on
 * a desktop, in English and in Dhivehi; none at all when `expected` is empty.
 */
async function expectHomeClaims(
  browser: Browser,
  baseURL: string | undefined,
  expected: { en: string[]; dv: string[] },
) {
  for (const viewport of [
    { width: 360, height: 740 },
    { width: 1280, height: 800 },
  ])
    for (const [language, locale] of [
      ['en', 'en-US'],
      ['dv', 'dv-MV'],
    ] as const) {
      const context = await browser.newContext({ baseURL, viewport, locale });
      try {
        const page = await context.newPage();
        await page.goto('/');
        const hero = page.locator('section[aria-labelledby="welcome-heading"]');
        await expect(hero).toBeVisible();
        if (expected[language].length === 0) {
          // The buttons are in, so the branding has loaded: no list follows.
          await expect(hero.getByRole('link').first()).toBeVisible();
          await expect(hero.locator('dl')).toHaveCount(0);
        } else {
          // Each claim is its label (the term), drawn under its value.
          const claims: string[] = [];
          for (let i = 0; i < expected[language].length; i += 2)
            claims.push(`${expected[language][i + 1]}${expected[language][i]}`);
          await expect(hero.locator('dl > div')).toHaveText(claims);
          await expect(hero.getByRole('term')).toHaveText(
            claims.map((_, i) => expected[language][2 * i + 1] ?? ''),
          );
        }
        if (viewport.width === 360) await expectAccessible(page, `home claims ${language}`);
      } finally {
        await context.close();
      }
    }
}
