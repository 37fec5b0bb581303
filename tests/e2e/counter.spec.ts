import path from 'node:path';
import type { Page, PlaywrightWorkerArgs } from '@playwright/test';
import type { CounterDay, CounterSale } from '#shared/counter.ts';
import { buildBreakdown, computeTotal, toMoneyString } from '#shared/money.ts';
import type { Location, SeatMap } from '#shared/schemas.ts';
import { expect, failedResponse, test } from './fixtures.ts';
import { json } from './support/booking-api.ts';
import {
  pdfPages,
  pdfPageWidthMm,
  printCount,
  readQr,
  SCREENS,
  screen,
  signInAsNewSeller,
  signInAsNewStaff,
  signInAsOwner,
  signInAsOwnerOn,
  stubPrint,
  tapCounter,
} from './support/counter.ts';
import { type Departure, todaysDeparture } from './support/departures.ts';
import { newStaff } from './support/staff.ts';
import { expectAccessible } from './support/ui.ts';

// Counter sales at the jetty (docs/decisions/025-counter-sales.md): a seller of their own opens a
// shift, sells one adult paying cash from the seat map to the printed 80 mm ticket within the
// tap budget, voids a sale (the seat is free again) and closes the shift with a difference.

/** Taps from the departure chosen to the ticket printed, for one adult paying cash. */
const TAP_BUDGET = 5;

// A tablet on the desktop project, and the smallest phone the counter is made for on the phone one.
test.use({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
  viewport: async ({}, use, testInfo) =>
    use(
      testInfo.project.name.startsWith('phone') ? { width: 360, height: 780 } : { width: 800, height: 1280 },
    ),
  hasTouch: true,
});

/** The Owner makes today's departure; then a new seller signs in on the page and opens a shift. */
async function sellerWithShift(
  page: Page,
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string | undefined,
  floats = { MVR: '0', USD: '0' },
) {
  await signInAsOwner(page);
  const departure = await todaysDeparture(page.request, 6, 'Counter Launch');
  const seller = await signInAsNewSeller(page, playwright, baseURL);
  await stubPrint(page);
  await page.goto('/admin/counter');
  await expect(page.getByRole('heading', { name: 'Open your shift' })).toBeVisible();
  await page.getByLabel('Float in MVR').fill(floats.MVR);
  await page.getByLabel('Float in USD').fill(floats.USD);
  await page.getByRole('button', { name: 'Open shift' }).click();
  return { departure, seller };
}

const departureButton = (page: Page, departure: Departure) =>
  page.getByRole('button', { name: new RegExp(departure.launch.name) });

/** What one local adult costs in MVR today, by the prices the counter is given. */
async function oneLocalAdult(page: Page): Promise<string> {
  const day = await json<CounterDay>(await page.request.get('/api/admin/counter/departures'));
  const breakdown = buildBreakdown([{ type: 'local', category: 'adult', quantity: 1 }], day.prices);
  return computeTotal(breakdown, 'MVR', day.prices.exchangeRate);
}

/** One local adult on `seat`, paid with `received` MVR in cash, through the screen. */
async function sellOne(page: Page, seat: string, name: string, received: string): Promise<CounterSale> {
  await page.getByRole('button', { name: `Seat ${seat}, available` }).tap();
  await page.keyboard.type(name);
  await page.getByLabel('Cash received (MVR)').tap();
  await page.keyboard.type(received);
  const sold = page.waitForResponse((r) => r.url().endsWith('/api/admin/counter/sales'));
  await page.getByRole('button', { name: /^Sell/ }).tap();
  const sale = (await (await sold).json()) as CounterSale;
  await expect(page.getByRole('heading', { name: `Sold: ticket ${sale.reference}` })).toBeFocused();
  return sale;
}

/** A seat's state on the public seat map of the departure's launch. */
async function publicSeatState(page: Page, departure: Departure, seat: string) {
  const map = await json<SeatMap>(
    await page.request.get(`/api/trips/${departure.schedule.id}/seats`, {
      params: { date: departure.schedule.travelDate, launchId: departure.launch.id },
    }),
  );
  return map.seats.find((s) => s.label === seat)?.state;
}

test.describe('the counter', () => {
  test('one adult paying cash: from the seat map to the printed 80 mm ticket in five taps at most', async ({
    page,
    playwright,
    baseURL,
  }, testInfo) => {
    test.slow();
    const { departure } = await sellerWithShift(page, playwright, baseURL);
    const price = await oneLocalAdult(page);
    await departureButton(page, departure).tap();
    await expect(page.getByRole('button', { name: 'Seat 3, available' })).toBeVisible();
    await expect(page.getByTestId('counter-total')).toHaveText(`MVR ${price}`);
    await expectAccessible(page, 'sale screen');
    await screen(page, 'counter-sale', testInfo);

    // From here on every tap counts.
    const taps = tapCounter();
    const started = Date.now();
    await taps.tap(page.getByRole('button', { name: 'Seat 3, available' }));
    // The seat is held for this sale as it is tapped, and the name is next, with no tap.
    await expect(page.getByRole('button', { name: 'Seat 3, selected' })).toBeVisible();
    await expect(page.getByLabel('Passenger name')).toBeFocused();
    await page.keyboard.type('Aminath Counter');
    await taps.tap(page.getByLabel('Cash received (MVR)'));
    await page.keyboard.type('100');
    const change = toMoneyString({ n: 10000n - BigInt(price.replace('.', '')), d: 100n });
    await expect(page.getByText(`Change MVR ${change}`)).toBeVisible();
    const sold = page.waitForResponse((r) => r.url().endsWith('/api/admin/counter/sales'));
    await taps.tap(page.getByRole('button', { name: /^Sell/ }));
    const sale = (await (await sold).json()) as CounterSale;

    // The receipt, its heading focused: reference, trip, seat, money and the boarding QR code.
    await expect(page.getByRole('heading', { name: `Sold: ticket ${sale.reference}` })).toBeFocused();
    // What the screen and the server take for one sale (typing at machine speed): reported, not judged.
    const took = Date.now() - started;
    testInfo.annotations.push({ type: 'one sale, seat tap to receipt (ms)', description: String(took) });
    console.log(`[counter] one sale, seat tap to receipt shown, ${testInfo.project.name}: ${took} ms`);
    const receipt = page.getByTestId('counter-receipt');
    await expect(receipt).toContainText(sale.reference);
    await expect(receipt).toContainText('Malé → Maafushi');
    await expect(receipt).toContainText('departs 23:57');
    await expect(receipt).toContainText('Aminath Counter');
    await expect(receipt).toContainText(departure.launch.name);
    await expect(receipt).toContainText(new RegExp(`Total\\s*MVR ${price}`));
    await expect(receipt).toContainText(/Received\s*MVR 100.00/);
    await expect(receipt).toContainText(new RegExp(`Change\\s*MVR ${change}`));
    const qr = receipt.getByRole('img', { name: `Boarding QR code of ticket ${sale.reference}` });
    await expect(qr).toBeVisible();
    expect(sale.eTicket.code).toMatch(/^IF1\./);
    expect(await readQr(qr)).toBe(sale.eTicket.code);
    await expectAccessible(page, 'receipt');
    await screen(page, 'counter-receipt-screen', testInfo);

    await taps.tap(page.getByRole('button', { name: 'Print' }));
    expect(await printCount(page)).toBe(1);
    expect(taps.count, 'taps from the departure chosen to the ticket printed').toBeLessThanOrEqual(
      TAP_BUDGET,
    );
    testInfo.annotations.push({ type: 'taps, one adult paying cash', description: String(taps.count) });
    console.log(
      `[counter] taps from the departure chosen to the printed ticket, ${testInfo.project.name}: ${taps.count}`,
    );

    // On paper: the receipt alone, black on white, one 80 mm page, the QR code at least 50 mm wide.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    await expect(page.getByRole('navigation')).toBeHidden();
    await expect(qr).toBeVisible();
    const qrBox = await qr.boundingBox();
    expect(((qrBox?.width ?? 0) * 25.4) / 96, 'QR width in mm').toBeGreaterThanOrEqual(50);
    expect(await readQr(qr)).toBe(sale.eTicket.code);
    await page.screenshot({
      path: path.join(SCREENS, `counter-receipt-${testInfo.project.name}.png`),
      fullPage: true,
    });
    const roll = await page.pdf({ width: '80mm', printBackground: true });
    expect(pdfPages(roll), 'pages on an 80 mm roll').toBe(1);
    // The page the receipt names for itself: 80 mm wide and as long as the receipt, one page.
    const own = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    expect(pdfPages(own), 'pages at the receipt’s own size').toBe(1);
    expect(pdfPageWidthMm(own)).toBeCloseTo(80, 0);
    await page.emulateMedia({ media: 'screen' });

    // New sale: the departure stays chosen, the seat is sold.
    await page.getByRole('button', { name: 'New sale' }).tap();
    await expect(page.getByRole('heading', { name: 'Seats' })).toBeFocused();
    await expect(page.getByRole('button', { name: 'Seat 3, occupied' })).toBeVisible();
    await expect(
      page.getByRole('button', { name: `Open ticket ${sale.reference}, Aminath Counter` }),
    ).toBeVisible();
  });

  test('sells a concession beside an adult: its counter, two seats, the total by its rule and its name on the receipt', async ({
    page,
    playwright,
    baseURL,
  }, testInfo) => {
    test.slow();
    const { departure } = await sellerWithShift(page, playwright, baseURL);
    const price = await oneLocalAdult(page);
    await departureButton(page, departure).tap();
    // The demo's senior travels free (docs/decisions/036-fare-categories.md).
    const seniors = page.getByRole('status', { name: 'Local Senior (65+) tickets' });
    await expect(seniors).toHaveText('0');
    await page.getByRole('button', { name: 'One local senior (65+) more' }).tap();
    await expect(seniors).toHaveText('1');
    await expect(page.getByTestId('counter-total')).toHaveText(`MVR ${price}`);
    await page.getByRole('button', { name: 'Seat 1, available' }).tap();
    await page.getByRole('button', { name: 'Seat 2, available' }).tap();
    await page.getByLabel('Passenger name').fill('Hawwa Senior');
    await page.getByLabel('Cash received (MVR)').fill('100');
    await expectAccessible(page, 'sale with a concession');
    await screen(page, 'counter-concession', testInfo);
    const sold = page.waitForResponse((r) => r.url().endsWith('/api/admin/counter/sales'));
    await page.getByRole('button', { name: /^Sell/ }).tap();
    const sale = (await (await sold).json()) as CounterSale;
    expect(sale.totalAmount).toBe(price);
    expect(sale.eTicket.code).toMatch(/^IF2\./);
    const receipt = page.getByTestId('counter-receipt');
    await expect(receipt).toContainText('1 local adult, 1 local Senior (65+)');
    await screen(page, 'counter-concession-receipt', testInfo);
  });

  test('a sale voided with its reason frees its seat on the counter’s seat map', async ({
    page,
    playwright,
    baseURL,
  }, testInfo) => {
    test.slow();
    const { departure } = await sellerWithShift(page, playwright, baseURL);
    await departureButton(page, departure).tap();
    await sellOne(page, '2', 'Ibrahim Void', '500');
    const reference = (await page.getByRole('heading', { name: /^Sold: ticket / }).textContent())?.replace(
      'Sold: ticket ',
      '',
    );

    await page.getByRole('button', { name: 'Void this sale' }).tap();
    const dialog = page.getByRole('dialog', { name: `Void ticket ${reference}?` });
    await dialog.getByRole('button', { name: 'Void sale' }).tap();
    await expect(dialog.getByRole('alert')).toHaveText('Say why the sale is voided');
    await dialog.getByLabel('Reason').fill('Sold on the wrong day');
    await screen(page, 'counter-void-dialog', testInfo);
    await dialog.getByRole('button', { name: 'Void sale' }).tap();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: `Ticket ${reference} voided` })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText('Voided. Seats 2 are free again.');
    const receipt = page.getByTestId('counter-receipt');
    await expect(receipt).toContainText('Voided: Sold on the wrong day');
    await expect(receipt.getByRole('img', { name: /Boarding QR code/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Void this sale' })).toHaveCount(0);

    await page.getByRole('button', { name: 'New sale' }).tap();
    await expect(page.getByRole('button', { name: 'Seat 2, available' })).toBeVisible();
    const entry = page.getByRole('button', { name: `Open ticket ${reference}, Ibrahim Void` });
    await expect(entry).toContainText('Voided');
    // Opened again from the shift's list: the voided receipt.
    await entry.tap();
    await expect(page.getByRole('heading', { name: `Ticket ${reference} voided` })).toBeFocused();
  });

  test('closing the shift: the cash counted short shows the difference, and the office sees it', async ({
    page,
    playwright,
    baseURL,
  }, testInfo) => {
    test.slow();
    const { departure, seller } = await sellerWithShift(page, playwright, baseURL, { MVR: '500', USD: '20' });
    const price = await oneLocalAdult(page);
    await departureButton(page, departure).tap();
    await sellOne(page, '4', 'Fathimath Cashup', price);
    await page.getByRole('button', { name: 'New sale' }).tap();

    const close = page.getByRole('region', { name: 'Close shift' });
    const expected = toMoneyString({ n: 50000n + BigInt(price.replace('.', '')), d: 100n });
    const short = toMoneyString({ n: BigInt(expected.replace('.', '')) - 1000n, d: 100n });
    await expect(close.getByTestId('drawer-MVR')).toContainText(new RegExp(`Expected\\s*MVR ${expected}`));
    await close.getByLabel('Cash counted in MVR').fill(short);
    await close.getByLabel('Cash counted in USD').fill('20');
    await expect(close.getByText(`Expected MVR ${expected} · short MVR 10.00`)).toBeVisible();
    await close.getByLabel('Note (optional)').fill('Ten short, told the office');
    await close.getByRole('button', { name: 'Close shift' }).tap();
    await page
      .getByRole('alertdialog', { name: 'Close your shift?' })
      .getByRole('button', { name: 'Close shift' })
      .tap();

    await expect(page.getByRole('heading', { name: 'Shift closed: cash-up' })).toBeFocused();
    await expect(page.getByTestId('drawer-MVR')).toContainText('Short MVR 10.00');
    await expect(page.getByTestId('drawer-MVR')).toContainText(new RegExp(`Counted\\s*MVR ${short}`));
    await expect(page.getByTestId('drawer-USD')).toContainText('Balanced');
    await expect(page.getByText('Ten short, told the office')).toBeVisible();
    await expectAccessible(page, 'closed cash-up');
    await screen(page, 'counter-cashup', testInfo);
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    await screen(page, 'counter-cashup-print', testInfo);
    await page.emulateMedia({ media: 'screen' });
    await page.getByRole('button', { name: 'Print' }).tap();
    expect(await printCount(page)).toBe(1);

    // The Owner's cash-ups of the day: this seller's shift, its difference marked.
    await signInAsOwner(page);
    await page.goto('/admin/cashups');
    const entry = page.getByTestId('cash-up-entry').filter({ hasText: seller.username });
    await expect(entry).toContainText('Short MVR 10.00');
    await expect(entry).toContainText('Balanced');
    await expectAccessible(page, 'cash-ups of the day');
    await screen(page, 'cashups', testInfo);
    await entry.getByRole('button', { name: `Open the cash-up of ${seller.username}` }).tap();
    await expect(page.getByRole('heading', { name: `Cash-up of ${seller.username}` })).toBeFocused();
    await expect(page.getByTestId('drawer-MVR')).toContainText('Short MVR 10.00');
    await expect(page.getByText('Fathimath Cashup')).toBeVisible();
    await screen(page, 'cashup-detail', testInfo);
  });

  test.describe(() => {
    // The office works at a desk or on a phone: the project's own viewport, not the counter's.
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
    test.use({ viewport: async ({}, use, testInfo) => use(testInfo.project.use.viewport ?? null) });

    test('the office finds a counter sale marked Counter and counted, voids it from the cash-up, and a boarded one is refused', async ({
      page,
      playwright,
      baseURL,
    }, testInfo) => {
      test.slow();
      const { departure, seller } = await sellerWithShift(page, playwright, baseURL);
      await departureButton(page, departure).tap();
      const sale = await sellOne(page, '2', 'Moosa Office Void', '500');
      await page.getByRole('button', { name: 'New sale' }).tap();
      const boarded = await sellOne(page, '3', 'Aishath Boarded', '500');
      // The second party boards (a boarding device's sync, as the seller may board).
      await json(
        await page.request.post('/api/admin/boarding/sync', {
          data: {
            deviceId: `device-${crypto.randomUUID()}`,
            boardings: [
              {
                id: crypto.randomUUID(),
                ticketId: boarded.ticketId,
                scheduleId: departure.schedule.id,
                stop: 0,
                persons: 1,
                deliberate: false,
                deviceTime: new Date().toISOString(),
              },
            ],
          },
        }),
      );

      // Office: the Owner invites a person of their own, who signs in on this page.
      const owner = await playwright.request.newContext({ baseURL });
      const office = await (async () => {
        try {
          await signInAsOwnerOn(owner);
          return await signInAsNewStaff(page, playwright, baseURL, 'office', owner);
        } finally {
          await owner.dispose();
        }
      })();

      // Counted on the dashboard: at least these two sales, neither voided yet.
      await page.goto('/admin/dashboard');
      const counted = page.getByTestId('stat-counterSalesToday');
      await expect(counted).toHaveText(/^, \d+ at the counter$/);
      expect(Number((await counted.textContent())?.match(/\d+/)?.[0])).toBeGreaterThanOrEqual(2);
      await screen(page, 'counter-dashboard', testInfo);

      // Marked "Counter" in the ticket list, with how it was paid in place of a slip.
      await page.goto(`/admin/tickets?tab=approved&q=${sale.reference}`);
      const card = page.locator(`article[data-reference="${sale.reference}"]`);
      await expect(card.getByText('Counter', { exact: true })).toBeVisible();
      await expect(card).toContainText('Paid at the counter');
      await expect(card).not.toContainText('Expected payment');
      await expect(card).toContainText('Moosa Office Void');
      await expectAccessible(page, 'a counter sale in the ticket list');
      await screen(page, 'counter-ticket-card', testInfo);

      // The seller's cash-up: the boarded sale says it cannot be voided; the other has Void.
      await page.goto('/admin/cashups');
      await page
        .getByTestId('cash-up-entry')
        .filter({ hasText: seller.username })
        .getByRole('button', { name: `Open the cash-up of ${seller.username}` })
        .click();
      const heading = page.getByRole('heading', { name: `Cash-up of ${seller.username}` });
      await expect(heading).toBeFocused();
      const line = (reference: string) =>
        page.locator(`[data-testid="cash-up-sale"][data-reference="${reference}"]`);
      const byMethod = page.getByRole('region', { name: 'Sales by payment method' });
      await expect(line(boarded.reference)).toContainText('Boarded: cannot be voided');
      await expect(line(boarded.reference).getByRole('button')).toHaveCount(0);
      await expect(byMethod).toContainText(/Cash · MVR\s*2 sales MVR [\d.,]+net/);
      await expectAccessible(page, 'a cash-up the office may void in');
      await screen(page, 'cashup-office-void-before', testInfo);

      await line(sale.reference)
        .getByRole('button', { name: `Void ticket ${sale.reference}` })
        .click();
      const dialog = page.getByRole('dialog', { name: `Void ticket ${sale.reference}?` });
      await dialog.getByLabel('Reason').fill('Passenger came back after the boat left');
      await expectAccessible(page, 'the office’s void dialog');
      await screen(page, 'cashup-office-void-dialog', testInfo);
      await dialog.getByRole('button', { name: 'Void sale' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('status')).toHaveText(
        `Ticket ${sale.reference} voided. Seat 2 is free again.`,
      );
      await expect(heading).toBeFocused();
      await expect(heading).toBeInViewport({ ratio: 1 });
      await page.screenshot({
        path: path.join(SCREENS, `cashup-office-voided-view-${testInfo.project.name}.png`),
      });
      // The void shows under the seller, with who voided it and why, and in the sums.
      await expect(line(sale.reference)).toContainText(
        `Voided by ${office.username} (Passenger came back after the boat left)`,
      );
      await expect(line(sale.reference).getByRole('button')).toHaveCount(0);
      await expect(byMethod).toContainText(/Cash · MVR\s*2 sales MVR [\d.,]+, 1 void MVR [\d.,]+net/);
      await expectAccessible(page, 'a cash-up after the office’s void');
      await screen(page, 'cashup-office-void-after', testInfo);

      // The seat is free again; the boarded passenger's is not.
      await expect.poll(() => publicSeatState(page, departure, '2')).toBe('available');
      expect(await publicSeatState(page, departure, '3')).toBe('occupied');

      // Voiding the boarded sale anyway (an old screen) is refused in words.
      const refused = await page.request.post(`/api/admin/counter/sales/${boarded.ticketId}/void`, {
        data: { reason: 'Trying anyway' },
      });
      expect(refused.status()).toBe(409);
      expect((await refused.json()).error.message).toBe(
        'The passenger has boarded: this sale can no longer be voided',
      );
    });
  });

  test.describe(() => {
    // The refused hold is a 409, which Chromium logs: expected here, and only for the locks.
    test.use({ allowedErrors: [failedResponse(409, 'Conflict', '/api/admin/counter/locks')] });

    test('a seat another seller took a moment before is refused by its number, and the map shows it taken', async ({
      page,
      playwright,
      baseURL,
    }) => {
      test.slow();
      const { departure } = await sellerWithShift(page, playwright, baseURL);
      const owner = await playwright.request.newContext({ baseURL });
      const other = await (async () => {
        try {
          await signInAsOwnerOn(owner);
          return await newStaff(playwright, owner, baseURL, 'counter');
        } finally {
          await owner.dispose();
        }
      })();
      try {
        await departureButton(page, departure).tap();
        const seat = page.getByRole('button', { name: 'Seat 5, available' });
        await expect(seat).toBeVisible();
        const locations = await json<Location[]>(await page.request.get('/api/locations'));
        await json(
          await other.api.post('/api/admin/counter/locks', {
            data: {
              scheduleId: departure.schedule.id,
              travelDate: departure.schedule.travelDate,
              launchId: departure.launch.id,
              originId: locations.find((l) => l.name === 'Malé')?.id,
              seats: ['5'],
            },
          }),
        );
        await seat.tap();
        await expect(page.getByRole('alert')).toHaveText('Some seats are no longer available: 5');
        await expect(page.getByRole('button', { name: 'Seat 5, occupied' })).toBeDisabled();
        await expect(page.getByText('0 of 1 chosen')).toBeVisible();
        await expect(page.getByRole('heading', { name: 'Seats' })).toBeFocused();
        // Another seat is held as usual.
        await page.getByRole('button', { name: 'Seat 6, available' }).tap();
        await expect(page.getByRole('button', { name: 'Seat 6, selected' })).toBeVisible();
        await expect(page.getByRole('alert')).toHaveCount(0);
      } finally {
        await other.api.dispose();
      }
    });
  });
});
