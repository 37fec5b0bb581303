import path from 'node:path';
import { DEMO_ADMIN } from '#shared/constants.ts';
import { FARE_CATEGORY_MSG } from '#shared/messages/staff.ts';
import type { PublicSettings } from '#shared/schemas.ts';
import { expect, test } from './fixtures.ts';
import { json } from './support/booking-api.ts';
import { expectAccessible, toast } from './support/ui.ts';

// Fare categories (docs/decisions/036-fare-categories.md): the office adds a concession on the
// Payments screen, and the public settings offer it at once, in English and Dhivehi.

const SHOTS = process.env.SHOTS_DIR || path.resolve(import.meta.dirname, '../../.tmp/shots');

test('the office adds a concession on the Payments screen, and the public settings list it', async ({
  page,
}, testInfo) => {
  const project = testInfo.project.name;
  const code = `resident_${project.replace(/[^a-z]/g, '')}_${crypto
    .randomUUID()
    .slice(0, 4)
    .replace(/[^a-z0-9]/g, 'x')}`;
  await json(await page.request.post('/api/auth/login', { data: DEMO_ADMIN }));
  await page.goto('/admin/payments');
  const card = page.getByTestId('fare-categories-card');
  await expect(card.getByRole('heading', { name: 'Fare categories' })).toBeVisible();

  await card.getByRole('button', { name: 'Add Fare Category' }).click();
  const add = page.getByRole('dialog', { name: 'Add Fare Category' });
  // The form says what is wrong under the field.
  await add.getByLabel('Code').fill('Resident!');
  await add.getByLabel('Name (English)').fill('Island resident');
  await add.getByLabel('Name (Dhivehi)').fill('ރަށުގެ ރައްޔިތު');
  await add.getByLabel('Price', { exact: true }).selectOption({ label: 'Its own price' });
  await add.getByRole('button', { name: 'Add Category' }).click();
  await expect(add.getByLabel('Code')).toHaveAccessibleDescription(/Use 2 to 24 lowercase letters/);
  await expect(add.getByLabel('Local price (MVR)')).toHaveAccessibleDescription(
    new RegExp(FARE_CATEGORY_MSG.priceRequired),
  );
  await add.getByLabel('Code').fill(code);
  await add.getByLabel('Local price (MVR)').fill('10');
  await add.getByLabel('Foreigner price (USD)').fill('2.50');
  await add.getByLabel('Lowest age').fill('18');
  await add.getByLabel('ID required at boarding').uncheck();
  await expectAccessible(page, 'add fare category');
  await page.screenshot({ path: path.join(SHOTS, `fare-category-dialog-${project}.png`) });
  await add.getByRole('button', { name: 'Add Category' }).click();
  await expect(toast(page, FARE_CATEGORY_MSG.saved)).toBeVisible();
  await expect(add).toBeHidden();
  const item = card.getByRole('listitem').filter({ hasText: 'Island resident' });
  await expect(item).toContainText('MVR 10.00 / USD 2.50');
  await expect(item).toContainText('ރަށުގެ ރައްޔިތު');
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: path.join(SHOTS, `fare-categories-card-${project}.png`) });

  const settings = await json<PublicSettings>(await page.request.get('/api/settings/public'));
  expect(settings.fares.find((f) => f.code === code)).toEqual({
    code,
    name: { en: 'Island resident', dv: 'ރަށުގެ ރައްޔިތު' },
    seat: true,
    idRequired: false,
    minAge: 18,
    maxAge: null,
    priceRule: 'price',
    percentOff: null,
  });

  // Deleted: nobody used it, so it goes.
  await item.getByRole('button', { name: 'Delete Island resident' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, FARE_CATEGORY_MSG.deleted)).toBeVisible();
  await expect(card.getByRole('listitem').filter({ hasText: 'Island resident' })).toHaveCount(0);
});
