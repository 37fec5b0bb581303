import path from 'node:path';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { DEMO_ADMIN } from '#shared/constants.ts';
import type { Partner } from '#shared/partners.ts';
import type { Location, OutboxMail } from '#shared/schemas.ts';
import type { AdminLaunch, AdminSchedule } from '#shared/setup-api.ts';
import { test as base, expect, failedResponse } from './fixtures.ts';
import { json, operatorDate } from './support/booking-api.ts';
import { expectAccessible, toast } from './support/ui.ts';

// The partner's own screen (docs/decisions/043-partner-accounts.md): a resort's desk invited by
// the office sets its password and lands on /partner, books a party of four on account (three
// adults and an infant on a lap, every guest named), sees the confirmation with the e-ticket,
// finds the booking in My bookings, corrects a guest's name and cancels it; a seat taken
// meanwhile and a booking past the credit limit are refused in words, and a signed-out visit
// goes through the sign-in and back.

const SHOTS = path.resolve(import.meta.dirname, '../../.tmp/shots');
const PASSWORD = 'lagoon-transfers-2026';

const test = base.extend<{ owner: APIRequestContext }>({
  // The refusals this spec provokes on purpose: Chromium logs each 409 as a console error.
  allowedErrors: [[failedResponse(409, 'Conflict', '/api/partner/bookings')], { scope: 'test' }],
  // The demo Owner in a request context of its own, for the office's side: the page is the partner's.
  owner: async ({ playwright, baseURL }, use) => {
    const owner = await playwright.request.newContext({ baseURL });
    await json(await owner.post('/api/auth/login', { data: DEMO_ADMIN }));
    await use(owner);
    await owner.dispose();
  },
});

const shot = (page: Page, name: string, testInfo: TestInfo) =>
  page.screenshot({ path: path.join(SHOTS, `partner-${name}-${testInfo.project.name}.png`), fullPage: true });

/**
 * A departure 28 days ahead on a launch of its own (six seats, 1 to 6), Malé -> Maafushi: past
 * the demo's fortnight, so no passenger journey of another spec finds it first in its search.
 */
async function departureAhead(owner: APIRequestContext) {
  const locations = await json<Location[]>(await owner.get('/api/locations'));
  const id = (name: string) => locations.find((l) => l.name === name)?.id ?? '';
  const launch = await json<AdminLaunch>(
    await owner.post('/api/admin/launches', {
      data: {
        name: `Partner Launch ${crypto.randomUUID().slice(0, 8)}`,
        capacity: 6,
        seatNumbers: ['1', '2', '3', '4', '5', '6'],
      },
    }),
  );
  const travelDate = operatorDate(28);
  const schedule = await json<AdminSchedule>(
    await owner.post('/api/admin/schedules', {
      data: {
        travelDate,
        launchIds: [launch.id],
        routeStops: [
          { locationId: id('Malé'), departureTime: '10:00' },
          { locationId: id('Maafushi'), departureTime: '10:45' },
        ],
      },
    }),
  );
  return { launch, travelDate, schedule };
}

/** Another desk takes a seat meanwhile: the office sets it aside for another partner. */
async function takenMeanwhile(
  owner: APIRequestContext,
  at: { scheduleId: string; travelDate: string; launchId: string },
  seat: string,
) {
  const other = await json<Partner>(
    await owner.post('/api/admin/partners', {
      data: {
        name: `Other Desk ${crypto.randomUUID().slice(0, 8)}`,
        contactEmail: 'other.desk@example.com',
        currency: 'USD',
        commissionPercent: 5,
        creditLimit: '100',
        paymentTermsDays: 30,
      },
    }),
  );
  const held = await owner.post(`/api/admin/partners/${other.id}/allotments`, {
    data: { ...at, seats: [seat], releaseHours: 1 },
  });
  expect(held.status(), await held.text()).toBe(201);
}

/** A partner of its own, in USD at 10 % commission, and the invitation its desk is e-mailed. */
async function invitedPartner(owner: APIRequestContext, testInfo: TestInfo) {
  const tag = `${testInfo.project.name}-${crypto.randomUUID().slice(0, 8)}`;
  const partner = await json<Partner>(
    await owner.post('/api/admin/partners', {
      data: {
        name: `Coral Reef Resort ${tag}`,
        contactEmail: `transfers-${tag}@coralreef.example`,
        currency: 'USD',
        commissionPercent: 10,
        creditLimit: '500',
        paymentTermsDays: 30,
        cancelHours: 24,
      },
    }),
  );
  const email = `desk-${tag}@coralreef.example`;
  const invited = await owner.post(`/api/admin/partners/${partner.id}/users`, { data: { email } });
  expect(invited.status(), await invited.text()).toBe(201);
  const pattern = /\/admin\/welcome#[A-Za-z0-9_-]+/;
  let link = '';
  await expect
    .poll(async () => {
      const mails = await json<OutboxMail[]>(await owner.get('/dev/outbox', { params: { to: email } }));
      link = pattern.exec(mails[0]?.text ?? '')?.[0] ?? '';
      return link;
    })
    .toMatch(pattern);
  return { partner, email, link };
}

/** The party's tickets, by the counters' + buttons. */
async function addTickets(page: Page, tickets: Record<string, number>) {
  for (const [kind, count] of Object.entries(tickets)) {
    for (let i = 0; i < count; i++) await page.getByRole('button', { name: `One ${kind} more` }).click();
  }
}

const guest = (page: Page, name: RegExp) => page.getByRole('group', { name });

test.describe('the partner’s screen', () => {
  test('a resort books a party on account, renames a guest, cancels, and is held to its credit', async ({
    page,
    owner,
  }, testInfo) => {
    test.slow();
    const { launch, travelDate, schedule } = await departureAhead(owner);
    const { partner, email, link } = await invitedPartner(owner, testInfo);

    // The invitation: a password, then the partner's own screen.
    await page.goto(link);
    await expect(page.getByText(`Booking for ${partner.name}`)).toBeVisible();
    await page.getByLabel('New Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm New Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await expect(page).toHaveURL(/\/partner$/);
    await expect(page.getByTestId('partner-name')).toHaveText(partner.name);
    const figures = page.getByRole('definition');
    await expect(page.getByTestId('partner-credit-left')).toHaveText('USD 500.00');
    await expect(page.getByTestId('partner-balance')).toHaveText('USD 0.00');
    await expect(figures.filter({ hasText: 'USD 500.00' })).toHaveCount(2);

    // The day and the departure.
    await page.getByLabel('Travel date').fill(travelDate);
    await page.getByRole('button', { name: new RegExp(launch.name) }).click();
    await expect(page.getByRole('heading', { name: /^Departure · / })).toBeFocused();

    // Three adults and an infant: three seats, four guests named.
    await addTickets(page, { 'foreign adult': 3, 'foreign infant (on a lap)': 1 });
    await expect(page.getByText('0 of 3 chosen')).toBeVisible();
    await page.getByRole('button', { name: 'Seat 1, available' }).click();
    await page.getByRole('button', { name: 'Seat 2, available' }).click();
    await page.getByRole('button', { name: 'Seat 3, available' }).click();
    await expect(page.getByText('3 of 3 chosen: 1, 2, 3')).toBeVisible();
    // The last seat takes the desk on to the first guest's name.
    const contact = guest(page, /^Guest 1 · Foreign adult · contact$/);
    await expect(contact.getByLabel('Full name')).toBeFocused();

    // Sent unnamed, each missing name is said under its field and the focus goes to the first.
    await page.getByRole('button', { name: /^Book on account/ }).click();
    await expect(contact.getByLabel('Full name')).toBeFocused();
    await expect(contact.getByText('Enter the guest’s name')).toBeVisible();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Guest 4: Enter the guest’s name' }),
    ).toBeVisible();

    await contact.getByLabel('Full name').fill('Ana Silva');
    await contact.getByLabel('Nationality').fill('Portuguese');
    await contact.getByLabel('E-mail (optional)').fill('ana.silva@example.com');
    const second = guest(page, /^Guest 2 · Foreign adult$/);
    await second.getByLabel('Full name').fill('Rui Silva');
    // The party's others start with the contact's nationality.
    await expect(second.getByLabel('Nationality')).toHaveValue('Portuguese');
    await guest(page, /^Guest 3 · Foreign adult$/)
      .getByLabel('Full name')
      .fill('Eva Silva');
    await guest(page, /^Guest 4 · Foreign infant \(on a lap\)$/)
      .getByLabel('Full name')
      .fill('Lia Silva');

    // The preview: three foreign adults at the day's fare, less 10 %.
    const net = (await page.getByTestId('partner-net').textContent()) ?? '';
    expect(net).toMatch(/^USD \d+\.\d{2}$/);
    await expect(page.getByRole('button', { name: `Book on account · ${net}` })).toBeVisible();
    await expectAccessible(page, 'the partner’s booking form');
    await shot(page, 'book', testInfo);

    // A seat taken by someone else before the booking arrives: said, dropped, chosen again.
    await takenMeanwhile(owner, { scheduleId: schedule.id, travelDate, launchId: launch.id }, '2');
    await page.getByRole('button', { name: /^Book on account/ }).click();
    await expect(page.getByText('Seat 2 was taken meanwhile: choose again.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Seats' })).toBeFocused();
    await expect(page.getByText('2 of 3 chosen: 1, 3')).toBeVisible();
    await page.getByRole('button', { name: 'Seat 4, available' }).click();

    // Booked: the server's reference, net total, seats and e-ticket.
    await page.getByRole('button', { name: /^Book on account/ }).click();
    const confirmation = page.getByRole('region', { name: 'Booked on account' });
    await expect(confirmation.getByRole('heading', { name: 'Booked on account' })).toBeFocused();
    const reference = (await page.getByTestId('partner-reference').textContent()) ?? '';
    expect(reference).toMatch(/^\d{10}$/);
    await expect(page.getByTestId('partner-booked-net')).toHaveText(net);
    await expect(page.getByTestId('partner-booked-seats')).toHaveText('1, 3, 4');
    await expect(confirmation.getByText('Lia Silva')).toBeVisible();
    const eTicket = confirmation.getByRole('link', { name: /Open the e-ticket/ });
    await expect(eTicket).toHaveAttribute('href', /\/t\/[\w-]+$/);
    // The account reads again: the net amount is owed now.
    await expect(page.getByTestId('partner-balance')).toHaveText(net);
    await expectAccessible(page, 'the booking’s confirmation');
    await shot(page, 'confirmation', testInfo);

    // The e-ticket opens in a tab of its own, for the guests.
    const [ticketPage] = await Promise.all([page.context().waitForEvent('page'), eTicket.click()]);
    await expect(ticketPage.getByText(reference).first()).toBeVisible();
    await ticketPage.close();

    // My bookings: the booking with its guests, net amount and e-ticket.
    await confirmation.getByRole('button', { name: 'My bookings' }).click();
    await expect(page).toHaveURL(/view=bookings/);
    const card = page.getByRole('article', { name: reference });
    await expect(card).toBeVisible();
    await expect(card.getByText('Confirmed')).toBeVisible();
    await expect(card.getByText(net)).toBeVisible();
    await expect(card.getByRole('link', { name: /E-ticket/ })).toHaveAttribute('href', /\/t\/[\w-]+$/);
    await expectAccessible(page, 'my bookings');
    await shot(page, 'bookings', testInfo);

    // A guest's name corrected.
    await card.getByRole('button', { name: 'Correct the name of Rui Silva' }).click();
    const rename = card.getByRole('form', { name: 'Correct Rui Silva’s name' });
    await expect(rename.getByLabel('Full name')).toBeFocused();
    await rename.getByLabel('Full name').fill('Rui Sousa Silva');
    await rename.getByRole('button', { name: 'Save the name' }).click();
    await expect(toast(page, 'Guest renamed: Rui Sousa Silva')).toBeVisible();
    await expect(card.getByText('Rui Sousa Silva')).toBeVisible();
    await expect(rename).toHaveCount(0);

    // Cancelled, after a confirmation: its seats free, nothing owed.
    await card.getByRole('button', { name: `Cancel booking ${reference}` }).click();
    const dialog = page.getByRole('alertdialog', { name: `Cancel booking ${reference}?` });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, 'the cancel dialog');
    await shot(page, 'cancel', testInfo);
    await dialog.getByRole('button', { name: 'Cancel the booking' }).click();
    await expect(toast(page, `Booking ${reference} cancelled`)).toBeVisible();
    await expect(card.getByText('Cancelled')).toBeVisible();
    await expect(card.getByRole('button', { name: /Cancel booking/ })).toHaveCount(0);
    await expect(page.getByTestId('partner-balance')).toHaveText('USD 0.00');

    // The office lowers the limit to one dollar: the next party is refused in the server's words.
    await json(await owner.patch(`/api/admin/partners/${partner.id}`, { data: { creditLimit: '1' } }));
    await page.getByRole('link', { name: 'New booking' }).click();
    await expect(page.getByRole('heading', { name: /^Departure · / })).toBeVisible();
    await addTickets(page, { 'foreign adult': 1 });
    await page.getByRole('button', { name: 'Seat 5, available' }).click();
    await guest(page, /^Guest 1 /)
      .getByLabel('Full name')
      .fill('Tom Berg');
    await guest(page, /^Guest 1 /)
      .getByLabel('Nationality')
      .fill('Swedish');
    await page.getByRole('button', { name: /^Book on account/ }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: /over its credit limit: 1\.00 USD is left/ }),
    ).toBeVisible();
    await expect(page.getByTestId('partner-credit-left')).toHaveText('USD 1.00');
    await expect(page.getByText(/more than the credit left on the account \(USD 1\.00\)/)).toBeVisible();
    await shot(page, 'credit-limit', testInfo);

    // Signed out: /partner goes through the sign-in and comes back.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await page.goto('/partner?view=bookings');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByText('Sign in to book your guests on account.')).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/partner\?view=bookings$/);
    await expect(page.getByRole('article', { name: reference })).toBeVisible();
    await expect(page.getByTestId('partner-name')).toHaveText(partner.name);
  });
});
