import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import type { BookingRequest, Trip, TripLaunch } from '#shared/schemas.ts';
import { expect, test } from './fixtures.ts';
import {
  findTrip,
  json,
  latestCode,
  operatorDate,
  SLIP_WEBP,
  seatMap,
  verifiedToken,
} from './support/booking-api.ts';
import { expectAccessible } from './support/ui.ts';

// A seat is sold per leg (docs/decisions/032-seats-per-leg.md): on the demo's Malé -> Airport ->
// Thoddoo -> Rasdhoo, a seat sold Malé -> Airport is still there for a passenger boarding at the
// Airport, and gone for one travelling Malé -> Thoddoo. No other spec books this day.
const DAY = 12;
const LAUNCH = 'Island Express';

/**
 * A pending booking of one seat of `launch` from `from` to `to` on `trip`, made through the public
 * API as the wizard makes it: a seat free for the whole departure, picked at random, as the other
 * browser project books the same departure at the same time.
 */
async function bookStretch(
  api: APIRequestContext,
  trip: Trip,
  launch: TripLaunch,
  from: string,
  to: string,
): Promise<string> {
  const stop = (name: string) => trip.stops.find((s) => s.name === name)?.locationId ?? '';
  const email = `seats-per-leg-${randomUUID()}@example.com`;
  const verificationToken = await verifiedToken(api, email);
  const origin = new URL((await api.get('/api/health')).url()).origin;
  const slip = await readFile(SLIP_WEBP);
  for (let attempt = 0; attempt < 5; attempt++) {
    const map = await seatMap(api, {
      scheduleId: trip.scheduleId,
      date: trip.travelDate,
      launchId: launch.id,
    });
    const free = map.seats.filter((s) => s.state === 'available').map((s) => s.label);
    const seat = free[Math.floor(Math.random() * free.length)];
    if (!seat) throw new Error('no free seat left');
    const booking: BookingRequest = {
      scheduleId: trip.scheduleId,
      travelDate: trip.travelDate,
      originId: stop(from),
      destinationId: stop(to),
      launchId: launch.id,
      seats: [seat],
      tickets: [{ type: 'local', category: 'adult', quantity: 1 }],
      passenger: { name: 'Hawwa Leg', email, phone: '7771234' },
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
    await json(response);
    return seat;
  }
  throw new Error('could not book a free seat');
}

/** Step 1 to the seat map of the launch, as a passenger travelling `from` -> `to`. */
async function seatsFor(page: Page, request: APIRequestContext, from: string, to: string, email: string) {
  await page.getByLabel('Travel date').fill(operatorDate(DAY));
  await page.getByLabel('From', { exact: true }).selectOption({ label: from });
  await page.getByLabel('To', { exact: true }).selectOption({ label: to });
  await page.getByRole('button', { name: 'Search Trips' }).click();
  await page
    .getByRole('button', { name: /Select Trip/ })
    .first()
    .click();

  await expect(page.getByRole('heading', { name: 'Passenger Information' })).toBeVisible();
  // Verified once: the wizard keeps the passenger when another trip is chosen.
  if (!(await page.getByText('Email verified', { exact: true }).isVisible())) {
    await page.getByLabel('Full name').fill('Ahmed Leg');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByLabel('Verification code').fill(await latestCode(request, email));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Email verified', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Add one local adult ticket' }).click();
  }
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'Choose Your Launch' })).toBeVisible();
  await page.getByRole('button', { name: new RegExp(LAUNCH) }).click();
  await expect(page.getByRole('button', { name: new RegExp(LAUNCH) })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByRole('button', { name: 'Continue to Seats' }).click();
  await expect(page.getByRole('heading', { name: 'Choose Your Seats' })).toBeVisible();
}

/** Back from the seats to the search, letting nothing be held. */
async function backToSearch(page: Page) {
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Choose Your Launch' })).toBeVisible();
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Passenger Information' })).toBeVisible();
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Search Trips' })).toBeVisible();
}

test.describe('seats sold per leg', () => {
  test('a seat sold Malé -> Airport shows free from the Airport to Rasdhoo and taken from Malé to Thoddoo', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const { trip, launches } = await findTrip(request, operatorDate(DAY), 'Malé', 'Rasdhoo');
    expect(trip.stops.map((s) => s.name)).toEqual(['Malé', 'Airport', 'Thoddoo', 'Rasdhoo']);
    const launch = launches.find((l) => l.name === LAUNCH);
    if (!launch) throw new Error(`the demo's four-stop route has no ${LAUNCH}`);
    const seat = await bookStretch(request, trip, launch, 'Malé', 'Airport');

    await page.goto('/booking');
    const email = `seats-per-leg-${randomUUID()}@example.com`;

    await seatsFor(page, request, 'Airport', 'Rasdhoo', email);
    await expect(page.getByRole('button', { name: `Seat ${seat}, available` })).toBeEnabled();
    await expectAccessible(page, 'seats from the Airport');

    await backToSearch(page);
    await seatsFor(page, request, 'Malé', 'Thoddoo', email);
    await expect(page.getByRole('button', { name: `Seat ${seat}, occupied` })).toBeDisabled();
    await expectAccessible(page, 'seats from Malé');
  });
});
