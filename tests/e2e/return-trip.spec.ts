import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AdminTicket } from '#shared/admin-api.ts';
import { DEMO_ADMIN } from '#shared/constants.ts';
import type { ETicket } from '#shared/e-ticket-api.ts';
import { TEXTS } from '#shared/messages/catalogues.ts';
import type { BookingCreated, BookingRequest, Location, OutboxMail } from '#shared/schemas.ts';
import { expect, test } from './fixtures.ts';
import { findTrip, json, operatorDate, SLIP_WEBP, seatMap, verifiedToken } from './support/booking-api.ts';
import { expectAccessible } from './support/ui.ts';

// A return in one booking (docs/decisions/037-return-trips.md): its e-ticket shows both journeys,
// each with its own boarding QR code.
const SHOTS = process.env.RETURN_SHOTS ?? path.resolve(import.meta.dirname, '../../.tmp/return-trip-shots');

test.describe('return trip', () => {
  test('the e-ticket of a return shows both journeys, each with its QR code, in English and Dhivehi', async ({
    page,
    playwright,
    browser,
    baseURL,
  }, testInfo) => {
    test.slow();
    const api = page.request;
    const date = operatorDate(6);
    // The demo's morning Malé -> Rasdhoo and its afternoon run back.
    const out = await findTrip(api, date, 'Malé', 'Rasdhoo');
    const back = await findTrip(api, date, 'Rasdhoo', 'Malé');
    const email = `return-${randomUUID()}@example.com`;
    const verificationToken = await verifiedToken(api, email);
    const freeSeat = async (trip: typeof out) => {
      const launch = trip.launches[0];
      if (!launch) throw new Error('no launch');
      const map = await seatMap(api, { scheduleId: trip.trip.scheduleId, date, launchId: launch.id });
      const free = map.seats.filter((s) => s.state === 'available').map((s) => s.label);
      return { launchId: launch.id, seat: free[Math.floor(Math.random() * free.length)] ?? '' };
    };
    const outSeat = await freeSeat(out);
    const backSeat = await freeSeat(back);
    const booking: BookingRequest = {
      scheduleId: out.trip.scheduleId,
      travelDate: date,
      originId: out.trip.from.id,
      destinationId: out.trip.to.id,
      launchId: outSeat.launchId,
      seats: [outSeat.seat],
      tickets: [{ type: 'local', category: 'adult', quantity: 1 }],
      passenger: {
        name: 'Aishath Mohamed',
        email,
        phone: '7771234',
        nationality: 'Maldivian',
        countryCode: '+960',
      },
      paymentCurrency: 'MVR',
      verificationToken,
      return: {
        scheduleId: back.trip.scheduleId,
        travelDate: date,
        launchId: backSeat.launchId,
        originId: back.trip.from.id,
        destinationId: back.trip.to.id,
        seats: [backSeat.seat],
      },
    };
    const origin = new URL((await api.get('/api/health')).url()).origin;
    const created = await json<BookingCreated>(
      await api.post('/api/bookings', {
        headers: { 'X-Booking-Session': randomUUID(), 'Idempotency-Key': randomUUID(), Origin: origin },
        multipart: {
          booking: JSON.stringify(booking),
          slip: { name: 'slip.webp', mimeType: 'image/webp', buffer: await readFile(SLIP_WEBP) },
        },
      }),
    );
    expect(created.journeys).toHaveLength(2);

    const office = await playwright.request.newContext({ baseURL });
    try {
      await json(await office.post('/api/auth/login', { data: DEMO_ADMIN }));
      const ticket = await json<AdminTicket>(
        await office.get(`/api/admin/tickets/by-reference/${created.reference}`),
      );
      await json(await office.post(`/api/admin/tickets/${ticket.id}/approve`));
    } finally {
      await office.dispose();
    }
    let link = '';
    await expect
      .poll(async () => {
        const mails = await json<OutboxMail[]>(await api.get('/dev/outbox', { params: { to: email } }));
        link = /\/t\/[A-Za-z0-9_-]{43}/.exec(mails.map((m) => m.text).join('\n'))?.[0] ?? '';
        return link;
      })
      .not.toBe('');
    const eTicket = await json<ETicket>(await api.get(`/api/${link.slice(1)}`));
    // The way back's code says its journey: format 2 (docs/decisions/037-return-trips.md).
    expect(eTicket.journeyCodes?.map((c) => c.code?.slice(0, 4))).toEqual(['IF1.', 'IF2.']);

    const viewport =
      testInfo.project.name === 'phone' ? { width: 390, height: 844 } : { width: 1280, height: 800 };
    for (const [language, locale] of [
      ['en', 'en-US'],
      ['dv', 'dv-MV'],
    ] as const) {
      const context = await browser.newContext({ baseURL, viewport, locale });
      try {
        const pass = await context.newPage();
        await pass.goto(link);
        const texts = TEXTS.eticket[language];
        await expect(
          pass.getByRole('heading', { level: 2, name: texts.outbound, exact: true }),
        ).toBeVisible();
        await expect(
          pass.getByRole('heading', { level: 2, name: texts.returnJourney, exact: true }),
        ).toBeVisible();
        const qr = pass.getByRole('img', { name: texts.qrLabel.replace('{reference}', created.reference) });
        await expect(qr).toHaveCount(2);
        if (language === 'en') await expectAccessible(pass, 'return e-ticket');
        await pass.screenshot({
          path: path.join(SHOTS, `e-ticket-return-${language}-${testInfo.project.name}.png`),
          fullPage: true,
        });
      } finally {
        await context.close();
      }
    }
  });

  test('the office sets a route’s return discount in the fares dialog', async ({ page }, testInfo) => {
    test.slow();
    await json(await page.request.post('/api/auth/login', { data: DEMO_ADMIN }));
    const suffix = `${testInfo.project.name} ${randomUUID().slice(0, 6)}`;
    const place = async (name: string, code: string) =>
      json<Location>(
        await page.request.post('/api/admin/locations', { data: { name, code, country: 'Maldives' } }),
      );
    const from = await place(`Return Harbour ${suffix}`, 'RHA');
    const to = await place(`Return Island ${suffix}`, 'RIS');
    const route = `${from.name} → ${to.name}`;
    await page.goto('/admin/payments');
    const card = page.getByTestId('fares-card');
    await card.getByRole('button', { name: 'Add Route Fares' }).click();
    const add = page.getByRole('dialog', { name: 'Add Route Fares' });
    await add.getByLabel('From', { exact: true }).selectOption({ label: from.name });
    await add.getByLabel('To', { exact: true }).selectOption({ label: to.name });
    await add.getByLabel('Local adult (MVR)').fill('40');
    await add.getByLabel('Return discount (%)').fill('150');
    await add.getByRole('button', { name: 'Add Fares' }).click();
    await expect(add.getByLabel('Return discount (%)')).toHaveAccessibleDescription(/from 0 to 100/);
    await add.getByLabel('Return discount (%)').fill('10');
    await expectAccessible(page, 'return discount');
    await page.screenshot({
      path: path.join(SHOTS, `fares-dialog-return-discount-${testInfo.project.name}.png`),
    });
    await add.getByRole('button', { name: 'Add Fares' }).click();
    await expect(add).toBeHidden();
    await expect
      .poll(async () => {
        const { discounts } = await json<{ discounts: { originId: string; percentOff: string }[] }>(
          await page.request.get('/api/admin/return-discounts'),
        );
        return discounts.find((d) => d.originId === from.id)?.percentOff;
      })
      .toBe('10.00');
    await card
      .locator('tr', { hasText: route })
      .getByRole('button', { name: `Edit fares ${route}` })
      .click();
    await expect(
      page.getByRole('dialog', { name: `Edit Fares: ${route}` }).getByLabel('Return discount (%)'),
    ).toHaveValue('10.00');
  });
});
