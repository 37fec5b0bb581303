import { randomUUID } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import type { TicketList } from '#shared/admin-api.ts';
import { DEMO_ADMIN } from '#shared/constants.ts';
import type { OutboxMail } from '#shared/schemas.ts';
import { expect, test } from './fixtures.ts';
import { json, SLIP_WEBP, verifiedToken } from './support/booking-api.ts';
import { stubPrint } from './support/counter.ts';
import { type Departure, todaysDeparture } from './support/departures.ts';
import { expectAccessible } from './support/ui.ts';

// Every person of a booking named and counted, infants on an adult's lap
// (docs/decisions/035-every-person-named.md): the office's trip manifest, the crew's boarding
// list, the counter and the e-ticket show each person and the infant.
const SHOTS = process.env.SHOTS_DIR ?? path.resolve(import.meta.dirname, '../../.tmp/persons-shots');

const shot = async (page: Page, name: string, testInfo: TestInfo) => {
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}-${testInfo.project.name}.png`), fullPage: true });
};

/** A booking on the departure's first seat free, approved by the office; its reference. */
async function approvedBooking(
  api: APIRequestContext,
  departure: Departure,
  seat: string,
  party: { tickets: object[]; passengers?: object[]; name: string },
): Promise<{ reference: string; email: string }> {
  const email = `persons-${randomUUID()}@example.com`;
  const verificationToken = await verifiedToken(api, email);
  const stops = [...departure.schedule.routeStops].sort((a, b) => a.stopOrder - b.stopOrder);
  const booking = {
    scheduleId: departure.schedule.id,
    travelDate: departure.schedule.travelDate,
    originId: stops[0]?.locationId ?? '',
    destinationId: stops.at(-1)?.locationId ?? '',
    launchId: departure.launch.id,
    seats: [seat],
    tickets: party.tickets,
    passenger: { name: party.name, email, phone: '7771234', nationality: 'Maldivian' },
    ...(party.passengers ? { passengers: party.passengers } : {}),
    paymentCurrency: 'MVR',
    verificationToken,
  };
  const origin = new URL((await api.get('/api/health')).url()).origin;
  const created = await json<{ reference: string }>(
    await api.post('/api/bookings', {
      headers: { 'X-Booking-Session': randomUUID(), 'Idempotency-Key': randomUUID(), Origin: origin },
      multipart: {
        booking: JSON.stringify(booking),
        slip: { name: 'slip.webp', mimeType: 'image/webp', buffer: await readFile(SLIP_WEBP) },
      },
    }),
  );
  const list = await json<TicketList>(
    await api.get('/api/admin/tickets', { params: { status: 'pending', q: created.reference } }),
  );
  const id = list.tickets.find((x) => x.reference === created.reference)?.id ?? '';
  await json(await api.post(`/api/admin/tickets/${id}/approve`));
  return { reference: created.reference, email };
}

test.describe('every person named', () => {
  test('the trip manifest, the boarding list and the e-ticket show every named person and the infant', async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    test.slow();
    await json(await page.request.post('/api/auth/login', { data: DEMO_ADMIN }));
    const departure = await todaysDeparture(page.request, 6, 'Family Launch');
    const family = await approvedBooking(page.request, departure, '1', {
      name: 'Aishath Shifa',
      tickets: [
        { type: 'local', category: 'adult', quantity: 1 },
        { type: 'local', category: 'infant', quantity: 1 },
      ],
      passengers: [
        { name: 'Aishath Shifa', nationality: 'Maldivian', category: 'adult' },
        { name: 'Ibrahim Zayan', nationality: 'Maldivian', category: 'infant' },
      ],
    });
    const unnamed = await approvedBooking(page.request, departure, '2', {
      name: 'Hassan Rasheed',
      tickets: [
        { type: 'local', category: 'adult', quantity: 1 },
        { type: 'local', category: 'infant', quantity: 1 },
      ],
    });

    // The office's trip manifest: each person with their category; the unnamed marked.
    await page.goto(`/admin/ticketing?trip=${departure.schedule.id}`);
    const familyPersons = page.getByRole('list', { name: `Persons of ${family.reference}` }).first();
    await expect(familyPersons.getByRole('listitem')).toHaveText([
      'Aishath Shifa (adult)',
      'Ibrahim Zayan (infant)',
    ]);
    const otherPersons = page.getByRole('list', { name: `Persons of ${unnamed.reference}` }).first();
    await expect(otherPersons.getByRole('listitem')).toHaveText(['Hassan Rasheed (adult)', '+ 1 not named']);
    await expect(page.getByText('1 adult, + 1 infant').first()).toBeVisible();
    await expectAccessible(page, 'trip manifest');
    await shot(page, 'trip-manifest', testInfo);

    // The crew's boarding list: the infant beside the seat, every person named.
    await page.goto(`/admin/boarding?trip=${departure.schedule.id}`);
    const row = page.getByRole('button', { name: /^Board Aishath Shifa/ });
    await expect(row).toContainText('+ 1 infant');
    // Every person is on the row, as text: a list may not stand inside a button.
    await expect(row).toContainText('Aishath Shifa (adult)Ibrahim Zayan (infant)');
    await expect(row.getByRole('list')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Boarding here: 0 of 4' })).toBeVisible();
    await expectAccessible(page, 'boarding list');
    await shot(page, 'boarding', testInfo);
    // Opened, the party boards whole: two persons on one seat.
    await row.click();
    await expect(page.getByTestId('scan-result')).toContainText('+ 1 infant');
    await expect(
      page.getByTestId('scan-result').getByRole('button', { name: 'Checked ID? Board 2' }),
    ).toBeVisible();
    await shot(page, 'boarding-open', testInfo);

    // The passenger's e-ticket, in English and Dhivehi: the persons with their categories.
    const mails = await json<OutboxMail[]>(
      await page.request.get('/dev/outbox', { params: { to: family.email } }),
    );
    const link = mails.map((m) => /\/t\/[A-Za-z0-9_-]{43}/.exec(m.text)?.[0]).find(Boolean) ?? '';
    expect(link).not.toBe('');
    for (const locale of ['en-US', 'dv-MV']) {
      const viewport = testInfo.project.use.viewport ?? { width: 1366, height: 900 };
      const context = await browser.newContext({ baseURL, viewport, locale });
      try {
        const ticket = await context.newPage();
        await ticket.goto(link);
        const persons = ticket.getByRole('list', { name: locale === 'dv-MV' ? 'ދަތުރުކުރާ މީހުން' : 'Persons' });
        await expect(persons.getByRole('listitem')).toHaveCount(2);
        await expect(persons).toContainText('Ibrahim Zayan');
        await expect(persons).toContainText(locale === 'dv-MV' ? 'ތުއްތު ކުއްޖާ' : 'Infant');
        await ticket.screenshot({
          path: path.join(SHOTS, `e-ticket-${locale.slice(0, 2)}-${testInfo.project.name}.png`),
          fullPage: true,
        });
      } finally {
        await context.close();
      }
    }
  });

  test('the counter sells an adult with an infant on her lap, naming both', async ({ page }, testInfo) => {
    test.slow();
    await json(await page.request.post('/api/auth/login', { data: DEMO_ADMIN }));
    const departure = await todaysDeparture(page.request, 6, 'Counter Family');
    const shift = await page.request.post('/api/admin/counter/shift', {
      data: { floats: { MVR: '0', USD: '0' } },
    });
    expect([201, 409]).toContain(shift.status());
    await stubPrint(page);
    await page.goto('/admin/counter');
    await page.getByRole('button', { name: new RegExp(departure.launch.name) }).click();
    await page.getByRole('button', { name: 'One local infant (on a lap) more' }).click();
    await expect(page.getByText('0 of 1 chosen')).toBeVisible();
    await page.getByRole('button', { name: 'Seat 4, available' }).click();
    await page.getByLabel('Passenger name').fill('Mariyam Counter');
    await page.getByText('Name the other person (optional)').click();
    await page.getByLabel('Name, local infant (on a lap)').fill('Baby Counter');
    await page.getByLabel('Cash received (MVR)').fill('100');
    await expectAccessible(page, 'counter sale with an infant');
    await shot(page, 'counter', testInfo);
    const sold = page.waitForResponse((r) => r.url().endsWith('/api/admin/counter/sales'));
    await page.getByRole('button', { name: /^Sell/ }).click();
    const sale = await (await sold).json();
    expect(sale.eTicket).toMatchObject({ seatNumbers: ['4'], infantCount: 1 });
    expect(sale.eTicket.persons.map((p: { name: string }) => p.name)).toEqual([
      'Mariyam Counter',
      'Baby Counter',
    ]);
    await expect(page.getByTestId('counter-receipt')).toContainText('1 local infant');
    await shot(page, 'counter-receipt', testInfo);
  });
});
