import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext, Download, Page, TestInfo } from '@playwright/test';
import { compileNamespace } from '#scripts/catalogue-plugin.ts';
import { DEMO_ADMIN } from '#shared/constants.ts';
import { TEXTS } from '#shared/messages/catalogues.ts';
import { STAFF_MSG } from '#shared/messages/staff.ts';
import type { Partner, PartnerBooking } from '#shared/partners.ts';
import type { Location, OutboxMail } from '#shared/schemas.ts';
import type { AdminLaunch, AdminSchedule } from '#shared/setup-api.ts';
import { partnerTexts } from '#web/features/admin/partners/partner-texts.ts';
import { i18n } from '#web/i18n/catalogue.ts';
import { formatDay } from '#web/lib/dates.ts';
import { expect, failedResponse, test } from './fixtures.ts';
import { json, operatorDate } from './support/booking-api.ts';
import { expectAccessible, toast } from './support/ui.ts';

// The office's Partner Accounts screen (docs/decisions/043-partner-accounts.md), on a phone and
// at a desk: a partner made (its name refused once, as taken), paid, a user invited, seats set
// aside on a departure from its seat map and given back, and its statement downloaded.
i18n.load('en', compileNamespace('dates', TEXTS.dates.en));
i18n.activate('en');

const SHOTS = path.resolve(import.meta.dirname, '../../.tmp/shots');

const shot = (page: Page, name: string, testInfo: TestInfo) =>
  page.screenshot({
    path: path.join(SHOTS, `admin-partners-${name}-${testInfo.project.name}.png`),
    fullPage: true,
  });

/** A departure of a launch of its own, far enough ahead to be this test's alone. */
async function departureOfItsOwn(api: APIRequestContext, travelDate: string) {
  const locations = await json<Location[]>(await api.get('/api/locations'));
  const id = (name: string) => locations.find((l) => l.name === name)?.id ?? '';
  const launch = await json<AdminLaunch>(
    await api.post('/api/admin/launches', {
      data: {
        name: `Partner Launch ${randomUUID().slice(0, 8)}`,
        capacity: 8,
        seatNumbers: Array.from({ length: 8 }, (_, i) => String(i + 1)),
      },
    }),
  );
  const schedule = await json<AdminSchedule>(
    await api.post('/api/admin/schedules', {
      data: {
        travelDate,
        launchIds: [launch.id],
        routeStops: [
          { locationId: id('Malé'), departureTime: '09:15' },
          { locationId: id('Maafushi'), departureTime: '10:30' },
        ],
      },
    }),
  );
  return { schedule, launch, originId: id('Malé'), destinationId: id('Maafushi') };
}

/** The invitation link e-mailed to `email` (waits for the mail), as its token. */
async function mailedToken(api: APIRequestContext, email: string): Promise<string> {
  let token = '';
  await expect
    .poll(async () => {
      const mails = await json<OutboxMail[]>(await api.get('/dev/outbox', { params: { to: email } }));
      token = /\/admin\/welcome#([A-Za-z0-9_-]+)/.exec(mails[0]?.text ?? '')?.[1] ?? '';
      return token;
    })
    .not.toBe('');
  return token;
}

/** Waits for the download a click starts; its file must be there and not empty. */
async function downloaded(
  page: Page,
  click: () => Promise<void>,
): Promise<{ download: Download; body: Buffer }> {
  const downloading = page.waitForEvent('download');
  await click();
  const download = await downloading;
  const body = await readFile((await download.path()) ?? '');
  expect(body.length).toBeGreaterThan(0);
  return { download, body };
}

test.describe('partner accounts', () => {
  // The second try at a taken name is refused by the server (409), which Chromium logs.
  test.use({ allowedErrors: [failedResponse(409, 'Conflict', '/api/admin/partners')] });

  test('the owner makes a partner, records a payment, invites a user, sets seats aside and downloads a statement', async ({
    page,
  }, testInfo) => {
    test.slow();
    const project = testInfo.project.name;
    const suffix = randomUUID().slice(0, 6);
    const name = `Coral Bay Resort ${project} ${suffix}`;
    const userEmail = `partner-${project}-${suffix}@example.com`;
    await json(await page.request.post('/api/auth/login', { data: DEMO_ADMIN }));
    // A name already taken, by another partner made through the API.
    const taken = `Reef Divers ${project} ${suffix}`;
    await json(
      await page.request.post('/api/admin/partners', {
        data: {
          name: taken,
          contactEmail: 'desk@reefdivers.example',
          currency: 'MVR',
          commissionPercent: 5,
          creditLimit: '20000',
          paymentTermsDays: 15,
        },
      }),
    );
    const travelDate = operatorDate(project === 'phone' ? 24 : 25);
    const { schedule, launch } = await departureOfItsOwn(page.request, travelDate);

    await page.goto('/admin/partners');
    await expect(page.getByRole('heading', { level: 1, name: 'Partner Accounts' })).toBeVisible();
    await expect(page.locator(`[data-partner-name="${taken}"]`)).toContainText('MVR 20,000.00');
    await expectAccessible(page, 'partner list');

    // --- A new partner: the form says what is missing, then what the server refuses.
    await page.getByRole('button', { name: 'New partner' }).click();
    const dialog = page.getByRole('dialog', { name: 'New partner' });
    await dialog.getByRole('button', { name: 'Add partner' }).click();
    await expect(dialog.getByText('Enter the partner’s name')).toBeVisible();
    await expect(dialog.getByText('Write an amount such as 1500 or 1500.50')).toBeVisible();
    await expect(dialog.getByLabel('Name')).toBeFocused();
    await dialog.getByLabel('Name').fill(taken.toUpperCase());
    await dialog.getByLabel('Contact e-mail').fill(`transfers-${suffix}@coralbay.example`);
    await dialog.getByRole('radio', { name: 'USD' }).check();
    await dialog.getByLabel('Commission (%)').fill('12.5');
    await dialog.getByLabel('Credit limit (USD)').fill('5000');
    await dialog.getByLabel('Payment terms (days)').fill('30');
    await expectAccessible(page, 'new partner dialog');
    await shot(page, 'new', testInfo);
    await dialog.getByRole('button', { name: 'Add partner' }).click();
    const nameField = dialog.getByLabel('Name');
    await expect(nameField).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByText('A partner of that name exists already')).toBeVisible();
    await nameField.fill(name);
    await dialog.getByRole('button', { name: 'Add partner' }).click();
    await expect(toast(page, partnerTexts.added(name))).toBeVisible();
    await expect(dialog).toBeHidden();

    // The new partner's page opens, its name the place the reader is taken to.
    const heading = page.getByRole('heading', { level: 2, name });
    await expect(heading).toBeFocused();
    const balance = page.getByTestId('partner-balance');
    await expect(balance).toHaveText('USD 0.00');

    // --- A payment: the balance goes into credit.
    await page.getByRole('button', { name: 'Record payment' }).click();
    const payment = page.getByRole('dialog', { name: `Record a payment from ${name}` });
    await payment.getByLabel('Amount (USD)').fill('250');
    await payment.getByLabel('Bank reference').fill(`BML-${suffix}`);
    await expectAccessible(page, 'payment dialog');
    await payment.getByRole('button', { name: 'Record payment' }).click();
    await expect(toast(page, partnerTexts.paymentRecorded('USD 250.00', name))).toBeVisible();
    await expect(payment).toBeHidden();
    await expect(balance).toHaveText('USD -250.00');
    await expect(page.getByText('In credit')).toBeVisible();

    // --- A user invited: the invitation is listed until it is taken up.
    await page.getByRole('button', { name: 'Invite user' }).click();
    const invite = page.getByRole('dialog', { name: `Invite a user of ${name}` });
    await invite.getByLabel('Email').fill(userEmail);
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await expect(toast(page, STAFF_MSG.invitationSent(userEmail))).toBeVisible();
    await expect(page.locator(`[data-invitation-email="${userEmail}"]`)).toContainText('Invited');

    // --- Seats set aside on a departure, chosen on its seat map.
    await page.getByRole('button', { name: 'Set aside seats' }).click();
    const form = page.getByRole('form', { name: `Set aside seats for ${name}` });
    await form.getByLabel('Travel date').fill(travelDate);
    await form.getByLabel('Departure').selectOption(schedule.id);
    await expect(form.getByText(`Launch: ${launch.name}`)).toBeVisible();
    // Nothing chosen: said under the map, not sent.
    await form.getByRole('button', { name: 'Set aside seats' }).click();
    await expect(form.getByText('Choose at least one seat')).toBeVisible();
    await form.getByRole('button', { name: 'Seat 3, available' }).click();
    await form.getByRole('button', { name: 'Seat 4, available' }).click();
    await expect(form.getByRole('button', { name: 'Seat 4, selected' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await form.getByLabel('Release unsold seats (hours before departure)').fill('48');
    await expectAccessible(page, 'allotment form');
    await shot(page, 'allotment-form', testInfo);
    await form.getByRole('button', { name: 'Set aside 2 seats' }).click();
    const departure = `${formatDay(travelDate)} 09:15`;
    await expect(toast(page, partnerTexts.allotmentSet(2, departure))).toBeVisible();
    await expect(form).toBeHidden();
    const allotment = page.locator('[data-allotment-id]').filter({ hasText: departure });
    await expect(allotment).toContainText('2 of 2 still held');
    await expect(allotment).toContainText('3, 4');

    // Set aside again on the same launch, the partner's seats show as its own, taken.
    await page.getByRole('button', { name: 'Set aside seats' }).click();
    await form.getByLabel('Travel date').fill(travelDate);
    await form.getByLabel('Departure').selectOption(schedule.id);
    await expect(form.getByText(`Already set aside for ${name} (shown as taken): 3, 4`)).toBeVisible();
    await expect(form.getByRole('button', { name: 'Seat 3, occupied' })).toBeDisabled();
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(form).toBeHidden();

    // --- A statement, this month's as it stands and another month's, as PDF and as XLSX.
    const partner = (
      await json<{ partners: Partner[] }>(await page.request.get('/api/admin/partners'))
    ).partners.find((p) => p.name === name);
    const code = partner?.statementCode ?? 'missing';
    const thisMonth = operatorDate(0).slice(0, 7);
    const statements = page.getByRole('region', { name: 'Statements' });
    await expect(statements.getByLabel('Month')).toHaveValue(thisMonth);
    const pdf = await downloaded(page, () =>
      statements
        .getByRole('link', { name: /^PDF of the statement for/ })
        .first()
        .click(),
    );
    expect(pdf.download.suggestedFilename()).toBe(`statement-${code}-${thisMonth.replace('-', '')}.pdf`);
    expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
    const lastMonth = (() => {
      const d = new Date(`${thisMonth}-01T00:00:00Z`);
      d.setUTCMonth(d.getUTCMonth() - 1);
      return d.toISOString().slice(0, 7);
    })();
    await statements.getByLabel('Month').fill(lastMonth);
    const xlsx = await downloaded(page, () =>
      statements
        .getByRole('link', { name: /^XLSX of the statement for/ })
        .first()
        .click(),
    );
    expect(xlsx.download.suggestedFilename()).toBe(`statement-${code}-${lastMonth.replace('-', '')}.xlsx`);
    // An XLSX is a ZIP archive.
    expect(xlsx.body.subarray(0, 2).toString()).toBe('PK');

    await expectAccessible(page, 'partner page');
    await shot(page, 'detail', testInfo);

    // --- The seats given back.
    await allotment.getByRole('button', { name: `Remove the seats on ${departure}` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Give back the seats on ${departure}?` });
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(toast(page, partnerTexts.allotmentRemoved(departure))).toBeVisible();
    await expect(allotment).toHaveCount(0);

    // --- Back on the list: the partner with what it owes.
    await page.getByRole('button', { name: 'All partners' }).click();
    const row = page.locator(`[data-partner-name="${name}"]`);
    await expect(row).toContainText('USD -250.00');
    await expect(row).toContainText('USD 5,250.00');
    await expect(row).toContainText('Active');
    await expectAccessible(page, 'partner list after');
    await shot(page, 'list', testInfo);
  });

  test('a booking on a partner’s account is marked with the partner’s name in the tickets and the trip’s passengers', async ({
    page,
    playwright,
    baseURL,
  }, testInfo) => {
    const project = testInfo.project.name;
    const suffix = randomUUID().slice(0, 6);
    const name = `Lagoon Guesthouse ${project} ${suffix}`;
    const email = `booker-${project}-${suffix}@example.com`;
    await json(await page.request.post('/api/auth/login', { data: DEMO_ADMIN }));
    const partner = await json<Partner>(
      await page.request.post('/api/admin/partners', {
        data: {
          name,
          contactEmail: `desk-${suffix}@lagoon.example`,
          currency: 'USD',
          commissionPercent: 10,
          creditLimit: '3000',
          paymentTermsDays: 30,
        },
      }),
    );
    const travelDate = operatorDate(project === 'phone' ? 26 : 27);
    const trip = await departureOfItsOwn(page.request, travelDate);
    await json(await page.request.post(`/api/admin/partners/${partner.id}/users`, { data: { email } }));

    // The partner's user takes the invitation up and books a guest, in a session of its own.
    const booker = await playwright.request.newContext({ baseURL });
    let booking: PartnerBooking;
    try {
      const token = await mailedToken(page.request, email);
      await json(
        await booker.post('/api/auth/links/complete', { data: { token, password: 'lagoon-transfers-2026' } }),
      );
      booking = await json<PartnerBooking>(
        await booker.post('/api/partner/bookings', {
          data: {
            scheduleId: trip.schedule.id,
            travelDate,
            launchId: trip.launch.id,
            originId: trip.originId,
            destinationId: trip.destinationId,
            seats: ['5'],
            tickets: [{ type: 'foreigner', category: 'adult', quantity: 1 }],
            passengers: [{ name: 'Greta Gast', nationality: 'German' }],
            saleId: randomUUID(),
          },
        }),
      );
    } finally {
      await booker.dispose();
    }

    await page.goto(`/admin/tickets?tab=approved&q=${booking.reference}`);
    const card = page.locator(`article[data-reference="${booking.reference}"]`);
    await expect(card.locator('[data-channel="partner"]')).toHaveText(`Booked by: Partner · ${name}`);
    await expect(card).toContainText(`On account of${name}`);
    await expect(card.getByText('No payment slip')).toHaveCount(0);
    await expectAccessible(page, 'partner ticket');
    await shot(page, 'ticket', testInfo);

    await page.goto(`/admin/ticketing?date=${travelDate}&trip=${trip.schedule.id}`);
    const passenger = page.locator(`li[data-reference="${booking.reference}"]`);
    await expect(passenger).toContainText('Greta Gast');
    await expect(passenger.locator('[data-channel="partner"]')).toHaveText(`Booked by: Partner · ${name}`);
    await expectAccessible(page, 'trip passengers');
    await shot(page, 'manifest', testInfo);
  });
});
