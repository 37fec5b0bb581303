import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { APIRequestContext } from '@playwright/test';
import { LOOKUP_STATUS_TEXT, MSG } from '#shared/messages.ts';
import type {
  BookingCreated,
  BookingRequest,
  EmailVerifyResponse,
  Location,
  SeatMap,
  Trip,
  TripLaunch,
} from '#shared/schemas.ts';
import { test as base, expect } from './fixtures.ts';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const SLIP = path.resolve(import.meta.dirname, '../files/banner.webp');
// A few days ahead: today's departures may already have left, and the wizard's tests book the
// first days. Malé -> Rasdhoo has four stops, so the card lists them.
const DAYS_AHEAD = 5;

function operatorDate(daysAhead: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Indian/Maldives' }).format(new Date());
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + daysAhead);
  return date.toISOString().slice(0, 10);
}

async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), `${response.url()}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

async function verifiedToken(api: APIRequestContext, email: string): Promise<string> {
  await json(await api.post('/api/email-codes', { data: { email } }));
  const mails = await json<{ text: string }[]>(await api.get('/dev/outbox', { params: { to: email } }));
  const code = /\b(\d{6})\b/.exec(mails[0]?.text ?? '')?.[1];
  expect(code, 'a code in the mail').toBeTruthy();
  const verified = await json<EmailVerifyResponse>(
    await api.post('/api/email-codes/verify', { data: { email, code } }),
  );
  return verified.verificationToken;
}

/** A real booking made through the public API, as the wizard would make it. */
async function createBooking(api: APIRequestContext, origin: string): Promise<BookingCreated> {
  const email = `lookup-${randomUUID()}@example.com`;
  const verificationToken = await verifiedToken(api, email);
  const locations = await json<Location[]>(await api.get('/api/locations'));
  const idOf = (name: string) => locations.find((l) => l.name === name)?.id ?? '';
  const date = operatorDate(DAYS_AHEAD);
  const [trip] = await json<Trip[]>(
    await api.get('/api/trips', { params: { date, from: idOf('Malé'), to: idOf('Rasdhoo') } }),
  );
  if (!trip) throw new Error('the demo seed has no Malé -> Rasdhoo trip');
  const launches = await json<TripLaunch[]>(
    await api.get(`/api/trips/${trip.scheduleId}/launches`, { params: { date } }),
  );
  const launch = launches.find((l) => l.freeSeats > 0);
  if (!launch) throw new Error('no launch with a free seat');
  const slip = await readFile(SLIP);

  // Parallel workers may reach for the same seat: a random free one, and another on a clash.
  for (let attempt = 0; attempt < 3; attempt++) {
    const map = await json<SeatMap>(
      await api.get(`/api/trips/${trip.scheduleId}/seats`, { params: { date, launchId: launch.id } }),
    );
    const free = map.seats.filter((s) => s.state === 'available');
    const seat = free[Math.floor(Math.random() * free.length)]?.label;
    if (!seat) throw new Error('no free seat');
    const booking: BookingRequest = {
      scheduleId: trip.scheduleId,
      travelDate: date,
      originId: trip.from.id,
      destinationId: trip.to.id,
      launchId: launch.id,
      seats: [seat],
      tickets: [{ type: 'local', category: 'adult', quantity: 1 }],
      passenger: { name: 'Aishath Mohamed', email, phone: '7771234' },
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
    if (response.status() === 409) continue;
    return json<BookingCreated>(response);
  }
  throw new Error('could not book a free seat');
}

// Chromium logs every 4xx response as a console error; the lookup's 404 is how the API says
// "no such booking" (ARCHITECTURE.md section 2.7), so exactly that line is allowed here.
const LOOKUP_ANSWERS =
  /^console\.error: Failed to load resource: the server responded with a status of 404 \(Not Found\) \(https?:\/\/[^/]+\/api\/bookings\/[^/]+\)$/;

// The shared page fixture, with that one allowance: any other console error or uncaught
// exception still fails the test.
const test = base.extend({
  page: async ({ context }, use) => {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error')
        errors.push(`console.error: ${message.text()} (${message.location().url})`);
    });
    page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
    await use(page);
    expect(
      errors.filter((e) => !LOOKUP_ANSWERS.test(e)),
      'errors in the browser console',
    ).toEqual([]);
  },
});

let created: BookingCreated;

test.beforeAll(async ({ playwright }, testInfo) => {
  const baseURL = String(testInfo.project.use.baseURL);
  const api = await playwright.request.newContext({ baseURL });
  try {
    created = await createBooking(api, baseURL);
  } finally {
    await api.dispose();
  }
});

test.describe('check your booking', () => {
  test('typing a full reference searches by itself and shows the booking', async ({ page }) => {
    await page.goto('/bookings');
    await expect(page.getByRole('heading', { level: 1, name: 'Check Your Booking' })).toBeVisible();
    const input = page.getByRole('textbox', { name: 'Booking reference' });
    await input.pressSequentially(created.reference, { delay: 30 });

    const card = page.getByRole('article', { name: 'Booking reference' });
    await expect(page.getByText(created.reference, { exact: true })).toBeVisible();
    await expect(card.getByText('Pending', { exact: true })).toBeVisible();
    await expect(card.getByText('Payment Pending', { exact: true })).toBeVisible();
    await expect(card.getByText(LOOKUP_STATUS_TEXT.pending)).toBeVisible();
    await expect(card.getByText('Malé', { exact: true }).first()).toBeVisible();
    await expect(card.getByText('Rasdhoo', { exact: true }).first()).toBeVisible();
    await expect(card.getByText('A*** M***')).toBeVisible();
    await expect(card.getByText('1 adult', { exact: true })).toBeVisible();
    // The stops of a four-stop trip, in order.
    await expect(card.getByRole('listitem').filter({ hasText: 'Thoddoo' })).toBeVisible();
    await expect(page.getByRole('status')).toContainText(`Booking ${created.reference} found`);
    // No payment slip for a visitor (SPEC.md: admins only).
    await expect(page.getByRole('button', { name: /slip/i })).toHaveCount(0);

    // The reference is in the URL, so a reload shows the booking again.
    await expect(page).toHaveURL(new RegExp(`[?&]ref=${created.reference}$`));
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Booking reference' })).toHaveValue(created.reference);
    await expect(page.getByText(LOOKUP_STATUS_TEXT.pending)).toBeVisible();
  });

  test('searches once typing stops, not on every keystroke', async ({ page }) => {
    const lookups: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/bookings/')) lookups.push(request.url());
    });
    await page.goto('/bookings');
    await page
      .getByRole('textbox', { name: 'Booking reference' })
      .pressSequentially(created.reference, { delay: 40 });
    await expect(page.getByText(LOOKUP_STATUS_TEXT.pending)).toBeVisible();
    expect(lookups).toHaveLength(1);
  });

  test('a lower-case, space-padded reference finds the booking', async ({ page }) => {
    await page.goto('/bookings');
    const padded = `  ${created.reference.toLowerCase()}  `;
    await page.getByRole('textbox', { name: 'Booking reference' }).fill(padded);
    await expect(page.getByText(LOOKUP_STATUS_TEXT.pending)).toBeVisible();
    await expect(page.getByText(created.reference, { exact: true })).toBeVisible();
  });

  test('a wrong reference shows Booking Not Found', async ({ page }) => {
    await page.goto('/bookings');
    await page.getByRole('textbox', { name: 'Booking reference' }).fill('0000000000');
    await expect(page.getByRole('heading', { name: MSG.bookingNotFound })).toBeVisible();
    await expect(page.getByText(/check the reference/i)).toBeVisible();
    await expect(page.getByRole('status')).toHaveText(MSG.bookingNotFound);
  });

  test('Search is disabled while the field is empty', async ({ page }) => {
    await page.goto('/bookings');
    const search = page.getByRole('button', { name: 'Search' });
    await expect(search).toBeDisabled();
    await page.getByRole('textbox', { name: 'Booking reference' }).fill('   ');
    await expect(search).toBeDisabled();
    await page.getByRole('textbox', { name: 'Booking reference' }).fill('12');
    await expect(search).toBeEnabled();
  });

  test('a short reference waits for Enter or Search', async ({ page }) => {
    await page.goto('/bookings');
    const input = page.getByRole('textbox', { name: 'Booking reference' });
    await input.fill('1234');
    // Shorter than 8 characters: no automatic search, even after the debounce.
    await page.waitForTimeout(900);
    await expect(page.getByRole('heading', { name: MSG.bookingNotFound })).toHaveCount(0);
    await input.press('Enter');
    await expect(page.getByRole('heading', { name: MSG.bookingNotFound })).toBeVisible();
    await expect(page).toHaveURL(/[?&]ref=1234$/);

    await input.fill('12345');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/[?&]ref=12345$/);
    await expect(page.getByText('12345', { exact: true })).toBeVisible();
  });

  test('the help card gives the reference format and support contacts', async ({ page }) => {
    await page.goto('/bookings');
    await expect(
      page.getByText(
        'Your booking reference is usually 8-10 digits, e.g. 2611221234: the date (yymmdd) and four digits',
      ),
    ).toBeVisible();
    const help = page.getByRole('complementary', { name: 'Need help?' });
    await expect(help.getByRole('link', { name: /\+960/ })).toHaveAttribute('href', /^tel:\+960\d+$/);
    await expect(help.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:.+@.+/);
  });

  test('found and not-found states have no WCAG 2.1 AA violations', async ({ page }) => {
    await page.goto(`/bookings?ref=${created.reference}`);
    await expect(page.getByText(LOOKUP_STATUS_TEXT.pending)).toBeVisible();
    const found = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    expect(found.violations).toEqual([]);

    await page.goto('/bookings?ref=0000000000');
    await expect(page.getByRole('heading', { name: MSG.bookingNotFound })).toBeVisible();
    const notFound = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    expect(notFound.violations).toEqual([]);
  });
});
