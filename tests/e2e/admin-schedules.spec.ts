import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { APIRequestContext, APIResponse, Locator, Page } from '@playwright/test';
import { compileNamespace } from '#scripts/catalogue-plugin.ts';
import type { AdminTicket } from '#shared/admin-api.ts';
import { DEMO_ADMIN } from '#shared/constants.ts';
import { MSG } from '#shared/messages/api.ts';
import { TEXTS } from '#shared/messages/catalogues.ts';
import { STAFF_MSG } from '#shared/messages/staff.ts';
import type { BookingLookup, Location, Trip } from '#shared/schemas.ts';
import { type AdminLaunch, type AdminSchedule, repeatDates, type ScheduleList } from '#shared/setup-api.ts';
import { i18n } from '#web/i18n/catalogue.ts';
import { formatDay } from '#web/lib/dates.ts';
import { expect, failedResponse, test } from './fixtures.ts';
import { bookScheduleViaApi, json, operatorDate } from './support/booking-api.ts';
import { expectAccessible, toast } from './support/ui.ts';

// The admin's dates as the app writes them (formatDay), with the English day and month names the
// browser gets compiled by the build.
i18n.load('en', compileNamespace('dates', TEXTS.dates.en));
i18n.activate('en');

const SHOTS = path.resolve(import.meta.dirname, '../../.tmp/d1-shots');

// Every viewport works on its own days (and the duplicate on the day after), so the two
// projects never see each other's schedules in a filtered list.
const DAYS_AHEAD: Record<string, number> = { phone: 3, desktop: 6 };

async function audit(page: Page, name: string, project: string, fullPage = true) {
  await expectAccessible(page, name);
  await page.screenshot({ path: path.join(SHOTS, `schedule-${project}-${name}.png`), fullPage });
}

async function locationIds(api: APIRequestContext): Promise<Record<string, string>> {
  const locations = await json<Location[]>(await api.get('/api/locations'));
  return Object.fromEntries(locations.map((l) => [l.name, l.id]));
}

async function createLaunch(api: APIRequestContext, capacity = 4): Promise<AdminLaunch> {
  const seatNumbers = Array.from({ length: capacity }, (_, i) => String(i + 1));
  const response = await api.post('/api/admin/launches', {
    data: { name: `Test Launch ${randomUUID().slice(0, 8)}`, capacity, seatNumbers },
  });
  return json<AdminLaunch>(response);
}

/** Public trip search: the ids of the schedules found between two stops on a day. */
async function searchIds(api: APIRequestContext, date: string, from: string, to: string) {
  const trips = await json<Trip[]>(await api.get('/api/trips', { params: { date, from, to } }));
  return trips.map((t) => t.scheduleId);
}

/** A successful response without a body (204). */
async function ok(response: APIResponse) {
  expect(response.ok(), `${response.url()}: ${response.status()} ${await response.text()}`).toBe(true);
}

const cardOf = (page: Page, launchName: string): Locator =>
  page.locator('article[data-schedule-id]').filter({ hasText: launchName });

test.describe('schedule screen', () => {
  test.beforeEach(async ({ page }) => {
    await json(await page.request.post('/api/auth/login', { data: DEMO_ADMIN }));
  });

  test('a three-stop schedule is created, searched leg by leg, edited, duplicated, completed and deleted', async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    const project = testInfo.project.name;
    const date = operatorDate(DAYS_AHEAD[project] ?? 3);
    const nextDay = operatorDate((DAYS_AHEAD[project] ?? 3) + 1);
    const ids = await locationIds(page.request);
    const launch = await createLaunch(page.request);

    // Filtered first: the new card lands on a short page.
    await page.goto(`/admin/schedule?date=${date}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Schedule Management' })).toBeVisible();
    await page.getByRole('button', { name: 'Add Schedule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Schedule' });
    const save = dialog.getByRole('button', { name: 'Save Schedule' });
    await expect(dialog.getByLabel('Stop 1 departure time')).toHaveValue('08:00');
    // Nothing typed yet: no message.
    await expect(save).toBeEnabled();
    await expect(dialog.getByText(MSG.scheduleBasics)).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: /Remove stop/ })).toHaveCount(0);
    await audit(page, 'dialog-empty', project, false);

    await dialog.getByLabel('Travel date').fill(date);
    await dialog.getByLabel('Stop 1 location').selectOption({ label: 'Maafushi' });
    await dialog.getByLabel('Stop 1 departure time').fill('07:15');
    await dialog.getByLabel('Stop 2 location').selectOption({ label: 'Rasdhoo' });
    await dialog.getByLabel(launch.name).check();
    await expect(save).toBeEnabled();
    // The final destination takes the arrival, asked for on save: under its field, which takes the focus.
    const arrival = (n: number) => dialog.getByLabel(`Stop ${n}, final destination: Arrives`);
    await expect(dialog.getByText(MSG.scheduleArrivalRequired)).toHaveCount(0);
    await save.click();
    await expect(arrival(2)).toBeFocused();
    await expect(arrival(2)).toHaveAttribute('aria-invalid', 'true');
    await expect(arrival(2)).toHaveAccessibleDescription(MSG.scheduleArrivalRequired);
    await expect(toast(page, MSG.scheduleCreated)).toHaveCount(0);
    await audit(page, 'dialog-arrival-required', project, false);
    // The same time as the departure before it is no arrival; an earlier one is the next day.
    await arrival(2).fill('07:15');
    await expect(arrival(2)).toHaveAccessibleDescription(MSG.scheduleArrivalOrder);
    await arrival(2).fill('06:50');
    await expect(arrival(2)).toHaveAccessibleDescription('The next day, past midnight');
    await arrival(2).fill('11:05');
    await expect(arrival(2)).not.toHaveAttribute('aria-invalid', 'true');

    // A third stop: the old last stop now needs a departure time, the new one the arrival, and
    // moving rows carries their fields.
    await dialog.getByRole('button', { name: 'Add Stop' }).click();
    await dialog.getByLabel('Stop 3 location').selectOption({ label: 'Thoddoo' });
    await expect(dialog.getByLabel(/final destination/)).toHaveCount(1);
    await expect(arrival(3)).toHaveValue('');
    await expect(dialog.getByLabel('Stop 2 departure time')).toHaveValue('11:05');
    await arrival(3).fill('09:30');
    // Saved with Thoddoo last: the arrival at it must come after Rasdhoo's 11:05 (a day later is too long).
    await save.click();
    await expect(arrival(3)).toBeFocused();
    await expect(arrival(3)).toHaveAccessibleDescription(
      `${MSG.scheduleArrivalTooLate} The next day, past midnight`,
    );
    await dialog.getByRole('button', { name: 'Move stop 3 up' }).click();
    await expect(dialog.getByRole('button', { name: 'Move stop 2 up' })).toBeFocused();
    await expect(dialog.getByLabel('Stop 2 location')).toHaveValue(ids.Thoddoo ?? '');
    await expect(dialog.getByLabel('Stop 3 location')).toHaveValue(ids.Rasdhoo ?? '');
    await expect(dialog.getByLabel('Stop 2 departure time')).toHaveValue('09:30');
    await expect(arrival(3)).toHaveValue('11:05');
    await expect(dialog.getByRole('button', { name: /Remove stop/ })).toHaveCount(3);
    await expect(save).toBeEnabled();
    await expect(dialog.getByText(MSG.scheduleStops)).toHaveCount(0);
    await audit(page, 'dialog-filled', project, false);
    await save.click();
    await expect(toast(page, MSG.scheduleCreated)).toBeVisible();
    await expect(dialog).toBeHidden();

    await expect(page).toHaveURL(new RegExp(`date=${date}`));
    const card = cardOf(page, launch.name);
    await expect(card.getByRole('heading', { name: 'Maafushi to Rasdhoo' })).toBeVisible();
    await expect(card.getByText(formatDay(date))).toBeVisible();
    await expect(card.getByText('0 active bookings')).toBeVisible();
    await expect(card.getByText('Scheduled', { exact: true })).toBeVisible();
    const stops = card.getByRole('list', { name: 'Stops' }).getByRole('listitem');
    await expect(stops).toHaveText([/Maafushi\s*07:15/, /Thoddoo\s*09:30/, /Rasdhoo\s*Arrives 11:05/]);
    const scheduleId = (await card.getAttribute('data-schedule-id')) ?? '';
    await audit(page, 'list', project);

    // Public search finds every forward leg and no backward one.
    const [maafushi, thoddoo, rasdhoo] = [ids.Maafushi ?? '', ids.Thoddoo ?? '', ids.Rasdhoo ?? ''];
    expect(await searchIds(page.request, date, maafushi, thoddoo)).toContain(scheduleId);
    expect(await searchIds(page.request, date, thoddoo, rasdhoo)).toContain(scheduleId);
    expect(await searchIds(page.request, date, maafushi, rasdhoo)).toContain(scheduleId);
    expect(await searchIds(page.request, date, rasdhoo, maafushi)).not.toContain(scheduleId);
    expect(await searchIds(page.request, date, thoddoo, maafushi)).not.toContain(scheduleId);
    // A trip to the final destination tells its arrival and duration.
    const toLast = await json<Trip[]>(
      await page.request.get('/api/trips', { params: { date, from: thoddoo, to: rasdhoo } }),
    );
    expect(toLast.find((trip) => trip.scheduleId === scheduleId)).toMatchObject({
      departureTime: '09:30',
      arrivalTime: '11:05',
      durationMinutes: 95,
    });

    await card.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Schedule' });
    await expect(edit.getByLabel('Stop 2 location')).toHaveValue(thoddoo);
    await expect(edit.getByLabel(launch.name)).toBeChecked();
    await edit.getByLabel('Stop 1 departure time').fill('07:45');
    await edit.getByRole('button', { name: 'Save Schedule' }).click();
    await expect(toast(page, MSG.scheduleUpdated)).toBeVisible();
    await expect(card.getByRole('list', { name: 'Stops' })).toContainText('07:45');

    await card.getByRole('button', { name: 'Duplicate' }).click();
    await expect(toast(page, MSG.scheduleDuplicated(formatDay(nextDay)))).toBeVisible();
    await page.getByLabel('Filter by travel date').fill(nextDay);
    const copy = cardOf(page, launch.name);
    await expect(copy.getByText(formatDay(nextDay))).toBeVisible();
    await expect(copy.getByText('Scheduled', { exact: true })).toBeVisible();
    const copyId = (await copy.getAttribute('data-schedule-id')) ?? '';
    expect(copyId).not.toBe(scheduleId);
    expect(await searchIds(page.request, nextDay, maafushi, rasdhoo)).toContain(copyId);
    await copy.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Schedule' }).click();
    await expect(toast(page, MSG.scheduleDeleted)).toBeVisible();
    await expect(copy).toHaveCount(0);

    await page.getByLabel('Filter by travel date').fill(date);
    await card.getByRole('button', { name: 'Mark completed' }).click();
    await expect(toast(page, MSG.scheduleMarked('completed'))).toBeVisible();
    await expect(card.getByText('Completed', { exact: true })).toBeVisible();
    expect(await searchIds(page.request, date, maafushi, rasdhoo)).not.toContain(scheduleId);

    await card.getByRole('button', { name: 'Reopen' }).click();
    const reopen = page.getByRole('alertdialog', { name: 'Reopen this trip?' });
    await expect(reopen).toContainText(MSG.reopenTripConfirm);
    await reopen.getByRole('button', { name: 'Reopen Trip' }).click();
    await expect(toast(page, MSG.scheduleMarked('scheduled'))).toBeVisible();
    await expect(card.getByText('Scheduled', { exact: true })).toBeVisible();
    expect(await searchIds(page.request, date, maafushi, rasdhoo)).toContain(scheduleId);

    await card.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this schedule?' });
    await expect(confirm).toContainText('Maafushi → Rasdhoo');
    await audit(page, 'delete-confirm', project, false);
    await confirm.getByRole('button', { name: 'Delete Schedule' }).click();
    await expect(toast(page, MSG.scheduleDeleted)).toBeVisible();
    await expect(card).toHaveCount(0);
    expect(await searchIds(page.request, date, maafushi, rasdhoo)).not.toContain(scheduleId);

    await ok(await page.request.delete(`/api/admin/launches/${launch.id}`));
  });

  test('the date filter is kept in the address and cleared to show today and the next days', async ({
    page,
  }) => {
    const date = operatorDate(1);
    await page.goto(`/admin/schedule?date=${date}`);
    await expect(page.getByLabel('Filter by travel date')).toHaveValue(date);
    const cards = page.locator('article[data-schedule-id]');
    await expect(cards.first()).toBeVisible();
    for (const text of await cards.getByText(/^\w{3} \d{1,2} \w{3} \d{4}$/).allTextContents()) {
      expect(text).toBe(formatDay(date));
    }
    await page.getByRole('button', { name: 'Clear date' }).click();
    await expect(page).not.toHaveURL(/date=/);
    await expect(page.getByLabel('Filter by travel date')).toHaveValue('');
    await expect(cards.getByText(formatDay(operatorDate(2))).first()).toBeVisible();
  });
});

// The office works this screen at a desk, so the spec runs in the desktop project; these run at
// a phone's width as well.
const WIDTHS = { phone: { width: 390, height: 844 }, desktop: { width: 1366, height: 900 } };

for (const [width, viewport] of Object.entries(WIDTHS)) {
  test.describe(`the schedule screen starts with today (${width})`, () => {
    test.use({ viewport });

    test.beforeEach(async ({ page }) => {
      await json(await page.request.post('/api/auth/login', { data: DEMO_ADMIN }));
    });

    test('opens on today and the next days, by day; the past days are behind a toggle', async ({ page }) => {
      test.setTimeout(120_000);
      const project = width;
      const ids = await locationIds(page.request);
      const launch = await createLaunch(page.request);
      const yesterday = operatorDate(-1);
      // A departure of yesterday's (the demo plans today and the next days).
      await json(
        await page.request.post('/api/admin/schedules', {
          data: {
            travelDate: yesterday,
            launchIds: [launch.id],
            routeStops: [
              { locationId: ids.Malé, departureTime: '06:10' },
              { locationId: ids.Maafushi, departureTime: '06:55' },
            ],
          },
        }),
      );

      await page.goto('/admin/schedule');
      const days = page.getByRole('heading', { level: 2 });
      await expect(days.first()).toHaveText(`Today · ${formatDay(operatorDate(0))}`);
      await expect(days.nth(1)).toHaveText(`Tomorrow · ${formatDay(operatorDate(1))}`);
      const dates = await page
        .locator('article[data-schedule-id]')
        .getByText(/^\w{3} \d{1,2} \w{3} \d{4}$/)
        .allTextContents();
      expect(dates[0]).toBe(formatDay(operatorDate(0)));
      expect(dates).not.toContain(formatDay(yesterday));
      await expect(cardOf(page, launch.name)).toHaveCount(0);
      const toggle = page.getByRole('button', { name: 'Past dates' });
      await expect(toggle).toHaveAttribute('aria-pressed', 'false');
      await audit(page, 'upcoming', project, false);

      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-pressed', 'true');
      await expect(page).toHaveURL(/past=1/);
      await expect(days.first()).toHaveText(formatDay(yesterday));
      await expect(cardOf(page, launch.name)).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: /^Today/ })).toHaveCount(0);
      await audit(page, 'past', project, false);

      await toggle.click();
      await expect(days.first()).toHaveText(`Today · ${formatDay(operatorDate(0))}`);
      await expect(cardOf(page, launch.name)).toHaveCount(0);
    });

    test('the dialog says nothing before typing, focuses the first field in error on save, and repeats a schedule', async ({
      page,
    }) => {
      // Three axe checks of a long dialog.
      test.setTimeout(240_000);
      const project = width;
      const launch = await createLaunch(page.request);
      // Days of their own, a month ahead, for each viewport.
      const first = operatorDate(project === 'phone' ? 30 : 50);
      const until = operatorDate(project === 'phone' ? 43 : 63);

      await page.goto('/admin/schedule');
      await page.getByRole('button', { name: 'Add Schedule' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Schedule' });
      const date = dialog.getByLabel('Travel date');
      await expect(date).toBeVisible();
      await expect(dialog.getByText(MSG.scheduleBasics)).toHaveCount(0);
      await expect(dialog.getByText(MSG.scheduleStops)).toHaveCount(0);
      await expect(date).not.toHaveAttribute('aria-invalid', 'true');
      await audit(page, 'dialog-fresh', project, false);

      // Save with nothing filled: the travel date, first in error, takes the focus and names its message.
      await dialog.getByRole('button', { name: 'Save Schedule' }).click();
      await expect(date).toBeFocused();
      await expect(date).toHaveAttribute('aria-invalid', 'true');
      await expect(date).toHaveAccessibleDescription(MSG.scheduleBasics);
      await expect(dialog.getByText(MSG.scheduleStops)).toBeVisible();
      await audit(page, 'dialog-saved-empty', project, false);

      await date.fill(first);
      await dialog.getByLabel('Stop 1 location').selectOption({ label: 'Malé' });
      await dialog.getByLabel('Stop 1 departure time').fill('05:55');
      await dialog.getByLabel('Stop 2 location').selectOption({ label: 'Thoddoo' });
      await dialog.getByLabel('Stop 2, final destination: Arrives').fill('07:40');
      await dialog.getByLabel(launch.name).check();
      await expect(dialog.getByText(MSG.scheduleBasics)).toHaveCount(0);
      await expect(dialog.getByText(MSG.scheduleStops)).toHaveCount(0);

      await dialog.getByLabel('Repeat', { exact: true }).check();
      const weekdays = ['Mon', 'Wed', 'Fri'];
      for (const day of ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']) {
        const box = dialog.getByRole('checkbox', { name: day, exact: true });
        if (weekdays.includes(day) !== (await box.isChecked())) await box.click();
      }
      // Until before the travel date: its message once the field is left.
      const untilField = dialog.getByLabel('Until');
      await untilField.fill(operatorDate(project === 'phone' ? 29 : 49));
      await untilField.blur();
      await expect(untilField).toHaveAccessibleDescription(STAFF_MSG.repeatUntilBeforeStart);
      await untilField.fill(until);
      await expect(dialog.getByText(STAFF_MSG.repeatUntilBeforeStart)).toHaveCount(0);
      const expected = repeatDates(first, until, [1, 3, 5]);
      await expect(
        dialog.getByText(STAFF_MSG.repeatSummary(expected.length, weekdays.join(', '), formatDay(until))),
      ).toBeVisible();
      await audit(page, 'dialog-repeat', project, false);

      await dialog.getByRole('button', { name: 'Save Schedule' }).click();
      await expect(toast(page, STAFF_MSG.repeatCreated(expected.length))).toBeVisible();
      await expect(dialog).toBeHidden();

      const upcoming = await json<ScheduleList>(await page.request.get('/api/admin/schedules?when=upcoming'));
      const created = upcoming.schedules.filter((s) => s.launchIds.includes(launch.id));
      expect(created.map((s) => s.travelDate)).toEqual(expected);
      expect(created.every((s) => s.departureTime === '05:55')).toBe(true);
      // Each date arrives at the final destination at the same time.
      expect(created.every((s) => s.routeStops.at(-1)?.departureTime === '07:40')).toBe(true);

      await page.getByLabel('Filter by travel date').fill(expected[1] ?? '');
      await expect(cardOf(page, launch.name).getByText(formatDay(expected[1] ?? ''))).toBeVisible();
    });
  });
}

// Chromium logs every 4xx response as a console error; these 409s are the server refusing an
// edit that would break an active booking (docs/product.md section 10.6), which this test provokes.
const REFUSED = failedResponse(409, 'Conflict', '/api/admin/(schedules|launches)/[0-9a-f-]+');

const guardTest = test.extend({
  allowedErrors: [[REFUSED], { scope: 'test' }],
});

guardTest.describe('edits that would break a booking', () => {
  guardTest.beforeEach(async ({ page }) => {
    await json(await page.request.post('/api/auth/login', { data: DEMO_ADMIN }));
  });

  guardTest(
    'are refused with the server message on the schedule and launch screens, and go through once the booking is history',
    async ({ page }, testInfo) => {
      guardTest.setTimeout(90_000);
      const project = testInfo.project.name;
      const date = operatorDate((DAYS_AHEAD[project] ?? 3) + 3);
      const ids = await locationIds(page.request);
      const launch = await createLaunch(page.request, 4);
      const schedule = await json<AdminSchedule>(
        await page.request.post('/api/admin/schedules', {
          data: {
            travelDate: date,
            launchIds: [launch.id],
            routeStops: [
              { locationId: ids.Malé, departureTime: '10:00' },
              { locationId: ids.Airport, departureTime: '10:20' },
              { locationId: ids.Maafushi, departureTime: '11:00' },
            ],
          },
        }),
      );
      const booking = await bookScheduleViaApi(page.request, schedule, launch.id, '4');

      await page.goto(`/admin/schedule?date=${date}`);
      const card = cardOf(page, launch.name);
      await expect(card.getByText('1 active booking', { exact: true })).toBeVisible();

      // Removing the booked passenger's destination is refused; the dialog keeps the reason.
      await card.getByRole('button', { name: 'Edit' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Schedule' });
      await edit.getByRole('button', { name: 'Remove stop 3' }).click();
      await edit.getByRole('button', { name: 'Save Schedule' }).click();
      const breaks = MSG.scheduleEditBreaksBookings('a stop');
      await expect(toast(page, MSG.scheduleSaveFailed)).toContainText(breaks);
      await expect(edit.getByRole('alert')).toHaveText(breaks);
      await edit.getByRole('button', { name: 'Cancel' }).click();

      await card.getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Schedule' }).click();
      await expect(toast(page, MSG.scheduleDeleteFailed)).toContainText(MSG.scheduleHasBookings(1));
      await expect(card).toBeVisible();

      // The launch screen: seat 4 is booked, so cutting the capacity to 2 is refused.
      await page.goto('/admin/launches');
      const launchCard = page.locator(`article[data-launch-id="${launch.id}"]`);
      await launchCard.getByRole('button', { name: 'Edit' }).click();
      const launchDialog = page.getByRole('dialog', { name: 'Edit Launch' });
      await launchDialog.getByLabel('Capacity').fill('2');
      await launchDialog.getByLabel('Capacity').press('Tab');
      await expect(launchDialog.getByLabel(/^Seat \d+ label$/)).toHaveCount(2);
      await launchDialog.getByRole('button', { name: 'Save Launch' }).click();
      await expect(toast(page, MSG.launchSaveFailed)).toContainText(MSG.launchSeatsInUse(['4']));
      await expect(launchDialog.getByRole('alert')).toHaveText(MSG.launchSeatsInUse(['4']));
      await launchDialog.getByRole('button', { name: 'Cancel' }).click();

      await launchCard.getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Launch' }).click();
      await expect(toast(page, MSG.launchDeleteFailed)).toContainText(MSG.launchInUse(1));
      await expect(launchCard.getByText('4 seats')).toBeVisible();

      // Once the booking is rejected it is history: both deletes go through and archive what it
      // names (docs/decisions/007), while the booking still reads its trip and launch.
      const ticket = await json<AdminTicket>(
        await page.request.get(`/api/admin/tickets/by-reference/${booking.reference}`),
      );
      await json(await page.request.post(`/api/admin/tickets/${ticket.id}/reject`, { data: {} }));
      await launchCard.getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Launch' }).click();
      await expect(toast(page, MSG.launchDeleted)).toBeVisible();
      await expect(launchCard).toHaveCount(0);

      await page.goto(`/admin/schedule?date=${date}`);
      await expect(card.getByText(`${launch.name} (deleted)`)).toBeVisible();
      await card.getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Schedule' }).click();
      await expect(toast(page, MSG.scheduleDeleted)).toBeVisible();
      await expect(card).toHaveCount(0);

      const lookup = await json<BookingLookup>(await page.request.get(`/api/bookings/${booking.reference}`));
      expect(lookup).toMatchObject({ launchName: launch.name, travelDate: date, departureTime: '10:00' });
    },
  );
});
