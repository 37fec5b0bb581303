import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext, Page, PlaywrightWorkerArgs, TestInfo } from '@playwright/test';
import type { AdminTicket } from '#shared/admin-api.ts';
import { DEMO_ADMIN } from '#shared/constants.ts';
import type { CounterSale } from '#shared/counter.ts';
import { LOOKUP_STATUS_TEXT } from '#shared/messages/api.ts';
import type { Location, OutboxMail } from '#shared/schemas.ts';
import { expect, failedResponse, test } from './fixtures.ts';
import { bookScheduleViaApi, json } from './support/booking-api.ts';
import { approvedPassenger, attachDeviceLogs, cameraBrowser, device } from './support/camera.ts';
import { type Departure, todaysDeparture } from './support/departures.ts';
import { newStaff } from './support/staff.ts';
import { expectAccessible, toast } from './support/ui.ts';

// biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
test.afterEach(async ({}, testInfo) => attachDeviceLogs(testInfo));

// Cancelling a departure (docs/decisions/026) from Ticketing: the preview of who it reaches,
// the reason, the passengers' e-mails and Check Booking's text, then the refunds queue.
const SHOTS = path.resolve(import.meta.dirname, '../../.tmp/screens');

async function shot(page: Page, name: string, testInfo: TestInfo) {
  await mkdir(SHOTS, { recursive: true });
  // An open dialog's backdrop stretches oddly on a full-page shot: the viewport then.
  const dialogs = await page.locator('[role="dialog"], [role="alertdialog"]').count();
  await page.screenshot({
    path: path.join(SHOTS, `${name}-${testInfo.project.name}.png`),
    fullPage: dialogs === 0,
  });
}

/** A counter sale of `seats` on the departure, by a seller of their own (shifts are per person). */
async function counterSale(
  playwright: PlaywrightWorkerArgs['playwright'],
  api: APIRequestContext,
  baseURL: string | undefined,
  departure: Departure,
  seats: string[],
  name: string,
): Promise<CounterSale> {
  const locations = await json<Location[]>(await api.get('/api/locations'));
  const id = (stop: string) => locations.find((l) => l.name === stop)?.id ?? '';
  const seller = await newStaff(playwright, api, baseURL, 'counter');
  try {
    await json(
      await seller.api.post('/api/admin/counter/shift', { data: { floats: { MVR: '0', USD: '0' } } }),
    );
    return await json<CounterSale>(
      await seller.api.post('/api/admin/counter/sales', {
        data: {
          scheduleId: departure.schedule.id,
          travelDate: departure.schedule.travelDate,
          launchId: departure.launch.id,
          originId: id('Malé'),
          destinationId: id('Maafushi'),
          seats,
          tickets: [{ type: 'local', category: 'adult', quantity: seats.length }],
          passenger: { name, nationality: 'Maldivian', phone: '7778899' },
          language: 'en',
          currency: 'MVR',
          payment: { method: 'card' },
          saleId: crypto.randomUUID(),
        },
      }),
    );
  } finally {
    await seller.api.dispose();
  }
}

type Booked = { reference: string; ticketId: string; email: string };

async function booking(api: APIRequestContext, departure: Departure, seat: string): Promise<Booked> {
  const created = await bookScheduleViaApi(api, departure.schedule, departure.launch.id, seat);
  const ticket = await json<AdminTicket>(
    await api.get(`/api/admin/tickets/by-reference/${created.reference}`),
  );
  return { reference: created.reference, ticketId: ticket.id, email: ticket.passengerEmail };
}

test.describe('cancelling a departure', () => {
  test.beforeEach(async ({ page }) => {
    await json(await page.request.post('/api/auth/login', { data: DEMO_ADMIN }));
  });

  test('the preview, the cancel, the passengers told and the refunds queue', async ({ page }, testInfo) => {
    // Two real bookings (e-mail codes, slips), mails to wait for and several pages.
    test.slow();
    const departure = await todaysDeparture(page.request, 4, 'Cancel Launch');
    const approved = await booking(page.request, departure, '1');
    await json(await page.request.post(`/api/admin/tickets/${approved.ticketId}/approve`));
    const pending = await booking(page.request, departure, '2');

    await page.goto(`/admin/ticketing?date=${departure.schedule.travelDate}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Ticketing' })).toBeVisible();
    const card = page.locator(`article[data-schedule-id="${departure.schedule.id}"]`);
    await expect(card.getByText('Scheduled', { exact: true })).toBeVisible();
    // The departure's own page, where its actions are.
    await card.getByRole('button').click();
    await page.getByRole('button', { name: /^Cancel departure/ }).click();

    const dialog = page.getByRole('dialog', { name: 'Cancel the 23:57 departure?' });
    await expect(dialog).toBeFocused();
    await expect(dialog.getByTestId('cancel-bookings')).toHaveText('2');
    await expect(dialog.getByTestId('cancel-persons')).toHaveText('2');
    await expect(dialog.getByTestId('cancel-mails')).toHaveText('2');
    await expect(dialog.getByTestId('cancel-calls')).toHaveText('0');
    const affected = dialog.getByRole('region', { name: 'Affected passengers' });
    for (const { reference, email } of [approved, pending]) {
      const row = affected.locator(`li[data-reference="${reference}"]`);
      await expect(row).toContainText('Mariyam Ali');
      await expect(row).toContainText(email);
    }
    await expect(dialog.getByRole('region', { name: 'Full refunds requested' })).toContainText('MVR');
    await expectAccessible(page, 'cancel dialog');
    await shot(page, 'cancel-dialog', testInfo);

    // The reason is required.
    const confirm = dialog.getByRole('button', { name: 'Cancel departure', exact: true });
    await confirm.click();
    await expect(dialog.getByRole('alert')).toHaveText('Choose why the departure is cancelled');
    await expect(dialog.getByRole('radio', { name: 'Weather' })).toBeFocused();
    await expectAccessible(page, 'cancel dialog with its error');

    await dialog.getByRole('radio', { name: 'Weather' }).check();
    await dialog.getByLabel('Note (optional)').fill('Strong winds, the sea is rough');
    await confirm.click();
    await expect(toast(page, 'Departure cancelled: 2 passengers told, 2 refunds requested')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Trip status: Cancelled')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Cancel departure/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Mark as Completed' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Back to trips' }).click();
    await expect(card.getByText('Cancelled', { exact: true })).toBeVisible();
    await shot(page, 'ticketing-cancelled', testInfo);

    // Each passenger is told by e-mail.
    for (const { reference, email } of [approved, pending]) {
      await expect
        .poll(async () => {
          const mails = await json<OutboxMail[]>(
            await page.request.get('/dev/outbox', { params: { to: email } }),
          );
          return mails.map((m) => m.subject);
        })
        .toContain(`Departure cancelled: ${reference}`);
    }

    // Check Booking says so.
    await page.goto('/bookings');
    await page.getByRole('textbox', { name: 'Booking reference' }).fill(approved.reference);
    await expect(page.getByText(LOOKUP_STATUS_TEXT.cancelled_by_operator)).toBeVisible();
    expect(LOOKUP_STATUS_TEXT.cancelled_by_operator).toBe(
      'Your departure was cancelled by the operator. You will receive a full refund or can choose another departure.',
    );

    // The refunds queue lists both; one marked refunded moves to Refunded.
    await page.goto('/admin/refunds');
    await expect(page.getByRole('heading', { level: 1, name: 'Refunds' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'To refund' })).toHaveAttribute('aria-selected', 'true');
    const row = (reference: string) => page.locator(`li[data-reference="${reference}"]`);
    await expect(row(approved.reference)).toBeVisible();
    await expect(row(pending.reference)).toBeVisible();
    await expect(row(pending.reference).getByText('Payment not yet verified')).toBeVisible();
    await expect(row(approved.reference).getByText('Payment not yet verified')).toHaveCount(0);
    await expectAccessible(page, 'refunds');
    await shot(page, 'refunds', testInfo);

    await row(approved.reference)
      .getByRole('button', { name: /^Mark refunded/ })
      .click();
    const sure = page.getByRole('dialog', { name: `Mark ${approved.reference} refunded?` });
    await expect(sure).toBeVisible();
    await expectAccessible(page, 'mark refunded confirm');
    await shot(page, 'refunds-confirm', testInfo);
    // The bank's reference of the payment back is asked for (admin-refunds.spec.ts has the rest).
    await sure.getByRole('textbox', { name: 'Bank reference' }).fill('BML-0001');
    await sure.getByRole('button', { name: 'Mark refunded' }).click();
    await expect(toast(page, `Refund of ${approved.reference} marked done`)).toBeVisible();
    await expect(sure).toBeHidden();
    await expect(row(approved.reference)).toHaveCount(0);
    await expect(row(pending.reference)).toBeVisible();

    await page.getByRole('tab', { name: 'Refunded' }).click();
    await expect(row(approved.reference)).toBeVisible();
    await expect(row(approved.reference).getByRole('button', { name: /^Mark refunded/ })).toHaveCount(0);
    await expect(row(pending.reference)).toHaveCount(0);
    await shot(page, 'refunds-done', testInfo);
  });

  test('a counter passenger with no e-mail is on the call list with a number to call', async ({
    page,
    playwright,
    baseURL,
  }, testInfo) => {
    test.slow();
    const departure = await todaysDeparture(page.request, 4, 'Call Launch');
    const sale = await counterSale(playwright, page.request, baseURL, departure, ['3'], 'Hassan Counter');

    await page.goto(`/admin/ticketing?date=${departure.schedule.travelDate}&trip=${departure.schedule.id}`);
    await page.getByRole('button', { name: /^Cancel departure/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel the 23:57 departure?' });
    await expect(dialog.getByTestId('cancel-bookings')).toHaveText('1');
    await expect(dialog.getByTestId('cancel-mails')).toHaveText('0');
    await expect(dialog.getByTestId('cancel-calls')).toHaveText('1');
    const affected = dialog.getByRole('region', { name: 'Affected passengers' });
    await expect(affected.locator(`li[data-reference="${sale.reference}"]`)).toContainText('No e-mail');
    const callList = dialog.getByRole('region', { name: 'Call list' });
    await expect(callList.getByRole('link', { name: /7778899/ })).toHaveAttribute(
      'href',
      /^tel:\+?\d*7778899$/,
    );
    await expectAccessible(page, 'cancel dialog with a call list');
    await shot(page, 'cancel-dialog-call-list', testInfo);

    // The call list prints alone, from a frame of its own.
    await callList.getByRole('button', { name: 'Print call list' }).click();
    const printed = page.frameLocator('iframe[data-call-list]');
    await expect(printed.getByRole('cell', { name: 'Hassan Counter' })).toBeAttached();
    await expect(printed.getByRole('cell', { name: '7778899' })).toBeAttached();

    await dialog.getByRole('radio', { name: 'Technical' }).check();
    await dialog.getByRole('button', { name: 'Cancel departure', exact: true }).click();
    await expect(toast(page, 'Departure cancelled: 1 passenger told, 1 refund requested')).toBeVisible();
    await expect(page.getByText('Trip status: Cancelled')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Cancel departure/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Mark as Completed' })).toHaveCount(0);
  });
});

const outboxSubjects = async (api: APIRequestContext, email: string) =>
  (await json<OutboxMail[]>(await api.get('/dev/outbox', { params: { to: email } }))).map((m) => m.subject);

test.describe('delaying a departure', () => {
  // The unchanged times are refused on purpose: Chromium logs the 400.
  test.use({ allowedErrors: [failedResponse(400, 'Bad Request', '/api/admin/trips/[^/]+/delay')] });

  test.beforeEach(async ({ page }) => {
    await json(await page.request.post('/api/auth/login', { data: DEMO_ADMIN }));
  });

  test('a delay shows the new time on Check Booking and the e-ticket', async ({ page }, testInfo) => {
    test.slow();
    const departure = await todaysDeparture(page.request, 4, 'Delay Launch');
    const passenger = await approvedPassenger(page.request, departure, '1');

    await page.goto(`/admin/ticketing?date=${departure.schedule.travelDate}&trip=${departure.schedule.id}`);
    await page.getByRole('button', { name: 'Delay departure' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delay the 23:57 departure?' });
    await expect(dialog).toBeFocused();
    await expect(dialog.getByTestId('delay-bookings')).toHaveText('1');
    await expect(dialog.getByTestId('delay-mails')).toHaveText('1');
    await expect(dialog.getByTestId('delay-calls')).toHaveText('0');
    await expect(
      dialog
        .getByRole('region', { name: 'Affected passengers' })
        .locator(`li[data-reference="${passenger.reference}"]`),
    ).toContainText(passenger.email);
    await expect(dialog.getByLabel('Malé')).toHaveValue('23:57');
    await expect(dialog.getByLabel('Airport')).toHaveValue('23:58');
    // The arrival at the last stop, as the schedule gives it.
    await expect(dialog.getByLabel('Maafushi (optional)')).toHaveValue('23:59');
    await expectAccessible(page, 'delay dialog');
    await shot(page, 'delay-dialog', testInfo);

    // The reason is required; then the server refuses times that did not change, under them.
    const confirm = dialog.getByRole('button', { name: 'Delay departure', exact: true });
    await confirm.click();
    await expect(dialog.getByRole('alert')).toHaveText('Choose why the departure is delayed');
    await expect(dialog.getByRole('radio', { name: 'Weather' })).toBeFocused();
    await dialog.getByRole('radio', { name: 'Weather' }).check();
    await confirm.click();
    await expect(dialog.getByRole('alert')).toHaveText('The new times are the same as the old ones');
    await expect(dialog.getByLabel('Malé')).toBeFocused();
    await expectAccessible(page, 'delay dialog with its error');
    await shot(page, 'delay-dialog-error', testInfo);

    await dialog.getByLabel('Malé').fill('23:59');
    await dialog.getByLabel('Airport').fill('23:59');
    await dialog.getByLabel('Note (optional)').fill('Waiting for the tide');
    await confirm.click();
    await expect(toast(page, 'Departure delayed: 1 passenger told')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('list', { name: 'Stops' })).toContainText('Malé23:59');
    const history = page.getByRole('region', { name: 'Disruptions' });
    await expect(history.locator('li[data-kind="delay"]')).toContainText(
      /23:57, 23:58, 23:59 →.*23:59, 23:59, 23:59/,
    );
    await expect(history).toContainText('Waiting for the tide');
    await expect(history).toContainText('Weather · 1 booking');
    await shot(page, 'trip-delayed', testInfo);

    await expect
      .poll(() => outboxSubjects(page.request, passenger.email))
      .toContain(`New departure time: ${passenger.reference}`);

    await page.goto('/bookings');
    await page.getByRole('textbox', { name: 'Booking reference' }).fill(passenger.reference);
    await expect(page.getByText('23:59').first()).toBeVisible();
    await expect(page.getByText('23:57')).toHaveCount(0);

    await page.goto(`/t/${passenger.token}`);
    await expect(page.getByText('23:59').first()).toBeVisible();
    await expect(page.getByText('23:57')).toHaveCount(0);
  });
});

test.describe('moving the bookings of a departure', () => {
  test.beforeEach(async ({ page }) => {
    await json(await page.request.post('/api/auth/login', { data: DEMO_ADMIN }));
  });

  test('a move reassigns seats, keeps parties together, and the old e-ticket code scans red', async ({
    page,
    playwright,
    baseURL,
  }, testInfo) => {
    test.slow();
    // The boarding screen is today's only: the target is today's.
    const source = await todaysDeparture(page.request, 4, 'Move From');
    const target = await todaysDeparture(page.request, 4, 'Move To');
    const party = await counterSale(playwright, page.request, baseURL, source, ['1', '2'], 'Hassan Party');
    const single = await approvedPassenger(page.request, source, '3');
    // Seat 2 is taken on the target: the party cannot keep 1-2.
    await bookScheduleViaApi(page.request, target.schedule, target.launch.id, '2');

    await page.goto(`/admin/ticketing?date=${source.schedule.travelDate}&trip=${source.schedule.id}`);
    await page.getByRole('button', { name: 'Move bookings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Move the bookings of the 23:57 departure?' });
    await expect(dialog).toBeFocused();
    await expect(dialog.getByLabel('Date')).toHaveValue(source.schedule.travelDate);
    // The target is required.
    await dialog.getByRole('button', { name: 'Move bookings', exact: true }).click();
    await expect(dialog.getByText('Choose the departure to move to')).toBeVisible();
    await expect(dialog.getByLabel('Departure', { exact: true })).toBeFocused();
    // Only other open departures are offered.
    await expect(dialog.locator(`option[value="${source.schedule.id}"]`)).toHaveCount(0);
    await dialog.getByLabel('Departure', { exact: true }).selectOption(target.schedule.id);

    await expect(dialog.getByTestId('move-moves')).toHaveText('2');
    await expect(dialog.getByTestId('move-cannot')).toHaveText('0');
    await expect(dialog.getByTestId('move-mails')).toHaveText('1');
    await expect(dialog.getByTestId('move-calls')).toHaveText('1');
    const moved = dialog.getByRole('region', { name: 'Moved bookings' });
    const partyRow = moved.locator(`li[data-reference="${party.reference}"]`);
    await expect(partyRow.getByTestId('from-seats')).toHaveText('1, 2');
    await expect(partyRow.getByTestId('to-seats')).toHaveText('3, 4');
    await expect(partyRow).not.toContainText('Seated apart');
    await expect(
      moved.locator(`li[data-reference="${single.reference}"]`).getByTestId('to-seats'),
    ).toHaveText('1');
    await expect(dialog.getByRole('region', { name: 'Call list' })).toContainText('Hassan Party');
    await expectAccessible(page, 'move dialog');
    await shot(page, 'move-dialog', testInfo);

    // The message the moved passenger with an e-mail address gets (the party has none).
    const message = dialog.getByRole('region', { name: 'Message to passengers' });
    await message.locator('summary').click();
    await expect(message).toContainText('Choose a reason to see the message each passenger gets.');
    await dialog.getByRole('radio', { name: 'Technical' }).check();
    const sample = message.locator('article[data-kind="departure_moved"][data-language="en"]');
    await expect(sample.getByTestId('message-subject')).toHaveText(
      `Your booking moved to another departure: ${single.reference}`,
    );
    await expect(sample.getByTestId('message-text')).toContainText('Reason: a technical problem');
    await expect(sample).toContainText('English · 1 passenger');
    await expectAccessible(page, 'move dialog with its message');
    await shot(page, 'move-dialog-message', testInfo);
    await dialog.getByRole('button', { name: 'Move bookings', exact: true }).click();
    await expect(toast(page, 'Bookings moved: 2 moved, 0 cancelled')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Trip status: Cancelled')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Move bookings' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delay departure' })).toHaveCount(0);
    await expect(
      page.getByRole('region', { name: 'Disruptions' }).locator('li[data-kind="move"]'),
    ).toContainText('Technical · 2 bookings');
    await shot(page, 'trip-moved', testInfo);

    const ticket = await json<AdminTicket>(
      await page.request.get(`/api/admin/tickets/by-reference/${party.reference}`),
    );
    expect(ticket.scheduleId).toBe(target.schedule.id);
    const seats = ticket.seatNumbers.map(Number).sort((a, b) => a - b);
    expect(seats).toHaveLength(2);
    expect((seats[1] ?? 0) - (seats[0] ?? 0)).toBe(1);
    await expect
      .poll(() => outboxSubjects(page.request, single.email))
      .toEqual(expect.arrayContaining([expect.stringContaining(single.reference)]));

    // The old code of the party's e-ticket no longer boards on the new departure.
    const browser = await cameraBrowser(party.eTicket.code ?? '', 'moved');
    try {
      const { page: crew } = await device(browser, testInfo);
      await crew.goto(`/admin/boarding?trip=${target.schedule.id}`);
      await crew.getByRole('button', { name: 'Scan with the camera' }).click();
      const result = crew.getByTestId('scan-result');
      await expect(result).toHaveAttribute('data-colour', 'red', { timeout: 20_000 });
      await expect(result.getByText('This code was replaced by a newer one after a change.')).toBeVisible();
      await expect(result.getByRole('button', { name: /Board/ })).toHaveCount(0);
    } finally {
      await browser.close();
    }
  });
});
