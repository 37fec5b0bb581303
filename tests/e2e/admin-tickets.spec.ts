import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import type { AdminTicket } from '#shared/admin-api.ts';
import { DEMO_ADMIN, SLIP_ZOOM } from '#shared/constants.ts';
import { MSG, SLIP_RECEIVED_LABEL } from '#shared/messages/api.ts';
import type { AdminSchedule } from '#shared/setup-api.ts';
import { expect, test } from './fixtures.ts';
import {
  bookScheduleViaApi,
  createBookingViaApi,
  json,
  seatMap,
  seatStates,
  verifiedToken,
} from './support/booking-api.ts';
import { departureOnOwnDay } from './support/departures.ts';
import { departures } from './support/manage.ts';
import { expectAccessible, toast } from './support/ui.ts';

// Every test books its own trip seats and finds its ticket by reference (?q=): the server is
// shared by parallel workers, so only this test's own ticket has known counts.
const SHOTS = path.resolve(import.meta.dirname, '../../.tmp/c2-shots');

async function signIn(page: Page) {
  await json(await page.request.post('/api/auth/login', { data: DEMO_ADMIN }));
}

async function ticketByReference(api: APIRequestContext, reference: string): Promise<AdminTicket> {
  return json<AdminTicket>(await api.get(`/api/admin/tickets/by-reference/${reference}`));
}

const card = (page: Page, reference: string) => page.locator(`article[data-reference="${reference}"]`);
const tab = (page: Page, name: string) => page.getByRole('tab', { name: new RegExp(`^${name}`) });

async function expectCounts(page: Page, counts: { pending: number; approved: number; rejected: number }) {
  for (const [name, count] of Object.entries(counts)) {
    await expect(page.getByTestId(`count-${name}`)).toHaveText(String(count));
  }
}

async function audit(page: Page, name: string, project: string) {
  await expectAccessible(page, name);
  // A full-page shot would stretch an open dialog's backdrop oddly: the viewport then.
  const dialogs = await page.locator('[role="dialog"], [role="alertdialog"]').count();
  await page.screenshot({
    path: path.join(SHOTS, `tickets-${project}-${name}.png`),
    fullPage: dialogs === 0,
  });
}

test.describe('ticket management', () => {
  test('rejects every pending booking of one e-mail in one action, after a confirmation', async ({
    page,
  }, testInfo) => {
    test.slow();
    await signIn(page);
    const email = `flood-${testInfo.project.name}-${Date.now()}@junk.example`;
    const passenger = { email, verificationToken: await verifiedToken(page.request, email) };
    const first = await createBookingViaApi(page.request, { passenger });
    const second = await createBookingViaApi(page.request, { passenger, daysAhead: 6 });

    await page.goto(`/admin/tickets?q=${first.reference}`);
    const ticket = card(page, first.reference);
    await expect(ticket.getByText('Booked from')).toBeVisible();
    await ticket.getByRole('button', { name: 'Reject all from sender' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject all pending bookings' });
    await expect(
      dialog.getByRole('radio', { name: new RegExp(`this e-mail address ${email}`) }),
    ).toBeChecked();
    await expect(dialog.getByRole('status')).toHaveText('2 pending bookings will be rejected.');
    await audit(page, 'reject-all', testInfo.project.name);
    await dialog.getByLabel('Remarks (optional)').fill('Junk bookings');
    await dialog.getByRole('button', { name: 'Reject 2 bookings' }).click();
    await expect(toast(page, MSG.bulkRejected(2))).toBeVisible();
    await expect(ticket).toHaveCount(0);
    for (const reference of [first.reference, second.reference]) {
      const after = await ticketByReference(page.request, reference);
      expect(after).toMatchObject({ ticketStatus: 'cancelled', remarks: 'Junk bookings' });
    }
  });

  test.beforeEach(async ({ page }) => {
    // Each test first makes a real booking (e-mail code, verification, slip upload) and shares
    // two cores with the server and the other worker.
    test.slow();
    await signIn(page);
  });

  test('approving a pending ticket moves it to Approved', async ({ page }, testInfo) => {
    const booking = await createBookingViaApi(page.request, { seats: 2 });
    await page.goto(`/admin/tickets?q=${booking.reference}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Ticket Management' })).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Search by reference' })).toHaveValue(booking.reference);
    const ticket = card(page, booking.reference);
    await expect(ticket).toBeVisible();
    await expectCounts(page, { pending: 1, approved: 0, rejected: 0 });
    await expect(ticket.getByText(booking.passengerName)).toBeVisible();
    await expect(ticket.getByText(booking.email)).toBeVisible();
    // The booking came with its slip: the office reads that it is being checked.
    await expect(ticket.getByText(SLIP_RECEIVED_LABEL)).toBeVisible();
    await expect(ticket.getByText(booking.seats.join(', '))).toBeVisible();
    await expect(ticket.getByRole('button', { name: 'Delete' })).toBeVisible();
    await expect(ticket.getByRole('button', { name: 'Present' })).toHaveCount(0);
    await audit(page, 'pending', testInfo.project.name);

    await ticket.getByRole('button', { name: 'Approve' }).click();
    await expect(toast(page, MSG.ticketApproved)).toBeVisible();
    await expect(ticket).toHaveCount(0);
    await expectCounts(page, { pending: 0, approved: 1, rejected: 0 });
    await expect(page.getByText('No pending tickets')).toBeVisible();

    await tab(page, 'Approved').click();
    await expect(page).toHaveURL(/tab=approved/);
    await expect(ticket.getByText('Approved', { exact: true })).toBeVisible();
    await expect(ticket.getByText('Paid', { exact: true })).toBeVisible();
    await expect(ticket.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    await audit(page, 'approved', testInfo.project.name);

    // The filters survive a reload.
    await page.reload();
    await expect(tab(page, 'Approved')).toHaveAttribute('aria-selected', 'true');
    await expect(ticket).toBeVisible();
  });

  test('rejecting with remarks moves it to Rejected with the remarks', async ({ page }, testInfo) => {
    const booking = await createBookingViaApi(page.request);
    // Found through the filters, which settle into the URL.
    await page.goto('/admin/tickets');
    await page.getByRole('searchbox', { name: 'Search by reference' }).fill(booking.reference);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${booking.reference}`));
    await page.getByLabel('Travel date').fill(booking.travelDate);
    await expect(page).toHaveURL(new RegExp(`[?&]date=${booking.travelDate}`));
    const ticket = card(page, booking.reference);
    await expect(ticket).toBeVisible();
    await page.getByRole('button', { name: 'Clear travel date' }).click();
    await expect(page).not.toHaveURL(/date=/);
    await expect(ticket).toBeVisible();
    await ticket.getByRole('button', { name: 'Reject', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Reject ticket ${booking.reference}` });
    await dialog.getByLabel('Remarks (optional)').fill('Slip amount does not match');
    await audit(page, 'reject-dialog', testInfo.project.name);
    await dialog.getByRole('button', { name: 'Reject ticket' }).click();
    await expect(toast(page, MSG.ticketRejected)).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expectCounts(page, { pending: 0, approved: 0, rejected: 1 });

    await tab(page, 'Rejected').click();
    await expect(ticket.getByText('Rejected', { exact: true })).toBeVisible();
    await expect(ticket.getByText('Payment Failed')).toBeVisible();
    await expect(ticket.getByText('Slip amount does not match')).toBeVisible();
    await expect(ticket.getByRole('button', { name: 'Reject', exact: true })).toHaveCount(0);
    await audit(page, 'rejected', testInfo.project.name);
  });

  test('deleting a ticket frees its seats', async ({ page }) => {
    // A departure of its own: on the shared demo trip another test may book a seat as it is freed.
    const { launch, schedules } = await departures(page.request, [18]);
    const schedule = schedules[0] as AdminSchedule;
    const booking = await bookScheduleViaApi(page.request, schedule, launch.id, '2');
    const where = { scheduleId: schedule.id, date: schedule.travelDate, launchId: launch.id };
    expect(seatStates(await seatMap(page.request, where), ['2'])).toEqual({ '2': 'occupied' });

    await page.goto(`/admin/tickets?q=${booking.reference}`);
    const ticket = card(page, booking.reference);
    await ticket.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: `Delete ticket ${booking.reference}?` });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete ticket' }).click();
    await expect(toast(page, MSG.ticketDeleted)).toBeVisible();
    await expect(ticket).toHaveCount(0);
    await expectCounts(page, { pending: 0, approved: 0, rejected: 0 });

    expect(seatStates(await seatMap(page.request, where), ['2'])).toEqual({ '2': 'available' });
  });

  test('an approved ticket can be marked with every status, in any order; a no-show after boarding says why', async ({
    page,
  }, testInfo) => {
    const booking = await createBookingViaApi(page.request);
    const { id } = await ticketByReference(page.request, booking.reference);
    await json(await page.request.post(`/api/admin/tickets/${id}/approve`));

    await page.goto(`/admin/tickets?tab=approved&q=${booking.reference}`);
    const ticket = card(page, booking.reference);
    const marks = [
      { status: 'refunded', button: 'Refunded' },
      { status: 'present', button: 'Present' },
      { status: 'no_show', button: 'No show' },
      { status: 'cancelled', button: 'Cancelled' },
    ];
    for (const { status, button } of marks) {
      const action = ticket.getByRole('button', { name: button });
      await action.click();
      if (status === 'no_show') {
        // Marked present, the party boarded: the boarding stands, and the office says why.
        const dialog = page.getByRole('dialog', { name: `Mark ${booking.reference} a no-show?` });
        await expect(dialog.getByLabel('Reason')).toBeFocused();
        await dialog.getByLabel('Reason').fill('Went home before departure');
        await audit(page, 'no-show-reason', testInfo.project.name);
        await dialog.getByRole('button', { name: 'Mark no-show' }).click();
        await expect(dialog).toBeHidden();
      }
      await expect(toast(page, MSG.ticketMarked(status))).toBeVisible();
      await expect(action).toHaveAttribute('aria-pressed', 'true');
      await expect(ticket.locator(`[data-status="${status}"]`).filter({ hasText: button })).toBeVisible();
    }
    const stored = await ticketByReference(page.request, booking.reference);
    expect(stored.markedStatus).toBe('cancelled');
  });

  test('the slip viewer zooms from 0.5x to 3x', async ({ page }, testInfo) => {
    const booking = await createBookingViaApi(page.request);
    await page.goto(`/admin/tickets?q=${booking.reference}`);
    await card(page, booking.reference)
      .getByRole('button', { name: `View slip of booking ${booking.reference}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Payment Slip' });
    await expect(dialog).toBeVisible();
    const image = dialog.getByRole('img', { name: `Payment slip for booking ${booking.reference}` });
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(dialog.getByText(`MVR ${booking.totalAmount}`)).toBeVisible();
    const readout = dialog.getByLabel('Zoom level');
    const zoomIn = dialog.getByRole('button', { name: 'Zoom in' });
    const zoomOut = dialog.getByRole('button', { name: 'Zoom out' });
    await expect(readout).toHaveText('1x');

    for (const expected of ['0.75x', '0.5x']) {
      await zoomOut.click();
      await expect(readout).toHaveText(expected);
    }
    await expect(zoomOut).toBeDisabled();
    const clicksToMax = (SLIP_ZOOM.max - SLIP_ZOOM.min) / SLIP_ZOOM.step;
    for (let i = 0; i < clicksToMax; i++) await zoomIn.click();
    await expect(readout).toHaveText('3x');
    await expect(zoomIn).toBeDisabled();
    await expect(zoomOut).toBeEnabled();
    await audit(page, 'slip-zoomed', testInfo.project.name);

    await dialog.getByRole('button', { name: 'Reset' }).click();
    await expect(readout).toHaveText('1x');
    const { id } = await ticketByReference(page.request, booking.reference);
    await expect(dialog.getByRole('link', { name: 'Open in new tab' })).toHaveAttribute(
      'href',
      `/api/admin/tickets/${id}/slip`,
    );
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });

  test('a new booking shows up on the open page without a reload', async ({ page }) => {
    // A day of its own: the unfiltered Pending tab's first page may be full of the other
    // workers' earlier departures.
    const own = await departureOnOwnDay(page.request, 2);
    await page.goto(`/admin/tickets?date=${own.date}`);
    await expect(page.getByTestId('count-pending')).toHaveText('0');
    const booking = await bookScheduleViaApi(page.request, own.schedule, own.launch.id, '1');
    await expect(card(page, booking.reference)).toBeVisible();
  });
});

test.describe('payment slip on Check Your Booking', () => {
  test('shows the slip button to a signed-in admin only', async ({ page }, testInfo) => {
    test.slow();
    const booking = await createBookingViaApi(page.request);
    // The slip button asks who is signed in once the booking shows: after the page, its lazy
    // outcome and the lookup, which a slow machine takes more than the default 10 s for.
    const me = page.waitForResponse((r) => r.url().endsWith('/api/auth/me'), { timeout: 30_000 });
    await page.goto(`/bookings?ref=${booking.reference}`);
    await expect(page.getByText(booking.reference, { exact: true })).toBeVisible();
    expect((await (await me).json()) as unknown).toEqual({ user: null });
    await expect(page.getByRole('button', { name: 'View Payment Slip' })).toHaveCount(0);

    await signIn(page);
    await page.reload();
    const slipButton = page.getByRole('button', { name: 'View Payment Slip' });
    await expect(slipButton).toBeVisible();
    await page.screenshot({
      path: path.join(SHOTS, `bookings-${testInfo.project.name}-slip-button.png`),
      fullPage: true,
    });
    await slipButton.click();
    const dialog = page.getByRole('dialog', { name: 'Payment Slip' });
    const image = dialog.getByRole('img', { name: `Payment slip for booking ${booking.reference}` });
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(dialog.getByText(`MVR ${booking.totalAmount}`)).toBeVisible();
    await audit(page, 'bookings-slip-viewer', testInfo.project.name);
  });
});
