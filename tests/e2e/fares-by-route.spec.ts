import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Browser, Page } from '@playwright/test';
import { DEMO_ADMIN } from '#shared/constants.ts';
import type { Fare } from '#shared/fares.ts';
import { allTexts, type TextId } from '#shared/messages/catalogues.ts';
import { FARE_MSG } from '#shared/messages/staff.ts';
import type { Location } from '#shared/schemas.ts';
import type { AdminLaunch } from '#shared/setup-api.ts';
import { expect, test } from './fixtures.ts';
import { json, operatorDate } from './support/booking-api.ts';
import { expectAccessible, toast } from './support/ui.ts';

// Fares by route (docs/decisions/033-fares-per-port-pair.md): the office sets a leg's price on the
// Payments screen, and the booking wizard's trip list prices that leg with it at once. The test
// makes its own two places and departure, so no other spec's prices move.

const SHOTS = process.env.SHOTS_DIR || path.resolve(import.meta.dirname, '../../.tmp/shots');
/** A day of its own, inside the search's range. */
const DAY = 9;

const i18n = setupI18n();
i18n.setMessagesCompiler(compileMessage);
for (const language of ['en', 'dv'] as const) {
  i18n.load(language, Object.fromEntries(allTexts().map(({ id, texts }) => [id, texts[language]])));
}
const text = (language: 'en' | 'dv', id: TextId, values?: Record<string, unknown>) => {
  i18n.activate(language);
  return i18n._(id, values);
};

/** Two new places and a departure between them on DAY, through the admin API. */
async function newLeg(page: Page, project: string) {
  const suffix = `${project} ${crypto.randomUUID().slice(0, 6)}`;
  const place = async (name: string, code: string) =>
    json<Location>(
      await page.request.post('/api/admin/locations', { data: { name, code, country: 'Maldives' } }),
    );
  const from = await place(`Fare Harbour ${suffix}`, 'FHA');
  const to = await place(`Fare Island ${suffix}`, 'FIS');
  const launch = await json<AdminLaunch>(
    await page.request.post('/api/admin/launches', {
      data: { name: `Fare Launch ${suffix}`, capacity: 4, seatNumbers: ['1', '2', '3', '4'] },
    }),
  );
  await json(
    await page.request.post('/api/admin/schedules', {
      data: {
        travelDate: operatorDate(DAY),
        launchIds: [launch.id],
        routeStops: [
          { locationId: from.id, departureTime: '10:00' },
          { locationId: to.id, departureTime: '10:40' },
        ],
      },
    }),
  );
  return { from, to };
}

/** The trip list for the leg, in a passenger's browser in `language`; its first trip. */
async function tripFound(
  browser: Browser,
  baseURL: string | undefined,
  leg: { from: Location; to: Location },
  language: 'en' | 'dv',
  viewport: { width: number; height: number },
) {
  const context = await browser.newContext({
    baseURL,
    locale: language === 'dv' ? 'dv-MV' : 'en-US',
    viewport,
    serviceWorkers: 'block',
  });
  const passenger = await context.newPage();
  await passenger.goto('/booking');
  await passenger.getByLabel(text(language, 'search.date'), { exact: true }).fill(operatorDate(DAY));
  await passenger
    .getByLabel(text(language, 'search.from'), { exact: true })
    .selectOption({ label: leg.from.name });
  await passenger
    .getByLabel(text(language, 'search.to'), { exact: true })
    .selectOption({ label: leg.to.name });
  await passenger.getByRole('button', { name: text(language, 'search.search') }).click();
  const trip = passenger
    .getByRole('region', { name: text(language, 'vessel.trips') })
    .getByRole('listitem')
    .first();
  await expect(trip).toContainText('10:00');
  return { context, passenger, trip };
}

const fareText = (language: 'en' | 'dv', amount: string) =>
  text(language, 'vessel.fare', { n: 1, amount: `MVR ${amount}` });

test('the office adds and edits a leg’s price on the Payments screen, and the wizard’s fare follows', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.slow();
  const project = testInfo.project.name;
  await mkdir(SHOTS, { recursive: true });
  const viewport = page.viewportSize() ?? { width: 1366, height: 900 };
  await json(await page.request.post('/api/auth/login', { data: DEMO_ADMIN }));
  const leg = await newLeg(page, project);
  const route = `${leg.from.name} → ${leg.to.name}`;

  // Before: the leg has no price of its own, so the trip costs the ticket price (MVR 25.00).
  const before = await tripFound(browser, baseURL, leg, 'en', viewport);
  await expect(before.trip).toContainText(fareText('en', '25.00'));
  await before.context.close();

  await page.goto('/admin/payments');
  const card = page.getByTestId('fares-card');
  await expect(card.getByRole('heading', { name: 'Fares by route' })).toBeVisible();

  // Add: the form says what is wrong under each field, and keeps the focus there.
  await card.getByRole('button', { name: 'Add Route Fares' }).click();
  const add = page.getByRole('dialog', { name: 'Add Route Fares' });
  await add.getByLabel('From', { exact: true }).selectOption({ label: leg.from.name });
  await add.getByLabel('To', { exact: true }).selectOption({ label: leg.from.name });
  await add.getByLabel('Local adult (MVR)').fill('4o');
  await add.getByRole('button', { name: 'Add Fares' }).click();
  await expect(add.getByLabel('To', { exact: true })).toHaveAccessibleDescription(FARE_MSG.samePlace);
  await expect(add.getByLabel('Local adult (MVR)')).toHaveAccessibleDescription(
    new RegExp(FARE_MSG.priceInvalid.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
  );
  await add.getByLabel('To', { exact: true }).selectOption({ label: leg.to.name });
  await add.getByLabel('Local adult (MVR)').fill('40');
  await expectAccessible(page, 'add route fares');
  await page.screenshot({ path: path.join(SHOTS, `fares-dialog-${project}.png`) });
  await add.getByRole('button', { name: 'Add Fares' }).click();
  await expect(toast(page, FARE_MSG.saved)).toBeVisible();
  await expect(add).toBeHidden();
  const row = card.locator('tr', { hasText: route });
  await expect(row).toContainText('40.00');
  // The other three are the ticket prices'.
  await expect(row).toContainText('15.00');

  const added = await tripFound(browser, baseURL, leg, 'en', viewport);
  await expect(added.trip).toContainText(fareText('en', '40.00'));
  await added.context.close();

  // Edit, from the keyboard: the row's Edit button, the price, Enter.
  await row.getByRole('button', { name: `Edit fares ${route}` }).focus();
  await page.keyboard.press('Enter');
  const edit = page.getByRole('dialog', { name: `Edit Fares: ${route}` });
  const localAdult = edit.getByLabel('Local adult (MVR)');
  await expect(localAdult).toHaveValue('40.00');
  await localAdult.fill('55.50');
  await localAdult.press('Enter');
  await expect(edit).toBeHidden();
  await expect(row).toContainText('55.50');
  await card.scrollIntoViewIfNeeded();
  await expectAccessible(page, 'fares by route');
  await card.screenshot({ path: path.join(SHOTS, `fares-card-${project}.png`) });

  for (const language of ['en', 'dv'] as const) {
    const edited = await tripFound(browser, baseURL, leg, language, viewport);
    await expect(edited.trip).toContainText(fareText(language, '55.50'));
    await edited.passenger.screenshot({
      path: path.join(SHOTS, `fares-trip-${language}-${project}.png`),
      fullPage: true,
    });
    await edited.context.close();
  }

  // Delete: the leg costs the ticket price again.
  await row.getByRole('button', { name: `Delete fares ${route}` }).click();
  await page
    .getByRole('alertdialog', { name: `Delete the fares of ${route}?` })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(toast(page, FARE_MSG.deleted)).toBeVisible();
  await expect(card.locator('tr', { hasText: route })).toHaveCount(0);
  const after = await tripFound(browser, baseURL, leg, 'en', viewport);
  await expect(after.trip).toContainText(fareText('en', '25.00'));
  await after.context.close();
});

test('the office prices a pair’s infant and a priced concession in the route’s dialog, and clears one', async ({
  page,
}, testInfo) => {
  test.slow();
  await mkdir(SHOTS, { recursive: true });
  await json(await page.request.post('/api/auth/login', { data: DEMO_ADMIN }));
  const leg = await newLeg(page, testInfo.project.name);
  const route = `${leg.from.name} → ${leg.to.name}`;
  // The demo's senior is free and its student a percentage: neither has a price of its own.
  const code = `pc_${crypto.randomUUID().replaceAll('-', '').slice(0, 8)}`;
  const name = `Resident ${code}`;
  await json(
    await page.request.post('/api/admin/fare-categories', {
      data: {
        code,
        nameEn: name,
        nameDv: 'ރަށުގެ ރައްޔިތު',
        priceRule: 'price',
        localPrice: '30.00',
        foreignerPrice: '4.00',
        sort: 9000,
      },
    }),
  );
  const ownFares = async () =>
    (await json<{ fares: Fare[] }>(await page.request.get('/api/admin/fares'))).fares
      .filter((f) => f.originId === leg.from.id && f.destinationId === leg.to.id)
      .map((f) => ({ type: f.type, category: f.category, price: f.price }))
      .sort((a, b) => `${a.category}${a.type}`.localeCompare(`${b.category}${b.type}`));
  try {
    await page.goto('/admin/payments');
    const card = page.getByTestId('fares-card');
    await card.getByRole('button', { name: 'Add Route Fares' }).click();
    const add = page.getByRole('dialog', { name: 'Add Route Fares' });
    await add.getByLabel('From', { exact: true }).selectOption({ label: leg.from.name });
    await add.getByLabel('To', { exact: true }).selectOption({ label: leg.to.name });
    // Each empty price says what it charges: the concession's own default, the infant free.
    const local = add.getByLabel(`${name} local (MVR)`, { exact: true });
    await expect(local).toHaveAccessibleDescription('Empty: MVR 30.00');
    await expect(add.getByLabel(`${name} foreigner (USD)`, { exact: true })).toHaveAccessibleDescription(
      'Empty: USD 4.00',
    );
    // Senior is free and student a percentage: they follow the adult fare, no price here.
    await expect(add.getByLabel(/^Senior/)).toHaveCount(0);
    await local.fill('12,5');
    await add.getByRole('button', { name: 'Add Fares' }).click();
    await expect(local).toHaveAccessibleDescription(new RegExp(FARE_MSG.priceInvalid.replace(/\./g, '\\.')));
    await local.fill('12.5');
    await add.getByLabel('Infant local (MVR)', { exact: true }).fill('5');
    await expectAccessible(page, 'route fares with concessions');
    await local.scrollIntoViewIfNeeded();
    await page.screenshot({
      path: path.join(SHOTS, `fares-dialog-categories-${testInfo.project.name}.png`),
    });
    await add.getByRole('button', { name: 'Add Fares' }).click();
    await expect(toast(page, FARE_MSG.saved)).toBeVisible();
    await expect(add).toBeHidden();
    await expect.poll(ownFares).toEqual([
      { type: 'local', category: 'infant', price: '5.00' },
      { type: 'local', category: code, price: '12.50' },
    ]);
    const row = card.locator('tr', { hasText: route });
    await expect(row).toContainText(`Own prices also for: Infant, ${name}`);
    await row.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, `fares-card-categories-${testInfo.project.name}.png`) });

    // Emptied, the concession's price is the default again: its row goes, the infant's stays.
    await row.getByRole('button', { name: `Edit fares ${route}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit Fares: ${route}` });
    await expect(edit.getByLabel('Infant local (MVR)', { exact: true })).toHaveValue('5.00');
    const editLocal = edit.getByLabel(`${name} local (MVR)`, { exact: true });
    await expect(editLocal).toHaveValue('12.50');
    await editLocal.fill('');
    await edit.getByLabel(`${name} foreigner (USD)`, { exact: true }).fill('3');
    await edit.getByRole('button', { name: 'Save Fares' }).click();
    await expect(edit).toBeHidden();
    await expect.poll(ownFares).toEqual([
      { type: 'local', category: 'infant', price: '5.00' },
      { type: 'foreigner', category: code, price: '3.00' },
    ]);

    // Deleting the route's fares deletes the infant's and the concession's too.
    await row.getByRole('button', { name: `Delete fares ${route}` }).click();
    await page
      .getByRole('alertdialog', { name: `Delete the fares of ${route}?` })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(toast(page, FARE_MSG.deleted)).toBeVisible();
    await expect.poll(ownFares).toEqual([]);
  } finally {
    // A priced concession shows in every passenger's wizard: it goes with the test.
    await page.request.delete(`/api/admin/fare-categories/${code}`);
  }
});
