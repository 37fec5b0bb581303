// The whole journey in Dhivehi, on a phone and a desktop: from the home page through the five
// steps to the confirmation and Check Booking, right to left, with no English word left in the
// passenger's screens (names, references and brand words aside), no accessibility violation,
// and the booking's e-mail in Dhivehi. Screenshots of every screen go to .tmp/screens/dv-*.png
// (the ones in docs/screenshots/ were taken from them).
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Page } from '@playwright/test';
import { DEFAULT_CONTACT } from '#shared/constants.ts';
import { allTexts, type TextId } from '#shared/messages/catalogues.ts';
import type { Branding, Location, OutboxMail, PublicSettings } from '#shared/schemas.ts';
import { expect, test } from './fixtures.ts';
import { json, latestCode, operatorDate } from './support/booking-api.ts';
import { expectAccessible } from './support/ui.ts';

const SCREENS = fileURLToPath(new URL('../../.tmp/screens/', import.meta.url));
const SLIP = fileURLToPath(new URL('../files/photo-exif-gps.jpg', import.meta.url));
const DAY = 8;

const i18n = setupI18n({ locale: 'dv', messages: { dv: {} } });
i18n.setMessagesCompiler(compileMessage);
i18n.load('dv', Object.fromEntries(allTexts().map(({ id, texts }) => [id, texts.dv])));
i18n.activate('dv');
/** A catalogue text in Dhivehi, with its values. */
const dv = (id: TextId, values?: Record<string, unknown>) => i18n._(id, values);
/** A Dhivehi text with one value left open, as a pattern: 'ގޮނޑި (\S+)، ހުސް'. */
const pattern = (id: TextId, name: string) =>
  new RegExp(
    `^${dv(id, { [name]: '\u0000' })
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace('\u0000', '(\\S+)')}$`,
  );

/**
 * Words in Latin letters a Dhivehi screen may show: codes, formats, and the language switch
 * (named in both languages, 'Language / ބަސް', and offering English) and the Enter key.
 */
const LATIN_ALLOWED = [
  'MVR',
  'USD',
  'JPG',
  'JPEG',
  'PNG',
  'WebP',
  'MB',
  'KB',
  'Language',
  'English',
  'Enter',
];

/** Latin-letter words on screen that are none of the names, references and brand words given. */
async function englishLeft(page: Page, names: string[]): Promise<string[]> {
  const allowed = new Set(
    [...LATIN_ALLOWED, ...names.flatMap((n) => n.split(/[^A-Za-z]+/))].map((w) => w.toLowerCase()),
  );
  // What is rendered, as a reader sees it (innerText, not the DOM's every text node).
  // biome-ignore lint/performance/useDomNodeTextContent: rendered text on purpose
  const visible = await page.locator('body').innerText();
  return [...new Set(visible.match(/[A-Za-z]{2,}/g) ?? [])].filter((w) => !allowed.has(w.toLowerCase()));
}

async function screen(page: Page, project: string, name: string) {
  await mkdir(SCREENS, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SCREENS, `dv-${project}-${name}.png`), fullPage: true });
}

test.describe('the journey in Dhivehi', () => {
  test.use({ locale: 'dv-MV' });

  test('home to Check Booking, right to left, without English, with a Dhivehi e-mail', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(180_000);
    const project = testInfo.project.name;
    const email = `dhivehi-${project}-${Date.now()}@example.com`;
    const passenger = 'Aishath Dhivehi';
    const branding = await json<Branding>(await request.get('/api/branding'));
    const settings = await json<PublicSettings>(await request.get('/api/settings/public'));
    const names = [
      branding.appName,
      passenger,
      email,
      settings.accountHolder,
      settings.accountHolderUsd,
      // The footer's contact details, the operator's or the defaults.
      branding.bookingEmail ?? DEFAULT_CONTACT.bookingEmail,
      branding.supportEmail ?? DEFAULT_CONTACT.supportEmail,
      'photo-exif-gps.jpg',
    ];

    /** Right to left, in Dhivehi, nothing left in English, no WCAG 2.1 AA violation; a screenshot. */
    const check = async (name: string, extraNames: string[] = []) => {
      // Places are names: one the operator (or another test) added without a Dhivehi name shows as typed.
      const places = (await json<Location[]>(await request.get('/api/locations'))).map((l) => l.name);
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(page.locator('html')).toHaveAttribute('lang', 'dv');
      expect(
        await englishLeft(page, [...names, ...places, ...extraNames]),
        `English words on ${name}`,
      ).toEqual([]);
      await expectAccessible(page, `${name} in Dhivehi`);
      await screen(page, project, name);
    };

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(
      dv('home.welcome', { appName: branding.appName }),
    );
    await check('home');
    await page.getByRole('link', { name: dv('home.bookFerry') }).click();

    // Step 1: the date, Malé -> Maafushi by their Dhivehi names, the first trip.
    await expect(page.getByRole('heading', { level: 1, name: dv('booking.pageTitle') })).toBeVisible();
    await page.getByLabel(dv('search.date')).fill(operatorDate(DAY));
    await page.getByLabel(dv('search.from'), { exact: true }).selectOption({ label: 'މާލެ' });
    await page.getByLabel(dv('search.to'), { exact: true }).selectOption({ label: 'މާފުށި' });
    await page.getByRole('button', { name: dv('search.search') }).click();
    const selectTrip = page.getByRole('button', { name: /ދަތުރު ޚިޔާރު ކުރައްވާ$/ }).first();
    await expect(selectTrip).toBeVisible();
    await check('step-1');
    await selectTrip.click();

    // Step 2: the passenger, the e-mail code, one local adult.
    await expect(page.getByRole('heading', { name: dv('passenger.title') })).toBeVisible();
    await page.getByLabel(dv('passenger.fullName')).fill(passenger);
    await page.getByLabel(dv('passenger.emailAddress')).fill(email);
    await page.getByRole('button', { name: dv('passenger.sendCode') }).click();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: dv('msg.codeSent') })).toBeVisible();
    await page.getByLabel(dv('passenger.verificationCode')).fill(await latestCode(request, email));
    await page.getByRole('button', { name: dv('passenger.verify'), exact: true }).click();
    await expect(page.getByText(dv('passenger.emailVerified'), { exact: true })).toBeVisible();
    await page.getByRole('button', { name: dv('passenger.addLocalAdult') }).click();
    await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached' });
    await check('step-2');
    await page.getByRole('button', { name: dv('passenger.continue') }).click();

    // Step 3: the first launch; its name is the operator's.
    await expect(page.getByRole('heading', { name: dv('vessel.launchTitle') })).toBeVisible();
    const launch = page.locator('main button[aria-pressed="false"]').first();
    await launch.click();
    const chosen = page.locator('main button[aria-pressed="true"]');
    // biome-ignore lint/performance/useDomNodeTextContent: the card's first rendered line is its name
    const launchName = (await chosen.innerText()).split('\n')[0] ?? '';
    names.push(launchName);
    await check('step-3');
    await page.getByRole('button', { name: dv('vessel.toSeats') }).click();

    // Step 4: a free seat, from the end on a phone and the start on a desktop.
    await expect(page.getByRole('heading', { name: dv('vessel.seatsTitle') })).toBeVisible();
    const available = page.getByRole('button', { name: pattern('vessel.seatAvailable', 'seat') });
    await expect(available.first()).toBeVisible();
    await (project === 'phone' ? available.last() : available.first()).click();
    await expect(page.getByRole('button', { name: pattern('vessel.seatSelected', 'seat') })).toHaveCount(1);
    await check('step-4');
    await page.getByRole('button', { name: dv('vessel.toPayment') }).click();

    // Step 5: the slip, then the booking.
    await expect(page.getByRole('heading', { name: dv('payment.title') })).toBeVisible();
    await page.getByLabel(dv('payment.slipLabel'), { exact: true }).setInputFiles(SLIP);
    // 'Ready: photo-exif-gps.jpg (N KB)' in Dhivehi, once the slip is optimized.
    const ready = dv('payment.slipReady', { name: 'photo-exif-gps.jpg', kb: '\u0000' });
    const readyPattern = ready.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('\u0000', '\\d+');
    await expect(page.getByText(new RegExp(readyPattern))).toBeVisible({ timeout: 30_000 });
    await check('step-5');
    await page.getByRole('button', { name: dv('payment.submit') }).click();

    // The confirmation: the reference reads left to right inside the Thaana text.
    await expect(page.getByRole('heading', { name: dv('payment.submittedHeading') })).toBeVisible();
    const referenceText = page.getByTestId('booking-reference');
    const reference = (await referenceText.textContent())?.trim() ?? '';
    expect(reference).toMatch(/^\d{10}$/);
    expect(await referenceText.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
    await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached' });
    await check('confirmation', [reference]);

    // Check Booking finds it, pending, in Dhivehi.
    await page.getByRole('link', { name: dv('payment.checkStatus') }).click();
    await expect(page.getByRole('heading', { level: 1, name: dv('lookup.title') })).toBeVisible();
    await expect(page.getByText(dv('status.statusPending'))).toBeVisible();
    await expect(page.getByText(dv('status.ticketPending'), { exact: true })).toBeVisible();
    await check('check-booking', [reference, launchName]);

    // The booking's e-mail went out in Dhivehi, right to left.
    const outbox = await json<OutboxMail[]>(await request.get('/dev/outbox', { params: { to: email } }));
    const received = outbox.find((mail) => mail.text.includes(reference));
    expect(received, 'the booking-received e-mail').toBeTruthy();
    expect(received?.html).toContain('lang="dv"');
    expect(received?.html).toContain('dir="rtl"');
    expect(received?.subject).toMatch(/[\u0780-\u07bf]/);
  });
});
