import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { DEMO_ADMIN } from '#shared/constants.ts';
import { MSG } from '#shared/messages/api.ts';
import { expect, test } from './fixtures.ts';
import { json, latestCode, operatorDate } from './support/booking-api.ts';
import { expectAccessible, toast } from './support/ui.ts';

// From an empty catalogue entry to a booked seat: the admin adds a stop, a launch with its own
// seat labels and photo, and a schedule through the dialogs; a passenger then books it in the
// public wizard. Every name is new, so the two projects (and later runs) never meet.
const SHOTS = path.resolve(import.meta.dirname, '../../.tmp/e-shots');
const PHOTO = path.resolve(import.meta.dirname, '../files/photo-exif-gps.jpg');
// A few days ahead, clear of today's departures; the schedule is this test's own anyway.
const DAYS_AHEAD = 4;

/** No WCAG 2.1 AA violations on what is shown (toasts aside), and a picture of it. */
async function audit(page: Page, name: string, project: string) {
  await expectAccessible(page, name);
  // An open dialog: the viewport, not a stretched full page.
  await page.screenshot({ path: path.join(SHOTS, `catalogue-${project}-${name}.png`) });
}

async function setCapacity(dialog: Locator, value: string) {
  const capacity = dialog.getByLabel('Capacity');
  await capacity.fill(value);
  // The capacity is applied when the field is left.
  await capacity.blur();
}

test.describe('catalogue journey', () => {
  test('a stop, a launch and a schedule made in the admin dialogs are bookable in the wizard', async ({
    page,
    browser,
    request,
    baseURL,
    viewport,
    isMobile,
    hasTouch,
  }, testInfo) => {
    test.setTimeout(240_000);
    const project = testInfo.project.name;
    const token = randomUUID().slice(0, 8);
    const islandName = `Journey Isle ${token}`;
    const launchName = `Journey Launch ${token}`;
    const seatLabels = ['W1', 'W2'];
    const date = operatorDate(DAYS_AHEAD);
    await json(await page.request.post('/api/auth/login', { data: DEMO_ADMIN }));

    // 1. A new stop.
    await page.goto('/admin/locations');
    await expect(page.getByRole('heading', { level: 1, name: 'Location Management' })).toBeVisible();
    await page.getByRole('button', { name: 'Add Location' }).click();
    const locationDialog = page.getByRole('dialog', { name: 'Add Location' });
    await locationDialog.getByLabel('Name', { exact: true }).fill(islandName);
    await locationDialog.getByLabel('Code').fill(`J${token.slice(0, 3).toUpperCase()}`);
    await locationDialog.getByLabel('Country').fill('Maldives');
    await audit(page, 'location-dialog', project);
    await locationDialog.getByRole('button', { name: 'Add Location' }).click();
    await expect(toast(page, MSG.locationAdded)).toBeVisible();
    await expect(locationDialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 2, name: islandName, exact: true })).toBeVisible();

    // 2. A launch of six seats, two of them renamed, with a photo.
    await page.goto('/admin/launches');
    await expect(page.getByRole('heading', { level: 1, name: 'Launch Management' })).toBeVisible();
    await page.getByRole('button', { name: 'Add Launch' }).click();
    const launchDialog = page.getByRole('dialog', { name: 'Add Launch' });
    await launchDialog.getByLabel('Name').fill(launchName);
    await setCapacity(launchDialog, '6');
    const seatInputs = launchDialog.getByLabel(/^Seat \d+ label$/);
    await expect(seatInputs).toHaveCount(6);
    await launchDialog.getByLabel('Seat 1 label').fill(seatLabels[0] ?? '');
    await launchDialog.getByLabel('Seat 2 label').fill(seatLabels[1] ?? '');
    await launchDialog.getByLabel('Choose image').setInputFiles(PHOTO);
    await expect(
      launchDialog.getByText('Uploaded after the launch is created: photo-exif-gps.jpg'),
    ).toBeVisible();
    await audit(page, 'launch-dialog', project);
    await launchDialog.getByRole('button', { name: 'Save Launch' }).click();
    await expect(toast(page, MSG.launchCreated)).toBeVisible();
    await expect(launchDialog).toBeHidden();
    const launchCard = page
      .locator('article[data-launch-id]')
      .filter({ has: page.getByRole('heading', { name: launchName }) });
    await expect(launchCard.getByText('6 seats')).toBeVisible();
    await expect(launchCard.getByRole('list', { name: 'Seat labels' }).getByRole('listitem')).toHaveText([
      'W1',
      'W2',
      '3',
      '4',
      '5',
      '6',
    ]);
    const launchPhoto = launchCard.getByRole('img', { name: launchName });
    await expect(launchPhoto).toHaveAttribute('src', /\S/);
    // The photo loads lazily: other tests' launches can push this card below the fold.
    await launchPhoto.scrollIntoViewIfNeeded();
    await expect
      .poll(() => launchPhoto.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    const photoUrl = (await launchPhoto.getAttribute('src')) ?? '';

    // 3. A three-stop schedule: the new stop, Malé, then Thoddoo, with that launch.
    await page.goto(`/admin/schedule?date=${date}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Schedule Management' })).toBeVisible();
    await page.getByRole('button', { name: 'Add Schedule' }).click();
    const scheduleDialog = page.getByRole('dialog', { name: 'Add Schedule' });
    await scheduleDialog.getByLabel('Travel date').fill(date);
    await scheduleDialog.getByLabel('Stop 1 location').selectOption({ label: islandName });
    await scheduleDialog.getByLabel('Stop 1 departure time').fill('09:10');
    await scheduleDialog.getByLabel('Stop 2 location').selectOption({ label: 'Malé' });
    await scheduleDialog.getByRole('button', { name: 'Add Stop' }).click();
    await scheduleDialog.getByLabel('Stop 2 departure time').fill('10:05');
    await scheduleDialog.getByLabel('Stop 3 location').selectOption({ label: 'Thoddoo' });
    await scheduleDialog.getByLabel('Stop 3, final destination: Arrives').fill('10:50');
    await scheduleDialog.getByLabel(launchName).check();
    const saveSchedule = scheduleDialog.getByRole('button', { name: 'Save Schedule' });
    await expect(saveSchedule).toBeEnabled();
    await audit(page, 'schedule-dialog', project);
    await saveSchedule.click();
    await expect(toast(page, MSG.scheduleCreated)).toBeVisible();
    await expect(scheduleDialog).toBeHidden();
    const scheduleCard = page.locator('article[data-schedule-id]').filter({ hasText: launchName });
    await expect(scheduleCard.getByRole('heading', { name: `${islandName} to Thoddoo` })).toBeVisible();
    await expect(scheduleCard.getByRole('list', { name: 'Stops' }).getByRole('listitem')).toHaveText([
      new RegExp(`${islandName}\\s*09:10`),
      /Malé\s*10:05/,
      /Thoddoo\s*Arrives 10:50/,
    ]);

    // 4. A passenger, in a browser of their own, books it in the wizard.
    const passenger = await browser.newContext({
      baseURL,
      viewport,
      isMobile,
      hasTouch,
      serviceWorkers: 'block',
    });
    try {
      const wizard = await passenger.newPage();
      const errors: string[] = [];
      wizard.on('console', (message) => {
        if (message.type() === 'error')
          errors.push(`console.error: ${message.text()} (${message.location().url})`);
      });
      wizard.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
      const email = `catalogue-${project}-${token}@example.com`;

      await wizard.goto('/booking');
      await expect(wizard.getByRole('heading', { name: 'Choose Your Journey' })).toBeVisible();
      await wizard.getByLabel('Travel date').fill(date);
      await wizard.getByLabel('From', { exact: true }).selectOption({ label: islandName });
      await wizard.getByLabel('To', { exact: true }).selectOption({ label: 'Thoddoo' });
      await wizard.getByRole('button', { name: 'Search Trips' }).click();
      const select = wizard.getByRole('button', { name: `Select Trip ${islandName} to Thoddoo at 09:10` });
      await expect(select).toHaveCount(1);
      await expect(wizard.getByText(`Stops: ${islandName} → Malé → Thoddoo`)).toBeVisible();
      await select.click();

      await expect(wizard.getByRole('heading', { name: 'Passenger Information' })).toBeVisible();
      await wizard.getByLabel('Full name').fill('Hawwa Catalogue');
      await wizard.getByLabel('Email address').fill(email);
      await wizard.getByRole('button', { name: 'Send code' }).click();
      await expect(wizard.locator('[data-sonner-toast]').filter({ hasText: MSG.codeSent })).toBeVisible();
      await wizard.getByLabel('Verification code').fill(await latestCode(request, email));
      await wizard.getByRole('button', { name: 'Verify' }).click();
      await expect(wizard.getByText('Email verified', { exact: true })).toBeVisible();
      await wizard.getByRole('button', { name: 'Add one local adult ticket' }).click();
      await wizard.getByRole('button', { name: 'Continue' }).click();

      // The launch card: its name, its six seats and the photo uploaded above.
      await expect(wizard.getByRole('heading', { name: 'Choose Your Launch' })).toBeVisible();
      const launchButton = wizard.getByRole('button', { name: new RegExp(launchName) });
      await expect(launchButton).toHaveCount(1);
      await expect(launchButton.getByText('Capacity: 6 seats')).toBeVisible();
      await expect(launchButton.getByText('6 seats available')).toBeVisible();
      const cardPhoto = launchButton.locator('img');
      await expect(cardPhoto).toHaveAttribute('src', photoUrl);
      await launchButton.click();
      await expect(launchButton).toHaveAttribute('aria-pressed', 'true');
      await wizard.getByRole('button', { name: 'Continue to Seats' }).click();

      // The seat map uses the labels the admin gave.
      await expect(wizard.getByRole('heading', { name: 'Choose Your Seats' })).toBeVisible();
      for (const label of [...seatLabels, '3', '6'])
        await expect(wizard.getByRole('button', { name: `Seat ${label}, available` })).toBeVisible();
      await expect(wizard.getByRole('button', { name: /^Seat 1, / })).toHaveCount(0);
      const seat = 'W1';
      await wizard.getByRole('button', { name: `Seat ${seat}, available` }).click();
      await expect(wizard.getByRole('button', { name: `Seat ${seat}, selected` })).toBeVisible();
      await wizard.getByRole('button', { name: 'Continue to Payment' }).click();

      await expect(wizard.getByRole('heading', { name: 'Complete Payment' })).toBeVisible();
      await wizard.getByLabel('Payment slip', { exact: true }).setInputFiles(PHOTO);
      await expect(wizard.getByText(/^Ready: photo-exif-gps\.jpg/)).toBeVisible({ timeout: 30_000 });
      await wizard.getByRole('button', { name: 'Submit Booking' }).click();

      await expect(wizard.getByRole('heading', { name: 'Booking Submitted' })).toBeVisible();
      const reference = (await wizard.getByTestId('booking-reference').textContent())?.trim() ?? '';
      expect(reference).toMatch(/^\d{10}$/);
      // From the top, so the sticky header is drawn where it belongs in the full-page picture.
      await wizard.evaluate(() => window.scrollTo(0, 0));
      await wizard.screenshot({
        path: path.join(SHOTS, `catalogue-${project}-submitted.png`),
        fullPage: true,
      });
      expect(errors, 'errors in the passenger browser console').toEqual([]);

      // The admin sees the booking on the new trip with the chosen seat.
      await page.goto(`/admin/tickets?q=${reference}`);
      const ticket = page.locator(`article[data-reference="${reference}"]`);
      await expect(ticket).toBeVisible();
      await expect(ticket.getByText(seat, { exact: true })).toBeVisible();
    } finally {
      await passenger.close();
    }
  });
});
