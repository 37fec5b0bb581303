import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page, Request } from '@playwright/test';
import sharp from 'sharp';
import { COMPRESSION, IMAGE_MAX_BYTES } from '#shared/constants.ts';
import { LOOKUP_STATUS_TEXT, MSG } from '#shared/messages/api.ts';
import type { BookingLookup, SeatLockRequest } from '#shared/schemas.ts';
import { expect, test } from './fixtures.ts';
import { json, latestCode, operatorDate, seatMap, seatStates } from './support/booking-api.ts';
import { expectAccessible } from './support/ui.ts';

const TMP = fileURLToPath(new URL('../../.tmp/', import.meta.url));
const SCREENS = path.join(TMP, 'screens');
const SLIP = fileURLToPath(new URL('../files/photo-exif-gps.jpg', import.meta.url));

// Each test books its own day, so no two of them (nor booking.spec.ts's today and tomorrow, nor
// check-booking.spec.ts's fifth day) reach for the same seats; within a test the two browser
// projects pick from opposite ends of the seat map.
const DAY = { journey: 2, back: 3, expiry: 4, bigSlip: 6 } as const;

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const currentStep = (page: Page) => page.locator('li[aria-current="step"]');

/** Screenshots of the journey for review: journey-<n>.png on a phone, journey-desktop-<n>.png. */
async function screen(page: Page, project: string, n: number) {
  await mkdir(SCREENS, { recursive: true });
  // From the top, so the sticky header is drawn where it belongs in the full-page picture.
  await page.evaluate(() => window.scrollTo(0, 0));
  const name = project === 'phone' ? `journey-${n}.png` : `journey-${project}-${n}.png`;
  await page.screenshot({ path: path.join(SCREENS, name), fullPage: true });
}

type Journey = { page: Page; request: APIRequestContext; project: string; date: string; email: string };

/** Step 1: the date and Malé -> Maafushi, then the first trip. */
async function chooseTrip({ page, date }: Journey) {
  await expect(page.getByRole('heading', { name: 'Choose Your Journey' })).toBeVisible();
  await page.getByLabel('Travel date').fill(date);
  await page.getByLabel('From', { exact: true }).selectOption({ label: 'Malé' });
  await page.getByLabel('To', { exact: true }).selectOption({ label: 'Maafushi' });
  await page.getByRole('button', { name: 'Search Trips' }).click();
  await expect(page.getByRole('button', { name: /Select Trip/ }).first()).toBeVisible();
}

/** Step 2: name, verified e-mail (the code read from the dev outbox), one local adult and a named child. */
async function fillPassenger({ page, request, email }: Journey) {
  await expect(page.getByRole('heading', { name: 'Passenger Information' })).toBeVisible();
  await page.getByLabel('Full name').fill('Mariyam Journey');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(toast(page, MSG.codeSent)).toBeVisible();
  await page.getByLabel('Verification code').fill(await latestCode(request, email));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Email verified', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Add one local adult ticket' }).click();
  await page.getByRole('button', { name: 'Add one local child ticket' }).click();
  await page.getByRole('group', { name: 'Child 1' }).getByLabel('Full name').fill('Ahmed Journey');
}

/** Step 4: two free seats, from the end of the map on a phone and from the start on a desktop. */
async function pickSeats({ page, project }: Journey): Promise<string[]> {
  await expect(page.getByRole('heading', { name: 'Choose Your Seats' })).toBeVisible();
  const available = page.getByRole('button', { name: /^Seat \S+, available$/ });
  await expect(available.first()).toBeVisible();
  const labels = (await available.allTextContents()).map((t) => t.trim());
  const picked = project === 'phone' ? labels.slice(-2) : labels.slice(0, 2);
  for (const label of picked) {
    await page.getByRole('button', { name: `Seat ${label}, available` }).click();
    await expect(page.getByRole('button', { name: `Seat ${label}, selected` })).toBeVisible();
  }
  return picked;
}

/** Continue to Payment, returning the hold the wizard asked the server for. */
async function continueToPayment(page: Page): Promise<SeatLockRequest> {
  const locking = page.waitForRequest(
    (r: Request) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/seat-locks',
  );
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  const hold = (await locking).postDataJSON() as SeatLockRequest;
  await expect(page.getByRole('heading', { name: 'Complete Payment' })).toBeVisible();
  return hold;
}

/** From /booking to step 5 with the seats held on the server. */
async function reachPayment(journey: Journey) {
  const { page } = journey;
  await page.goto('/booking');
  await chooseTrip(journey);
  await page
    .getByRole('button', { name: /Select Trip/ })
    .first()
    .click();
  await fillPassenger(journey);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: /Sea Breeze/ }).click();
  await page.getByRole('button', { name: 'Continue to Seats' }).click();
  const picked = await pickSeats(journey);
  const hold = await continueToPayment(page);
  expect([...hold.seats].sort()).toEqual([...picked].sort());
  return { picked, hold };
}

/** How another visitor (a fresh booking session) sees the held seats. */
async function seenByOthers(request: APIRequestContext, hold: SeatLockRequest) {
  const map = await seatMap(request, {
    scheduleId: hold.scheduleId,
    date: hold.travelDate,
    launchId: hold.launchId,
  });
  return seatStates(map, hold.seats);
}

const all = (labels: readonly string[], state: string) => Object.fromEntries(labels.map((l) => [l, state]));

test.describe('booking journey', () => {
  test('from the home page to a found booking, through all five steps', async ({
    page,
    request,
    context,
    baseURL,
  }, testInfo) => {
    test.setTimeout(180_000);
    const project = testInfo.project.name;
    const journey: Journey = {
      page,
      request,
      project,
      date: operatorDate(DAY.journey),
      email: `journey-${project}-${Date.now()}@example.com`,
    };
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });

    await page.goto('/');
    await screen(page, project, 0);
    await page.getByRole('link', { name: 'Book Your Ferry' }).click();
    await expect(page).toHaveURL(/\/booking$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Book Your Ferry Journey' })).toBeVisible();

    // Step 1
    await chooseTrip(journey);
    await expect(currentStep(page)).toContainText('1');
    await expectAccessible(page, 'step 1');
    await screen(page, project, 1);
    await page
      .getByRole('button', { name: /Select Trip/ })
      .first()
      .click();

    // Step 2
    await fillPassenger(journey);
    await expect(currentStep(page)).toContainText('2');
    await expectAccessible(page, 'step 2');
    await screen(page, project, 2);
    await page.getByRole('button', { name: 'Continue' }).click();

    // Step 3
    await expect(page.getByRole('heading', { name: 'Choose Your Launch' })).toBeVisible();
    await expect(currentStep(page)).toContainText('3');
    await page.getByRole('button', { name: /Sea Breeze/ }).click();
    await expectAccessible(page, 'step 3');
    await screen(page, project, 3);
    await page.getByRole('button', { name: 'Continue to Seats' }).click();

    // Step 4
    const picked = await pickSeats(journey);
    await expect(currentStep(page)).toContainText('4');
    await expect(page.getByText(`Selected 2 of 2: ${picked.join(', ')}`)).toBeVisible();
    await expectAccessible(page, 'step 4');
    await screen(page, project, 4);
    await continueToPayment(page);

    // Step 5
    await expect(currentStep(page)).toContainText('5');
    await expect(page.getByText(/Seats held for \d+:\d{2}/)).toBeVisible();
    await page.getByLabel('Payment slip', { exact: true }).setInputFiles(SLIP);
    await expect(page.getByText(/^Ready: photo-exif-gps\.jpg/)).toBeVisible();
    await expectAccessible(page, 'step 5');
    await screen(page, project, 5);
    await page.getByRole('button', { name: 'Submit Booking' }).click();

    // Confirmation: the reference, copied as shown.
    await expect(page.getByRole('heading', { name: 'Booking Submitted' })).toBeVisible();
    const reference = (await page.getByTestId('booking-reference').textContent())?.trim() ?? '';
    expect(reference).toMatch(/^\d{10}$/);
    await page.getByRole('button', { name: 'Copy booking reference' }).click();
    await expect(toast(page, MSG.referenceCopied)).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(reference);
    await expectAccessible(page, 'confirmation');
    await screen(page, project, 6);

    // Check Booking Status finds it: pending, with the seats just chosen.
    await page.getByRole('link', { name: 'Check Booking Status' }).click();
    await expect(page).toHaveURL(new RegExp(`/bookings\\?ref=${reference}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Check Your Booking' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Booking reference' })).toHaveValue(reference);
    const card = page.getByRole('article', { name: 'Booking reference' });
    await expect(card.getByText(reference, { exact: true })).toBeVisible();
    await expect(card.getByText('Pending', { exact: true })).toBeVisible();
    await expect(card.getByText(LOOKUP_STATUS_TEXT.pending)).toBeVisible();
    await expect(card.getByText('Maafushi', { exact: true }).first()).toBeVisible();
    const seats = card.getByRole('definition').filter({ has: page.getByRole('listitem') });
    await expect(seats.getByRole('listitem')).toHaveText([...picked].sort(), { useInnerText: true });
    await expectAccessible(page, 'check booking');
    await screen(page, project, 7);

    const booking = await json<BookingLookup>(await request.get(`/api/bookings/${reference}`));
    expect([...booking.seatNumbers].sort()).toEqual([...picked].sort());
    expect(booking.ticketStatus).toBe('pending');
  });

  test('going back from the seats lets the held seats go', async ({ page, request }, testInfo) => {
    test.setTimeout(180_000);
    const project = testInfo.project.name;
    const { hold } = await reachPayment({
      page,
      request,
      project,
      date: operatorDate(DAY.back),
      email: `back-${project}-${Date.now()}@example.com`,
    });
    // Held for this session: another one sees them locked.
    expect(await seenByOthers(request, hold)).toEqual(all(hold.seats, 'locked'));

    // Back to the seats keeps the hold (the passenger may only want other seats)...
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('heading', { name: 'Choose Your Seats' })).toBeVisible();
    for (const label of hold.seats)
      await expect(page.getByRole('button', { name: `Seat ${label}, selected` })).toBeVisible();
    expect(await seenByOthers(request, hold)).toEqual(all(hold.seats, 'locked'));
    // The same seats can be taken on to payment again: they are this session's own.
    const again = await continueToPayment(page);
    expect([...again.seats].sort()).toEqual([...hold.seats].sort());
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('heading', { name: 'Choose Your Seats' })).toBeVisible();

    // ...and back again to the launches lets them go.
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('heading', { name: 'Choose Your Launch' })).toBeVisible();
    await expect(page.getByText(/Seats held for/)).toHaveCount(0);
    expect(await seenByOthers(request, hold)).toEqual(all(hold.seats, 'available'));
  });

  test('an expired seat hold returns to step 1 and lets the seats go', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(180_000);
    const project = testInfo.project.name;
    await page.clock.install();
    const { hold } = await reachPayment({
      page,
      request,
      project,
      date: operatorDate(DAY.expiry),
      email: `expiry-${project}-${Date.now()}@example.com`,
    });
    expect(await seenByOthers(request, hold)).toEqual(all(hold.seats, 'locked'));
    await expect(page.getByText(/Seats held for 1[45]:\d{2}/)).toBeVisible();

    // Fifteen minutes and a second later on the passenger's clock (the server's stays put, so
    // only the wizard's own release can free the seats).
    await page.clock.fastForward('15:01');
    await expect(toast(page, 'Your seat hold has expired. Please select your trip again.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Choose Your Journey' })).toBeVisible();
    await expect(currentStep(page)).toContainText('1');
    await expect(page.getByText(/Seats held for/)).toHaveCount(0);
    await expect.poll(() => seenByOthers(request, hold)).toEqual(all(hold.seats, 'available'));

    // The passenger picks the trip again and finds the same seats free.
    await expect(page.getByLabel('Travel date')).toHaveValue(hold.travelDate);
    await page.getByRole('button', { name: 'Search Trips' }).click();
    await page
      .getByRole('button', { name: /Select Trip/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { name: 'Passenger Information' })).toBeVisible();
    await expect(page.getByText('Email verified', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: /Sea Breeze/ }).click();
    await page.getByRole('button', { name: 'Continue to Seats' }).click();
    await expect(page.getByText(/Seats held for 1[45]:\d{2}/)).toBeVisible();
    for (const label of hold.seats)
      await expect(page.getByRole('button', { name: `Seat ${label}, available` })).toBeVisible();
  });

  test('a 12-megapixel photo of the slip is sent as a small WebP; Submit Booking waits for it', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(180_000);
    const project = testInfo.project.name;
    const photo = await noisyPhoto(4000, 3000);
    expect(photo.length).toBeLessThan(IMAGE_MAX_BYTES);
    await reachPayment({
      page,
      request,
      project,
      date: operatorDate(DAY.bigSlip),
      email: `big-slip-${project}-${Date.now()}@example.com`,
    });

    // Submit Booking waits while the slip is being optimised: watched from the page itself, so
    // the check holds however fast or slow the compression is.
    const submit = page.getByRole('button', { name: 'Submit Booking' });
    await page.evaluate((optimizing) => {
      const w = window as unknown as { whileOptimizing: { seen: boolean; submitEnabled: boolean } };
      w.whileOptimizing = { seen: false, submitEnabled: false };
      new MutationObserver(() => {
        if (!document.body.textContent?.includes(optimizing)) return;
        w.whileOptimizing.seen = true;
        const button = [...document.querySelectorAll('button')].find((b) =>
          b.textContent?.includes('Submit Booking'),
        );
        if (button && !button.disabled) w.whileOptimizing.submitEnabled = true;
      }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    }, MSG.optimizing);

    // Timed in the page: from the file input's change to the "Ready" line.
    await page.evaluate(() => {
      const w = window as unknown as { slipTiming: { start?: number; end?: number } };
      w.slipTiming = {};
      document.addEventListener('change', () => (w.slipTiming.start ??= performance.now()), true);
      new MutationObserver((_, observer) => {
        if (document.body.textContent?.includes('Ready: holiday-12mp.jpg')) {
          w.slipTiming.end = performance.now();
          observer.disconnect();
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await page
      .getByLabel('Payment slip', { exact: true })
      .setInputFiles({ name: 'holiday-12mp.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(page.getByText(/^Ready: holiday-12mp\.jpg/)).toBeVisible({ timeout: 60_000 });
    expect(
      await page.evaluate(() => (window as unknown as { whileOptimizing: object }).whileOptimizing),
    ).toEqual({
      seen: true,
      submitEnabled: false,
    });
    await expect(submit).toBeEnabled();
    const timing = await page.evaluate(
      () => (window as unknown as { slipTiming: { start: number; end: number } }).slipTiming,
    );

    // What the browser sends is what counts: the slip it puts in the booking's form. (The
    // request's own body is out of reach here: Chromium does not report blob parts of it.)
    await page.evaluate(() => {
      const w = window as unknown as { sentSlip?: Blob };
      const append = FormData.prototype.append as (this: FormData, ...args: unknown[]) => void;
      FormData.prototype.append = function (this: FormData, ...args: unknown[]) {
        if (args[0] === 'slip' && args[1] instanceof Blob) w.sentSlip = args[1];
        append.apply(this, args);
      };
    });
    await submit.click();
    await expect(page.getByRole('heading', { name: 'Booking Submitted' })).toBeVisible();
    const slip = await page.evaluate(async () => {
      const blob = (window as unknown as { sentSlip?: Blob }).sentSlip;
      if (!blob) throw new Error('no slip was sent');
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000)
        binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return { contentType: blob.type, base64: btoa(binary) };
    });
    const data = Buffer.from(slip.base64, 'base64');
    const meta = await sharp(data).metadata();
    const result = {
      project,
      input: { bytes: photo.length, width: 4000, height: 3000, type: 'image/jpeg' },
      output: { bytes: data.length, width: meta.width, height: meta.height, type: slip.contentType },
      compressMs: Math.round(timing.end - timing.start),
    };
    await recordCompression(result);
    testInfo.annotations.push({ type: 'compress-12mp', description: JSON.stringify(result) });

    expect(slip.contentType).toBe('image/webp');
    expect(meta.format).toBe('webp');
    expect(meta.width).toBeLessThanOrEqual(COMPRESSION.slip.maxWidth);
    expect(meta.height).toBeLessThanOrEqual(COMPRESSION.slip.maxHeight);
    expect([meta.width, meta.height]).toEqual([1024, 768]);
    expect(data.length).toBeLessThanOrEqual(COMPRESSION.slip.maxBytes);
    expect(timing.end).toBeGreaterThan(timing.start);
  });
});

/**
 * A camera-like JPEG: a sky-and-sea gradient with a few bright shapes, and sensor noise on every
 * pixel, so it compresses like a real photo (a flat image would be unrealistically small).
 */
async function noisyPhoto(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 20_240_611;
  for (let y = 0; y < height; y++) {
    const sea = y > height * 0.55;
    const t = y / height;
    const base = sea ? [11, 138 - 60 * t, 143 - 40 * t] : [30 + 160 * t, 111 + 110 * t, 217 + 38 * t];
    for (let x = 0; x < width; x++) {
      seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
      const noise = (seed % 49) - 24;
      const wave = sea ? 18 * Math.sin(x / 37 + y / 11) : 0;
      const i = (y * width + x) * 3;
      pixels[i] = clamp((base[0] ?? 0) + noise + wave);
      pixels[i + 1] = clamp((base[1] ?? 0) + noise + wave);
      pixels[i + 2] = clamp((base[2] ?? 0) + noise + wave);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

const clamp = (v: number) => Math.max(0, Math.min(255, Math.round(v)));

/** Both browser projects write their figures into one file, each under its own name. */
async function recordCompression(result: { project: string }) {
  const file = path.join(TMP, 'compress-12mp.json');
  let saved: Record<string, unknown> = {};
  try {
    saved = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  } catch {
    saved = {};
  }
  saved[result.project] = { ...result, measuredAt: new Date().toISOString() };
  await mkdir(TMP, { recursive: true });
  await writeFile(file, `${JSON.stringify(saved, null, 2)}\n`);
}
