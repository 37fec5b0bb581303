import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { AdminTicket } from '#shared/admin-api.ts';
import { DEMO_ADMIN } from '#shared/constants.ts';
import { MSG } from '#shared/messages/api.ts';
import type { BookingLookup, Location } from '#shared/schemas.ts';
import type { AdminLaunch, AdminSchedule, LocationList } from '#shared/setup-api.ts';
import { expect, failedResponse, test } from './fixtures.ts';
import { bookScheduleViaApi, json, operatorDate } from './support/booking-api.ts';
import { expectAccessible, toast } from './support/ui.ts';

const SHOTS = path.resolve(import.meta.dirname, '../../.tmp/d2-shots');

const card = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });

async function audit(page: Page, name: string, project: string) {
  await expectAccessible(page, name);
  await page.screenshot({ path: path.join(SHOTS, `locations-${project}-${name}.png`), fullPage: true });
}

// Chromium logs every 4xx response as a console error; this 409 is the server refusing to delete
// a location that an active booking uses (docs/product.md section 10.6), which one test provokes.
const REFUSED = failedResponse(409, 'Conflict', '/api/admin/locations/[0-9a-f-]+');

const refusalTest = test.extend({
  allowedErrors: [[REFUSED], { scope: 'test' }],
});

async function adminLocations(page: Page) {
  return (await json<LocationList>(await page.request.get('/api/admin/locations'))).locations;
}

test.describe('location management', () => {
  test.beforeEach(async ({ page }) => {
    await json(await page.request.post('/api/auth/login', { data: DEMO_ADMIN }));
  });

  test('adds, edits and deletes a location', async ({ page }, testInfo) => {
    const suffix = randomUUID().slice(0, 8);
    const name = `Test Island ${suffix}`;
    await page.goto('/admin/locations');
    await expect(page.getByRole('heading', { level: 1, name: 'Location Management' })).toBeVisible();
    await expect(card(page, 'Malé')).toBeVisible();
    await audit(page, 'list', testInfo.project.name);

    // Empty and blank fields are refused in the browser with docs/product.md's message.
    await page.getByRole('button', { name: 'Add Location' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Location' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Name', { exact: true }).fill('   ');
    await dialog.getByRole('button', { name: 'Add Location' }).click();
    await expect(dialog.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByLabel('Name', { exact: true })).toHaveAccessibleDescription(
      MSG.locationRequired,
    );
    await expect(dialog.getByLabel('Name', { exact: true })).toBeFocused();
    await audit(page, 'add-invalid', testInfo.project.name);

    // Values are trimmed before they are saved.
    await dialog.getByLabel('Name', { exact: true }).fill(`  ${name}  `);
    await dialog.getByLabel('Code').fill(' T1 ');
    await dialog.getByLabel('Country').fill('Maldives');
    await dialog.getByRole('button', { name: 'Add Location' }).click();
    await expect(toast(page, MSG.locationAdded)).toBeVisible();
    await expect(dialog).toBeHidden();
    const created = card(page, name);
    await expect(created).toBeVisible();
    await expect(created).toContainText('T1');
    await expect(created.getByText('Maldives', { exact: true })).toBeVisible();
    const saved = (await adminLocations(page)).find((l) => l.name === name);
    expect(saved).toMatchObject({ name, code: 'T1', country: 'Maldives' });

    // Edit: the dialog opens with the current values.
    await created.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Location' });
    await expect(edit.getByLabel('Name', { exact: true })).toHaveValue(name);
    await expect(edit.getByLabel('Code')).toHaveValue('T1');
    await edit.getByLabel('Code').fill('T2');
    await edit.getByLabel('Country').fill('Republic of Maldives');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, MSG.locationUpdated)).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(created).toContainText('T2');
    await expect(created.getByText('Republic of Maldives', { exact: true })).toBeVisible();

    // Delete asks first; Cancel keeps it.
    await created.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Delete ${name}?` });
    await expect(confirm).toBeVisible();
    await audit(page, 'delete-confirm', testInfo.project.name);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(created).toBeVisible();

    await created.getByRole('button', { name: `Delete ${name}` }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, MSG.locationDeleted)).toBeVisible();
    await expect(created).toHaveCount(0);
    expect((await adminLocations(page)).some((l) => l.id === saved?.id)).toBe(false);
  });

  refusalTest(
    'a location on an active booking is refused with the reason; once the booking is history it is archived',
    async ({ page }, testInfo) => {
      const suffix = randomUUID().slice(0, 8);
      const name = `Via Island ${suffix}`;
      const place = await json<Location>(
        await page.request.post('/api/admin/locations', { data: { name, code: 'VIL', country: 'Maldives' } }),
      );
      const launch = await json<AdminLaunch>(
        await page.request.post('/api/admin/launches', {
          data: { name: `Via Launch ${suffix}`, capacity: 2, seatNumbers: ['1', '2'] },
        }),
      );
      const ids = Object.fromEntries(
        (await json<Location[]>(await page.request.get('/api/locations'))).map((l) => [l.name, l.id]),
      );
      const date = operatorDate(11);
      // Malé -> the new place -> Maafushi; the booking passes through it.
      const schedule = await json<AdminSchedule>(
        await page.request.post('/api/admin/schedules', {
          data: {
            travelDate: date,
            launchIds: [launch.id],
            routeStops: [
              { locationId: ids.Malé, departureTime: '11:00' },
              { locationId: place.id, departureTime: '11:30' },
              { locationId: ids.Maafushi, departureTime: '12:10' },
            ],
          },
        }),
      );
      const booking = await bookScheduleViaApi(page.request, schedule, launch.id, '1');

      await page.goto('/admin/locations');
      const placeCard = card(page, name);
      await placeCard.getByRole('button', { name: `Delete ${name}` }).click();
      const confirm = page.getByRole('alertdialog', { name: `Delete ${name}?` });
      await confirm.getByRole('button', { name: 'Delete' }).click();
      const refused = toast(page, MSG.locationDeleteFailed);
      await expect(refused).toBeVisible();
      await expect(refused.getByText(MSG.locationInUse(1))).toBeVisible();
      await expect(page.getByRole('alertdialog')).toBeHidden();
      await expect(placeCard).toBeVisible();
      await page.screenshot({
        path: path.join(SHOTS, `locations-${testInfo.project.name}-refused.png`),
        fullPage: true,
      });

      // Rejected, the booking is history: the delete goes through and archives the place.
      const ticket = await json<AdminTicket>(
        await page.request.get(`/api/admin/tickets/by-reference/${booking.reference}`),
      );
      await json(await page.request.post(`/api/admin/tickets/${ticket.id}/reject`, { data: {} }));
      await placeCard.getByRole('button', { name: `Delete ${name}` }).click();
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expect(toast(page, MSG.locationDeleted)).toBeVisible();
      await expect(placeCard).toHaveCount(0);
      expect((await adminLocations(page)).some((l) => l.id === place.id)).toBe(false);
      const publicList = await json<Location[]>(await page.request.get('/api/locations'));
      expect(publicList.some((l) => l.id === place.id)).toBe(false);

      // The trip still shows it, marked; editing asks for a replacement stop.
      await page.goto(`/admin/schedule?date=${date}`);
      const tripCard = page.locator(`article[data-schedule-id="${schedule.id}"]`);
      await expect(tripCard.getByRole('list', { name: 'Stops' })).toContainText(`${name} (deleted)`);
      await tripCard.getByRole('button', { name: 'Edit' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Schedule' });
      await expect(edit.getByText(`Deleted since this trip was planned: ${name}.`)).toBeVisible();
      await expect(edit.getByRole('combobox', { name: /Stop 2/ })).toHaveValue('');
      await expect(edit.getByRole('option', { name })).toHaveCount(0);
      await edit.getByRole('button', { name: 'Save Schedule' }).click();
      await expect(edit.getByRole('combobox', { name: /Stop 2/ })).toBeFocused();
      await audit(page, 'schedule-with-deleted-stop', testInfo.project.name);
      await edit.getByRole('button', { name: 'Cancel' }).click();

      const lookup = await json<BookingLookup>(await page.request.get(`/api/bookings/${booking.reference}`));
      expect(lookup.stops.map((s) => s.name)).toEqual(['Malé', name, 'Maafushi']);
      // Out of the search for later tests: the trip and its launch go too (archived alike).
      for (const url of [`/api/admin/schedules/${schedule.id}`, `/api/admin/launches/${launch.id}`]) {
        expect((await page.request.delete(url)).status()).toBe(204);
      }
    },
  );
});
