import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import type { AdminTicket } from '#shared/admin-api.ts';
import { DEMO_ADMIN } from '#shared/constants.ts';
import type { Refund } from '#shared/disruptions.ts';
import { REFUND_MSG } from '#shared/messages/staff.ts';
import type { BookingCreated, BookingRequest } from '#shared/schemas.ts';
import { expect, failedResponse, test } from './fixtures.ts';
import { json, verifiedToken } from './support/booking-api.ts';
import { type Departure, todaysDeparture } from './support/departures.ts';
import { expectAccessible, toast } from './support/ui.ts';

// Card payments online in the office (docs/decisions/042), on the built-in test gateway the
// browser tests' server runs with: a card booking paid at the gateway shows on its ticket card
// with the gateway's transaction and no slip, counts apart on the dashboard, and its refund, once
// the departure is cancelled, goes back to the card from the refunds queue.
// Screenshots go to .tmp/shots/admin-card-payments-*.png.
const SHOTS = path.resolve(import.meta.dirname, '../../.tmp/shots');

async function shot(page: Page, name: string, project: string) {
  await mkdir(SHOTS, { recursive: true });
  // An open dialog's backdrop stretches oddly on a full-page shot: the viewport then.
  const dialogs = await page.locator('[role="dialog"], [role="alertdialog"]').count();
  await page.screenshot({
    path: path.join(SHOTS, `admin-card-payments-${name}-${project}.png`),
    fullPage: dialogs === 0,
  });
}

/** The page once its toasts have gone: a screenshot or an accessibility check without them. */
const toastsGone = (page: Page) =>
  page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 15_000 });

type CardBooking = { reference: string; ticketId: string; email: string; transactionId: string; pay: string };

/**
 * A booking of one seat on the departure, paid by card: no slip, the gateway's page next. Sent
 * as the wizard sends it; `pay` is the test gateway's page, where a form post decides it.
 */
async function cardBooking(api: APIRequestContext, departure: Departure, seat: string): Promise<CardBooking> {
  const email = `card-office-${randomUUID()}@example.com`;
  const verificationToken = await verifiedToken(api, email);
  const stops = [...departure.schedule.routeStops].sort((a, b) => a.stopOrder - b.stopOrder);
  const booking: BookingRequest = {
    scheduleId: departure.schedule.id,
    travelDate: departure.schedule.travelDate,
    originId: stops[0]?.locationId ?? '',
    destinationId: stops.at(-1)?.locationId ?? '',
    launchId: departure.launch.id,
    seats: [seat],
    tickets: [{ type: 'local', category: 'adult', quantity: 1 }],
    passenger: { name: 'Hawwa Card', email, phone: '7771234' },
    paymentCurrency: 'MVR',
    paymentMethod: 'card',
    verificationToken,
  };
  const origin = new URL((await api.get('/api/health')).url()).origin;
  const response = await api.post('/api/bookings', {
    headers: { 'X-Booking-Session': randomUUID(), 'Idempotency-Key': randomUUID(), Origin: origin },
    multipart: { booking: JSON.stringify(booking) },
  });
  expect(response.status(), await response.text()).toBe(201);
  const created = (await response.json()) as BookingCreated;
  expect(created.ticketStatus).toBe('awaiting_card');
  const pay = created.payment?.redirectUrl ?? '';
  expect(pay).toMatch(/\/test-gateway\/[^/]+$/);
  const ticket = await json<AdminTicket>(
    await api.get(`/api/admin/tickets/by-reference/${created.reference}`),
  );
  return {
    reference: created.reference,
    ticketId: ticket.id,
    email,
    transactionId: decodeURIComponent(pay.split('/test-gateway/')[1] ?? ''),
    pay,
  };
}

/** The passenger presses Pay on the test gateway's page: it calls our callback back, then redirects. */
async function payAtGateway(api: APIRequestContext, booking: CardBooking) {
  const paid = await api.post(booking.pay, {
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    data: 'outcome=paid',
    maxRedirects: 0,
  });
  expect(paid.status(), await paid.text()).toBe(303);
  await expect
    .poll(
      async () =>
        (await json<AdminTicket>(await api.get(`/api/admin/tickets/by-reference/${booking.reference}`)))
          .ticketStatus,
    )
    .toBe('confirmed');
}

const REFUND_CARD = '/api/admin/refunds/[^/]+/refund-card';

test.describe('card payments in the office', () => {
  // The gateway's refusal is provoked on purpose below: Chromium logs its 502.
  test.use({ allowedErrors: [failedResponse(502, 'Bad Gateway', REFUND_CARD)] });

  test('a card-paid booking: its ticket card, the dashboard figure and an unpaid one waiting for its card', async ({
    page,
    playwright,
    baseURL,
  }, testInfo) => {
    test.slow();
    const owner = await playwright.request.newContext({ baseURL });
    try {
      await json(await owner.post('/api/auth/login', { data: DEMO_ADMIN }));
      const departure = await todaysDeparture(owner, 4, 'Card Launch');
      const paid = await cardBooking(owner, departure, '1');
      await payAtGateway(owner, paid);
      await json(await page.request.post('/api/auth/login', { data: DEMO_ADMIN }));

      // The ticket card: paid by card online, with the gateway's transaction, and no slip.
      await page.goto(`/admin/tickets?tab=approved&q=${paid.reference}`);
      const card = page.locator(`article[data-reference="${paid.reference}"]`);
      await expect(card).toBeVisible();
      const payment = card.getByRole('region', { name: 'Paid by card online' });
      await expect(payment).toBeVisible();
      await expect(payment.getByText('Test gateway', { exact: true })).toBeVisible();
      const transaction = payment.getByTestId('card-transaction-id');
      await expect(transaction).toHaveText(paid.transactionId);
      await expect(transaction).toHaveAttribute('title', paid.transactionId);
      await expect(payment.locator('[data-card-state="paid"]')).toHaveText('Paid');
      await expect(payment.getByRole('button', { name: 'Copy the transaction id' })).toBeVisible();
      await expect(card.getByRole('button', { name: /View slip/ })).toHaveCount(0);
      await expect(card).not.toContainText('No payment slip');
      await expect(card).not.toContainText('Expected payment');
      await expect(card).not.toContainText('Paid at the counter');
      await expect(card.getByText('Approved', { exact: true })).toBeVisible();
      // The id is cut short on a narrow card, never wider than its box.
      const box = await payment.boundingBox();
      const idBox = await transaction.boundingBox();
      expect((idBox?.x ?? 0) + (idBox?.width ?? 0)).toBeLessThanOrEqual((box?.x ?? 0) + (box?.width ?? 0));
      await expectAccessible(page, 'a card-paid ticket card');
      await card.scrollIntoViewIfNeeded();
      await shot(page, 'ticket-card', testInfo.project.name);

      // A second card booking, not paid yet: waiting for its card, in none of the tabs.
      const waiting = await cardBooking(owner, departure, '2');

      // The dashboard: today's card payments apart from the counter's sales, and the new booking
      // among the recent ones with its own status.
      await page.goto('/admin/dashboard');
      const figure = page.getByTestId('stat-cardPaymentsToday');
      await expect(figure).toHaveText(/^Paid by card online: \d+$/);
      expect(Number((await figure.textContent())?.match(/\d+/)?.[0])).toBeGreaterThanOrEqual(1);
      const recent = page.getByRole('list', { name: 'Recent Tickets' });
      const waitingRow = recent.getByRole('listitem').filter({ hasText: waiting.reference });
      await expect(waitingRow.locator('[data-status="awaiting_card"]')).toHaveText(
        'Booking status: Awaiting card payment',
      );
      await expectAccessible(page, 'the dashboard with card payments');
      await shot(page, 'dashboard', testInfo.project.name);
    } finally {
      await owner.dispose();
    }
  });

  test('a cancelled departure: the refund goes back to the card, and a refusal is shown in the gateway’s words', async ({
    page,
    playwright,
    baseURL,
  }, testInfo) => {
    test.slow();
    const owner = await playwright.request.newContext({ baseURL });
    try {
      await json(await owner.post('/api/auth/login', { data: DEMO_ADMIN }));
      const departure = await todaysDeparture(owner, 4, 'Card Refund Launch');
      const paid = await cardBooking(owner, departure, '1');
      await payAtGateway(owner, paid);
      await json(
        await owner.post(`/api/admin/trips/${departure.schedule.id}/cancel`, { data: { reason: 'weather' } }),
      );
      await json(await page.request.post('/api/auth/login', { data: DEMO_ADMIN }));

      await page.goto('/admin/refunds');
      await expect(page.getByRole('heading', { level: 1, name: 'Refunds' })).toBeVisible();
      const row = page.locator(`li[data-reference="${paid.reference}"]`);
      await expect(row).toBeVisible();
      await expect(row.getByText('Operator cancellation')).toBeVisible();
      const facts = row.getByRole('region', { name: 'Paid by card online: refund to the card' });
      await expect(facts.getByText('Test gateway', { exact: true })).toBeVisible();
      await expect(facts.getByTestId('card-transaction-id')).toHaveText(paid.transactionId);
      await expect(row.getByText('No slip: paid by card')).toBeVisible();
      await expect(row.getByRole('button', { name: /View slip/ })).toHaveCount(0);
      const refundButton = row.getByRole('button', { name: `Refund to card ${paid.reference}` });
      await expect(refundButton).toBeVisible();
      await expectAccessible(page, 'the refunds queue with a card refund');
      await row.scrollIntoViewIfNeeded();
      await shot(page, 'refunds', testInfo.project.name);

      // The gateway refuses once (made up here): the dialog says why, in its words, and stays.
      let refuse = true;
      await page.route('**/api/admin/refunds/*/refund-card', async (route) => {
        if (!refuse) return route.fallback();
        refuse = false;
        await route.fulfill({
          status: 502,
          json: {
            error: { code: 'card_refund_failed', message: REFUND_MSG.cardRefundFailed('card expired') },
          },
        });
      });
      await refundButton.click();
      const dialog = page.getByRole('alertdialog', { name: 'Refund MVR' });
      await expect(dialog).toBeVisible();
      await expect(dialog).toHaveAccessibleName(/^Refund MVR [\d,.]+ to the card\?$/);
      await expect(dialog).toContainText(`booking ${paid.reference}`);
      await expect(dialog).toContainText('Test gateway');
      const confirm = dialog.getByRole('button', { name: /^Refund MVR/ });
      await confirm.click();
      await expect(dialog.getByRole('alert')).toHaveText(REFUND_MSG.cardRefundFailed('card expired'));
      await expect(confirm).toBeEnabled();
      await expectAccessible(page, 'the refund-to-card dialog with the gateway’s refusal');
      await shot(page, 'refund-refused', testInfo.project.name);

      // Tried again, the test gateway refunds it: the row moves to Refunded with its refund id.
      await confirm.click();
      await expect(toast(page, REFUND_MSG.refundedToCard(paid.reference))).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(row).toHaveCount(0);
      await page.getByRole('tab', { name: 'Refunded' }).click();
      const done = page.locator(`li[data-reference="${paid.reference}"]`);
      await expect(done).toBeVisible();
      await expect(done).toContainText(/Card refund reference\s*test-refund-[0-9a-f]+/);
      await expect(done.getByRole('button', { name: /Refund to card|Mark refunded/ })).toHaveCount(0);
      const refunded = await json<{ refunds: Refund[] }>(
        await owner.get('/api/admin/refunds?status=refunded'),
      );
      expect(refunded.refunds.find((r) => r.reference === paid.reference)?.bankReference).toMatch(
        /^test-refund-/,
      );
      await toastsGone(page);
      await done.scrollIntoViewIfNeeded();
      await shot(page, 'refunded', testInfo.project.name);
    } finally {
      await owner.dispose();
    }
  });

  test('a gateway that cannot refund by API: the portal note, a paid-no-seat reason and the last refusal on the row', async ({
    page,
  }, testInfo) => {
    await json(await page.request.post('/api/auth/login', { data: DEMO_ADMIN }));
    // The queue as a BML Connect set-up without API refunds would answer it (made up here).
    const refund: Refund = {
      id: randomUUID(),
      ticketId: randomUUID(),
      reference: '2611290042',
      passengerName: 'Ibrahim Late Payer',
      email: 'late-payer@example.com',
      phone: '7771234',
      amount: '450.00',
      currency: 'MVR',
      reason: 'paid_no_seat',
      percent: null,
      paymentVerified: true,
      hasSlip: false,
      hasExtraSlip: false,
      bankName: null,
      accountName: null,
      accountNumber: null,
      bankReference: null,
      card: { provider: 'bml', transactionId: `bml-${'7f3a9c'.repeat(8)}` },
      gatewayError: 'Refund window closed for this transaction',
      status: 'requested',
      createdAt: new Date().toISOString(),
      refundedAt: null,
      travelDate: new Date().toISOString().slice(0, 10),
      departureTime: '23:57',
    };
    await page.route(
      (url) => url.pathname === '/api/admin/refunds' && url.searchParams.get('status') === 'requested',
      (route) =>
        route.fulfill({
          json: {
            refunds: [refund],
            next: null,
            totals: [{ currency: refund.currency, count: 1, amount: refund.amount }],
            gatewayRefunds: false,
          },
        }),
    );
    await page.goto('/admin/refunds');
    const row = page.locator(`li[data-reference="${refund.reference}"]`);
    await expect(row.getByText('Paid, no seat', { exact: true })).toBeVisible();
    await expect(row.getByText('BML Connect', { exact: true })).toBeVisible();
    await expect(row.getByTestId('gateway-error')).toContainText(
      'The card gateway refused the last refund: Refund window closed for this transaction',
    );
    await expect(row.getByRole('button', { name: /^Refund to card/ })).toHaveCount(0);
    const mark = row.getByRole('button', { name: `Mark refunded ${refund.reference}` });
    await expect(mark).toHaveAccessibleDescription(
      'Refund this in the card gateway’s merchant portal, then enter its refund reference.',
    );
    await expectAccessible(page, 'a card refund made in the portal');
    await shot(page, 'refunds-portal', testInfo.project.name);

    // Marking it asks for the portal's reference, beside the card it went back to.
    await mark.click();
    const dialog = page.getByRole('dialog', { name: `Mark ${refund.reference} refunded?` });
    await expect(dialog).toContainText(
      `refunded to ${refund.passengerName}’s card in BML Connect’s merchant portal`,
    );
    await expect(dialog.getByRole('textbox', { name: 'Refund reference' })).toBeVisible();
    await expect(dialog).not.toContainText('Refund account');
    await expectAccessible(page, 'marking a card refund made in the portal');
    await shot(page, 'refunds-portal-dialog', testInfo.project.name);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(mark).toBeFocused();
  });
});

test.describe('on a phone', () => {
  // The office's screens run on the desktop project only (playwright.config.ts): the phone's
  // width here.
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the ticket card, the dashboard and the refunds queue fit a phone', async ({
    page,
    playwright,
    baseURL,
  }) => {
    test.slow();
    const owner = await playwright.request.newContext({ baseURL });
    try {
      await json(await owner.post('/api/auth/login', { data: DEMO_ADMIN }));
      const departure = await todaysDeparture(owner, 4, 'Card Phone Launch');
      const paid = await cardBooking(owner, departure, '1');
      await payAtGateway(owner, paid);
      await json(await page.request.post('/api/auth/login', { data: DEMO_ADMIN }));
      const fits = async () =>
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      await page.goto(`/admin/tickets?tab=approved&q=${paid.reference}`);
      const card = page.locator(`article[data-reference="${paid.reference}"]`);
      const payment = card.getByRole('region', { name: 'Paid by card online' });
      await expect(payment.getByTestId('card-transaction-id')).toHaveText(paid.transactionId);
      await fits();
      await payment.scrollIntoViewIfNeeded();
      await shot(page, 'ticket-card', 'phone');

      await page.goto('/admin/dashboard');
      await expect(page.getByTestId('stat-cardPaymentsToday')).toBeVisible();
      await fits();
      await shot(page, 'dashboard', 'phone');

      await json(
        await owner.post(`/api/admin/trips/${departure.schedule.id}/cancel`, { data: { reason: 'weather' } }),
      );
      await page.goto('/admin/refunds');
      const row = page.locator(`li[data-reference="${paid.reference}"]`);
      await expect(row.getByRole('button', { name: `Refund to card ${paid.reference}` })).toBeVisible();
      await fits();
      await expectAccessible(page, 'the refunds queue on a phone');
      await row.scrollIntoViewIfNeeded();
      await shot(page, 'refunds', 'phone');
    } finally {
      await owner.dispose();
    }
  });
});
