import { randomUUID } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import type { TicketList } from '#shared/admin-api.ts';
import { DEMO_ADMIN, TICKET_PAGE_SIZE } from '#shared/constants.ts';
import type { BookingCreated, BookingRequest } from '#shared/schemas.ts';
import { expect, test } from './fixtures.ts';
import { json, SLIP_WEBP, verifiedToken } from './support/booking-api.ts';
import { departureOnOwnDay } from './support/departures.ts';
import { expectAccessible } from './support/ui.ts';

// The office's ticket list a page at a time (docs/decisions/045-year-scale.md): "Show more" adds
// the next page below the first, a new booking joins the pages shown without a reload, and
// another tab starts over from its first page. On a phone and at a desk.
const SHOTS = path.resolve(import.meta.dirname, '../../.tmp/shots');

/** The foot of the list, where the count and "Show more" are: fifty rows make a long page. */
async function shot(page: Page, name: string, testInfo: TestInfo) {
  await mkdir(SHOTS, { recursive: true });
  await page.getByTestId('list-shown').scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS, `ticket-pages-${name}-${testInfo.project.name}.png`) });
}

type Own = Awaited<ReturnType<typeof departureOnOwnDay>>;

/** Bookings of one seat each on the departure, by one passenger verified once, a few at a time. */
async function book(api: APIRequestContext, own: Own, seats: string[]): Promise<string[]> {
  const email = `pages-${randomUUID()}@example.com`;
  const verificationToken = await verifiedToken(api, email);
  const slip = await readFile(SLIP_WEBP);
  const origin = new URL((await api.get('/api/health')).url()).origin;
  const stops = [...own.schedule.routeStops].sort((a, b) => a.stopOrder - b.stopOrder);
  const one = async (seat: string) => {
    const booking: BookingRequest = {
      scheduleId: own.schedule.id,
      travelDate: own.date,
      originId: stops[0]?.locationId ?? '',
      destinationId: stops.at(-1)?.locationId ?? '',
      launchId: own.launch.id,
      seats: [seat],
      tickets: [{ type: 'local', category: 'adult', quantity: 1 }],
      passenger: { name: 'Hawwa Rasheed', email, phone: '7771234' },
      paymentCurrency: 'MVR',
      verificationToken,
    };
    const response = await api.post('/api/bookings', {
      headers: { 'X-Booking-Session': randomUUID(), 'Idempotency-Key': randomUUID(), Origin: origin },
      multipart: {
        booking: JSON.stringify(booking),
        slip: { name: 'slip.webp', mimeType: 'image/webp', buffer: slip },
      },
    });
    return (await json<BookingCreated>(response)).reference;
  };
  const references: string[] = [];
  for (let i = 0; i < seats.length; i += 6) {
    references.push(...(await Promise.all(seats.slice(i, i + 6).map(one))));
  }
  return references;
}

/** The Pending tab's order as the API pages it: what the screen must show, in the same order. */
async function pendingOrder(api: APIRequestContext, date: string): Promise<string[]> {
  const references: string[] = [];
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams({ status: 'pending', date, ...(cursor ? { cursor } : {}) });
    const page: TicketList = await json<TicketList>(await api.get(`/api/admin/tickets?${params}`));
    references.push(...page.tickets.map((t) => t.reference));
    cursor = page.next;
  } while (cursor);
  return references;
}

const queueRows = (page: Page) =>
  page.getByRole('list', { name: 'Review queue, soonest departure first' }).locator('article');
const shownReferences = (page: Page) =>
  queueRows(page).evaluateAll((rows) => rows.map((row) => row.getAttribute('data-reference')));

test('"Show more" adds the next page of tickets; a new booking joins them live; another tab starts over', async ({
  page,
}, testInfo) => {
  // Fifty-odd real bookings (slips included) before the screen is even opened.
  test.slow();
  await json(await page.request.post('/api/auth/login', { data: DEMO_ADMIN }));
  const own = await departureOnOwnDay(page.request, 60, 'Pages Launch');
  const first = TICKET_PAGE_SIZE + 3;
  await book(
    page.request,
    own,
    Array.from({ length: first }, (_, i) => String(i + 1)),
  );
  const order = await pendingOrder(page.request, own.date);
  expect(order).toHaveLength(first);

  await page.goto(`/admin/tickets?date=${own.date}`);
  await expect(page.getByTestId('count-pending')).toHaveText(String(first));
  await expect(queueRows(page)).toHaveCount(TICKET_PAGE_SIZE);
  expect(await shownReferences(page)).toEqual(order.slice(0, TICKET_PAGE_SIZE));
  const shown = page.getByTestId('list-shown');
  await expect(shown).toHaveText(`Showing ${TICKET_PAGE_SIZE} of ${first}`);
  const more = page.getByRole('button', { name: 'Show more tickets' });
  await expect(more).toBeVisible();
  await expectAccessible(page, 'first page');
  await shot(page, 'first', testInfo);

  // From the keyboard, as a screen reader's user would: the next page lands below the first,
  // and the reader goes on from its first booking.
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(queueRows(page)).toHaveCount(first);
  expect(await shownReferences(page)).toEqual(order);
  await expect(shown).toHaveText(`Showing ${first} of ${first}`);
  await expect(more).toHaveCount(0);
  const firstOfNext = page
    .getByRole('list', { name: 'Review queue, soonest departure first' })
    .locator(':scope > li')
    .nth(TICKET_PAGE_SIZE);
  await expect(firstOfNext).toBeFocused();
  await expect(firstOfNext.locator('article')).toHaveAttribute(
    'data-reference',
    order[TICKET_PAGE_SIZE] ?? '',
  );
  await expectAccessible(page, 'both pages');
  await shot(page, 'both', testInfo);

  // A booking made elsewhere shows up on the open page: both pages are read again, none twice.
  const [late] = await book(page.request, own, ['60']);
  await expect(queueRows(page)).toHaveCount(first + 1);
  expect(await shownReferences(page)).toEqual([...order, late]);
  await expect(shown).toHaveText(`Showing ${first + 1} of ${first + 1}`);

  // Another tab is another list, from its first page; so is this one again.
  await page.getByRole('tab', { name: /^Approved/ }).click();
  await expect(page.getByText('No approved tickets')).toBeVisible();
  await expect(shown).toHaveCount(0);
  await page.getByRole('tab', { name: /^Pending/ }).click();
  await expect(queueRows(page)).toHaveCount(TICKET_PAGE_SIZE);
  await expect(shown).toHaveText(`Showing ${TICKET_PAGE_SIZE} of ${first + 1}`);

  // The last booking of the page, opened: the next page is fetched, so the review goes on past it.
  const last = order[TICKET_PAGE_SIZE - 1] ?? '';
  await queueRows(page)
    .nth(TICKET_PAGE_SIZE - 1)
    .getByRole('link')
    .click();
  const detail = page.getByRole('region', { name: 'Booking under review' });
  await expect(detail.getByRole('heading', { name: last })).toBeVisible();
  await expect(detail.getByText(`${TICKET_PAGE_SIZE} of ${first + 1} waiting`)).toBeVisible();
  await detail.getByRole('link', { name: 'Skip to next' }).click();
  await expect(detail.getByRole('heading', { name: order[TICKET_PAGE_SIZE] ?? '' })).toBeVisible();
  await expect(detail.getByText(`${TICKET_PAGE_SIZE + 1} of ${first + 1} waiting`)).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Approve and next' })).toBeVisible();
});
