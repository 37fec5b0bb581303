// The passenger's manage page (/bookings/<reference>/manage, docs/decisions/027): opened with a
// code to the booking's e-mail or the e-mailed link, each change confirmed with a code. The
// name change signs the e-ticket again, a cancellation gives back what the policy says and
// frees the seats, and a rebooking moves the booking; in English and in Dhivehi, right to left.
// Screenshots of each screen go to .tmp/shots/manage-*.png.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { DEMO_ADMIN } from '#shared/constants.ts';
import ETICKET_DV from '#shared/locales/dv/eticket.ts';
import MANAGE_DV from '#shared/locales/dv/manage.ts';
import type { ManageView } from '#shared/manage-api.ts';
import COMMON from '#shared/messages/common.ts';
import ETICKET from '#shared/messages/eticket.ts';
import MANAGE from '#shared/messages/manage.ts';
import type { AdminSchedule } from '#shared/setup-api.ts';
import { expect, failedResponse, test } from './fixtures.ts';
import { json, seatMap, seatStates } from './support/booking-api.ts';
import { approvedPassenger, type Passenger } from './support/camera.ts';
import { departures, enterCode, mailedLink, officeApi } from './support/manage.ts';
import { expectAccessible } from './support/ui.ts';

const SHOTS = path.resolve(import.meta.dirname, '../../.tmp/shots');

async function shot(page: Page, name: string, testInfo: TestInfo) {
  await mkdir(SHOTS, { recursive: true });
  // An open dialog's backdrop stretches oddly on a full-page shot: the viewport then.
  const dialogs = await page.locator('[role="dialog"]').count();
  await page.screenshot({
    path: path.join(SHOTS, `manage-${name}-${testInfo.project.name}.png`),
    fullPage: dialogs === 0,
  });
}

/**
 * Opens the manage page without a link, as a passenger who only has the reference: Check
 * Booking shows the booking and the way to change it; there a code opens the booking.
 */
async function openWithCode(page: Page, api: APIRequestContext, passenger: Passenger, testInfo: TestInfo) {
  await page.goto(`/bookings?ref=${passenger.reference}`);
  await expect(page.getByRole('link', { name: ETICKET.manageLink })).toBeVisible();
  await shot(page, 'check-booking', testInfo);
  await page.getByRole('link', { name: ETICKET.manageLink }).click();
  await expect(page).toHaveURL(new RegExp(`/bookings/${passenger.reference}/manage$`));
  await expect(page.getByRole('heading', { level: 1, name: MANAGE.title })).toBeVisible();
  await expect(page.getByText(passenger.reference)).toBeVisible();
  await enterCode(page, api, passenger);
  const opened = page.waitForResponse(
    (r) => r.url().endsWith(`/api/bookings/${passenger.reference}/manage`) && r.request().method() === 'GET',
  );
  await page.getByRole('button', { name: MANAGE.openBooking }).click();
  const view = (await (await opened).json()) as ManageView;
  await expect(page.getByRole('status').filter({ hasText: MANAGE.opened })).toBeFocused();
  return view;
}

const qrOf = (page: Page, passenger: Passenger) =>
  page.getByRole('img', { name: `Boarding QR code for booking ${passenger.reference}` });

test.describe('the manage page', () => {
  test('opens with a code; correcting the name signs the e-ticket again', async ({
    page,
    playwright,
    baseURL,
  }, testInfo) => {
    test.slow();
    const office = await officeApi(playwright, baseURL);
    try {
      const { launch, schedules } = await departures(office, [20]);
      const schedule = schedules[0] as AdminSchedule;
      const passenger = await approvedPassenger(office, { schedule, launch, stops: [] }, '1');

      await page.goto(`/bookings/${passenger.reference}/manage`);
      await expect(page.getByRole('button', { name: MANAGE.sendCode })).toBeVisible();
      await expect(page.getByRole('button', { name: MANAGE.openBooking })).toHaveCount(0);
      await expectAccessible(page, 'manage page, no link');
      await shot(page, 'open', testInfo);
      const view = await openWithCode(page, office, passenger, testInfo);
      expect(view.code).toBe(passenger.code);
      await expect(qrOf(page, passenger)).toBeVisible();
      await expect(page.getByRole('link', { name: MANAGE.eTicketLink })).toHaveAttribute(
        'href',
        `/t/${passenger.token}`,
      );
      const qrBefore = await qrOf(page, passenger).innerHTML();
      await expectAccessible(page, 'manage page, opened');
      await shot(page, 'opened', testInfo);

      await page.getByRole('button', { name: MANAGE.nameTitle }).click();
      const name = page.getByRole('textbox', { name: MANAGE.nameLabel });
      await expect(name).toHaveValue(passenger.name);
      await name.fill('Mariyam Ali Manik');
      // The code that opened the page a moment ago also confirms this one change.
      await expect(page.getByText(MANAGE.confirmReady)).toBeVisible();
      await expectAccessible(page, 'manage page, name form');
      const renamed = page.waitForResponse((r) => r.url().endsWith('/manage/name'));
      await page.getByRole('button', { name: MANAGE.nameConfirm }).click();
      const after = (await (await renamed).json()) as ManageView;
      await expect(page.getByRole('status').filter({ hasText: MANAGE.nameDone })).toBeFocused();
      expect(after.passengerName).toBe('Mariyam Ali Manik');
      expect(after.code).toMatch(/^IF1\./);
      expect(after.code).not.toBe(passenger.code);
      await expect(page.getByText('Mariyam Ali Manik')).toBeVisible();
      await expect.poll(() => qrOf(page, passenger).innerHTML()).not.toBe(qrBefore);
      // The e-ticket page shows the new code too.
      const eTicket = await json<{ code: string }>(await page.request.get(`/api/t/${passenger.token}`));
      expect(eTicket.code).toBe(after.code);

      // The grant went into that change: the next one asks for a code of its own.
      await page.getByRole('button', { name: MANAGE.nameTitle }).click();
      await expect(
        page.getByText(/^Every change needs a one-time code, which we send to \S+@example\.com\.$/),
      ).toBeVisible();
      await expect(page.getByText(MANAGE.confirmReady)).toHaveCount(0);
    } finally {
      await office.dispose();
    }
  });

  test('the e-mailed link opens the page; cancelling gives back what the policy says, frees the seats and queues the refund for the office', async ({
    page,
    browser,
    playwright,
    baseURL,
  }, testInfo) => {
    test.slow();
    const office = await officeApi(playwright, baseURL);
    try {
      const { launch, schedules } = await departures(office, [21]);
      const schedule = schedules[0] as AdminSchedule;
      const passenger = await approvedPassenger(office, { schedule, launch, stops: [] }, '2');
      const where = { scheduleId: schedule.id, date: schedule.travelDate, launchId: launch.id };
      expect(seatStates(await seatMap(office, where), ['2'])).toEqual({ '2': 'occupied' });

      // The approval mail carries the manage link; the page keeps it and drops it from the address.
      const link = await mailedLink(office, passenger);
      const opened = page.waitForResponse(
        (r) => r.url().endsWith(`/manage`) && r.request().method() === 'GET',
      );
      const html = await page.goto(link);
      // The page's address carries the link: no request from it names it to another host.
      expect(html?.headers()['referrer-policy']).toBe('no-referrer');
      const view = (await (await opened).json()) as ManageView;
      await expect(page).toHaveURL(new RegExp(`/bookings/${passenger.reference}/manage$`));
      await expect(qrOf(page, passenger)).toBeVisible();

      await page.getByRole('button', { name: MANAGE.cancelTitle }).click();
      // The policy, tier by tier, and what cancelling now gives back (the best tier, days ahead).
      expect(view.cancel.percent).toBe(100);
      for (const tier of view.refundPolicy.filter((t) => t.hoursBefore > 0)) {
        await expect(
          page.getByText(
            `At least ${tier.hoursBefore} hours before departure: ${tier.percent}% of the fare back`,
          ),
        ).toBeVisible();
      }
      const amount = `${view.currency} ${Number(view.cancel.amount).toFixed(2)}`;
      await expect(page.getByText(`Cancelling now gives back 100% of the fare: ${amount}.`)).toBeVisible();
      await page.getByRole('textbox', { name: MANAGE.bankName }).fill('Bank of Maldives');
      await page.getByRole('textbox', { name: MANAGE.accountName }).fill('Mariyam Ali');
      await page.getByRole('textbox', { name: MANAGE.accountNumber }).fill('7730000123456');
      // Opened by a link, so this change asks for a code.
      await page.getByRole('button', { name: MANAGE.cancelConfirm }).click();
      await expect(page.getByRole('alert').filter({ hasText: MANAGE.codeNeeded })).toBeVisible();
      await enterCode(page, office, passenger);
      await expectAccessible(page, 'manage page, cancel form');
      await shot(page, 'cancel', testInfo);
      await page.getByRole('button', { name: MANAGE.cancelConfirm }).click();

      await expect(page.getByRole('status').filter({ hasText: MANAGE.cancelDone })).toBeFocused();
      const refunds = page.getByRole('region', { name: MANAGE.refundsTitle });
      await expect(refunds.getByText(MANAGE.reasonPassengerCancelled)).toBeVisible();
      await expect(refunds.getByText(amount)).toBeVisible();
      await expect(refunds.getByText(MANAGE.refundRequested)).toBeVisible();
      await expect(refunds.getByText('To Bank of Maldives, Mariyam Ali, account ending 3456')).toBeVisible();
      // No code, no e-ticket, nothing more to change.
      await expect(qrOf(page, passenger)).toHaveCount(0);
      await expect(page.getByText(MANAGE.noActions)).toBeVisible();
      expect(seatStates(await seatMap(office, where), ['2'])).toEqual({ '2': 'available' });
      await expectAccessible(page, 'manage page, cancelled');
      await shot(page, 'cancelled', testInfo);

      // The office's refunds queue lists it: the policy's amount, the account the passenger gave,
      // and that account again beside the original slip, whose payer it is checked against.
      const staff = await browser.newContext({ baseURL });
      try {
        const desk = await staff.newPage();
        await json(await desk.request.post('/api/auth/login', { data: DEMO_ADMIN }));
        await desk.goto('/admin/refunds');
        const row = desk.locator(`li[data-reference="${passenger.reference}"]`);
        const due = `${view.currency} ${Number(view.cancel.amount).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
        await expect(row.getByText('Passenger cancellation')).toBeVisible();
        await expect(row.getByText(due)).toBeVisible();
        await expect(row.getByText('100% of the fare (policy)')).toBeVisible();
        await expect(row.getByText('7730000123456')).toBeVisible();
        await row.getByRole('button', { name: `View slip of booking ${passenger.reference}` }).click();
        const slip = desk.getByRole('dialog', { name: 'Payment Slip' });
        await expect(
          slip.getByRole('img', { name: `Payment slip for booking ${passenger.reference}` }),
        ).toBeVisible();
        const account = slip.getByRole('region', { name: 'Refund account' });
        await expect(account.getByText('Mariyam Ali')).toBeVisible();
        await expect(account.getByText('7730000123456')).toBeVisible();
        await expectAccessible(desk, 'refunds queue, slip beside the refund account');
        await shot(desk, 'queue-slip', testInfo);
      } finally {
        await staff.close();
      }
    } finally {
      await office.dispose();
    }
  });

  test('the e-mailed link opens the page, a code confirms a rebooking, and the passenger is on the new departure’s manifest; the page reads right to left in Dhivehi', async ({
    page,
    browser,
    playwright,
    baseURL,
  }, testInfo) => {
    test.slow();
    const office = await officeApi(playwright, baseURL);
    try {
      const { launch, schedules, times } = await departures(office, [20, 22]);
      const [first, second] = times as [string, string];
      const [from, to] = schedules as [AdminSchedule, AdminSchedule];
      const passenger = await approvedPassenger(office, { schedule: from, launch, stops: [] }, '3');
      await page.goto(await mailedLink(office, passenger));
      await expect(qrOf(page, passenger)).toBeVisible();

      await page.getByRole('button', { name: MANAGE.rebookTitle }).click();
      await expect(page.getByLabel(MANAGE.rebookDate)).toHaveValue(from.travelDate);
      const current = page.getByRole('radio', { name: new RegExp(`Departs ${first} `) });
      await expect(current).toBeDisabled();
      await page.getByRole('radio', { name: new RegExp(`Departs ${second} `) }).check();
      // One launch: it is chosen already; then one seat for the one passenger.
      await expect(page.getByRole('radio', { name: new RegExp(launch.name) })).toBeChecked();
      await page.getByRole('button', { name: 'Seat 5, available' }).click();
      await expect(page.getByRole('button', { name: 'Seat 5, selected' })).toBeVisible();
      await expect(page.getByText(/The new departure costs/)).toBeVisible();
      // Opened by the link, so the change asks for a code first.
      await page.getByRole('button', { name: MANAGE.rebookConfirm }).click();
      await expect(page.getByRole('alert').filter({ hasText: MANAGE.codeNeeded })).toBeVisible();
      await enterCode(page, office, passenger);
      await expectAccessible(page, 'manage page, rebooking');
      await shot(page, 'rebook', testInfo);
      const rebooked = page.waitForResponse((r) => r.url().endsWith('/manage/rebook'));
      await page.getByRole('button', { name: MANAGE.rebookConfirm }).click();
      const after = (await (await rebooked).json()) as ManageView;

      await expect(page.getByRole('status').filter({ hasText: MANAGE.rebookDone })).toBeFocused();
      expect(after.departureTime).toBe(second);
      expect(after.seatNumbers).toEqual(['5']);
      const card = page.getByRole('article', { name: 'Booking reference' });
      await expect(card.getByText(second, { exact: true })).toBeVisible();
      await expect(card.getByText('5', { exact: true })).toBeVisible();
      // The old departure's seat is free, the new one's taken.
      const mapOf = (schedule: AdminSchedule) =>
        seatMap(office, { scheduleId: schedule.id, date: schedule.travelDate, launchId: launch.id });
      expect(seatStates(await mapOf(from), ['3'])).toEqual({ '3': 'available' });
      expect(seatStates(await mapOf(to), ['5'])).toEqual({ '5': 'occupied' });
      await shot(page, 'rebooked', testInfo);

      // The office finds the passenger on the new departure's manifest, and no longer on the old.
      const staff = await browser.newContext({ baseURL });
      try {
        const desk = await staff.newPage();
        await json(await desk.request.post('/api/auth/login', { data: DEMO_ADMIN }));
        const listed = (schedule: AdminSchedule) =>
          desk.goto(`/admin/ticketing?date=${schedule.travelDate}&trip=${schedule.id}`);
        await listed(to);
        const row = desk.locator(`li[data-reference="${passenger.reference}"]`);
        await expect(row.getByText(passenger.name)).toBeVisible();
        await expect(row.getByText('5', { exact: true })).toBeVisible();
        const csv = await desk.request.get(`/api/admin/trips/${to.id}/manifest.csv`);
        expect(await csv.text()).toContain(passenger.reference);
        await listed(from);
        await expect(desk.getByRole('heading', { level: 1, name: 'Ticketing' })).toBeVisible();
        await expect(desk.locator(`li[data-reference="${passenger.reference}"]`)).toHaveCount(0);
      } finally {
        await staff.close();
      }

      // In Dhivehi: the same page, right to left, its texts from the manage namespace.
      await page.getByRole('button', { name: `${COMMON.languageSwitch}: ދިވެހި` }).click();
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(page.getByRole('heading', { level: 1, name: MANAGE_DV.title })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: MANAGE_DV.actionsTitle })).toBeVisible();
      await page.getByRole('button', { name: MANAGE_DV.cancelTitle }).click();
      await expect(page.getByText(MANAGE_DV.cancelWarning)).toBeVisible();
      await expectAccessible(page, 'manage page in Dhivehi');
      await shot(page, 'dv', testInfo);
      // And opening it again without the link: the code form, in Dhivehi.
      await page.evaluate(() => sessionStorage.clear());
      await page.reload();
      await expect(page.getByRole('button', { name: MANAGE_DV.sendCode })).toBeVisible();
      await shot(page, 'dv-open', testInfo);
      // Check Booking leads there in Dhivehi too.
      await page.goto(`/bookings?ref=${passenger.reference}`);
      await expect(page.getByRole('link', { name: ETICKET_DV.manageLink })).toBeVisible();
      await shot(page, 'dv-check-booking', testInfo);
    } finally {
      await office.dispose();
    }
  });

  test.describe(() => {
    // How the API says a link is not (or no longer) good: the page then offers the code.
    test.use({ allowedErrors: [failedResponse(404, 'Not Found', '/api/bookings/[^/]+/manage')] });
    test('a link that is not valid leaves the address bar and the code opens the page instead', async ({
      page,
    }) => {
      await page.goto('/bookings/2600000000/manage?k=not-a-link&utm=mail');
      await expect(page.getByRole('alert')).toHaveText(MANAGE.linkInvalid);
      await expect(page).toHaveURL(/\/bookings\/2600000000\/manage\?utm=mail$/);
      await expect(page.getByRole('button', { name: MANAGE.sendCode })).toBeVisible();
      expect(
        await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('manage-link'))),
      ).toEqual([]);
      await expectAccessible(page, 'manage page, link not valid');
    });
  });
});
