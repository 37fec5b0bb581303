import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { AdminTicket } from '#shared/admin-api.ts';
import { DEMO_ADMIN } from '#shared/constants.ts';
import { MSG } from '#shared/messages/api.ts';
import { expect, test } from './fixtures.ts';
import { createBookingViaApi, json } from './support/booking-api.ts';
import { expectAccessible, toast } from './support/ui.ts';

const SHOTS = path.resolve(import.meta.dirname, '../../.tmp/c2-shots');

// Marking a trip completed closes it for booking, so each viewport works on its own day, far
// from the days other suites book on.
const DAYS_AHEAD: Record<string, number> = { phone: 12, desktop: 13 };

async function audit(page: Page, name: string, project: string) {
  await expectAccessible(page, name);
  // A full-page shot would stretch an open dialog's backdrop oddly: the viewport then.
  const dialogs = await page.locator('[role="dialog"], [role="alertdialog"]').count();
  await page.screenshot({
    path: path.join(SHOTS, `ticketing-${project}-${name}.png`),
    fullPage: dialogs === 0,
  });
}

test.describe('ticketing', () => {
  test.beforeEach(async ({ page }) => {
    // Each test first makes a real booking (e-mail code, verification, slip upload) and shares
    // two cores with the server and the other worker.
    test.slow();
    await json(await page.request.post('/api/auth/login', { data: DEMO_ADMIN }));
  });

  test('a trip lists its approved passengers and is completed, then reopened', async ({ page }, testInfo) => {
    const project = testInfo.project.name;
    const booking = await createBookingViaApi(page.request, {
      daysAhead: DAYS_AHEAD[project] ?? 12,
      seats: 2,
    });
    const ticket = await json<AdminTicket>(
      await page.request.get(`/api/admin/tickets/by-reference/${booking.reference}`),
    );
    await json(await page.request.post(`/api/admin/tickets/${ticket.id}/approve`));

    await page.goto(`/admin/ticketing?date=${booking.travelDate}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Ticketing' })).toBeVisible();
    await expect(page.getByLabel('Travel date')).toHaveValue(booking.travelDate);
    const tripCard = page.locator(`article[data-schedule-id="${booking.trip.scheduleId}"]`);
    await expect(tripCard.getByText('Scheduled', { exact: true })).toBeVisible();
    await expect(tripCard.getByRole('list', { name: 'Stops' })).toBeVisible();
    await audit(page, 'list', project);

    await tripCard.getByRole('button').click();
    await expect(page).toHaveURL(new RegExp(`trip=${booking.trip.scheduleId}`));
    const passenger = page.locator(`li[data-reference="${booking.reference}"]`);
    const contact = passenger.getByRole('paragraph').filter({ hasText: booking.passengerName });
    await expect(contact).toBeVisible();
    // A party of two: the contact named, the other person marked as not named.
    await expect(passenger.getByRole('list', { name: `Persons of ${booking.reference}` })).toContainText(
      `${booking.passengerName} (adult)+ 1 not named`,
    );
    await expect(passenger.getByText(booking.seats.join(', '))).toBeVisible();
    await expect(passenger.getByText('Malé → Rasdhoo')).toBeVisible();
    await audit(page, 'manage', project);

    // The printed passenger list leaves out the admin chrome and the buttons.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Back to trips' })).toBeHidden();
    await expect(page.getByText('Admin Dashboard', { exact: true })).toBeHidden();
    await expect(contact).toBeVisible();
    await page.screenshot({ path: path.join(SHOTS, `ticketing-${project}-print.png`), fullPage: true });
    await page.emulateMedia({ media: 'screen' });

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download manifest (CSV)' }).click();
    const csv = await readFile(await (await download).path(), 'utf8');
    expect(csv).toContain(booking.passengerName);
    expect(csv).toContain(booking.reference);

    await page.getByRole('button', { name: 'Mark as Completed' }).click();
    await expect(toast(page, MSG.tripMarked('completed'))).toBeVisible();
    await expect(page.getByText('Completed', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Reopen Trip' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm.getByText(MSG.reopenTripConfirm)).toBeVisible();
    await audit(page, 'reopen-confirm', project);
    await confirm.getByRole('button', { name: 'Reopen Trip' }).click();
    await expect(toast(page, MSG.tripMarked('scheduled'))).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mark as Completed' })).toBeVisible();

    await page.getByRole('button', { name: 'Back to trips' }).click();
    await expect(page).not.toHaveURL(/trip=/);
    await expect(tripCard).toBeVisible();
  });

  test('a day without trips says so', async ({ page }) => {
    await page.goto('/admin/ticketing?date=2001-01-01');
    await expect(page.getByText(MSG.noTripsForDate('2001-01-01'))).toBeVisible();
  });
});
