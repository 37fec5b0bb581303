import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import type { AdminTextList } from '#shared/admin-api.ts';
import { DEMO_ADMIN } from '#shared/constants.ts';
import { TEXTS } from '#shared/messages/catalogues.ts';
import { STAFF_MSG } from '#shared/messages/staff.ts';
import { test as base, expect, failedResponse } from './fixtures.ts';
import { json } from './support/booking-api.ts';
import { lockFixture } from './support/global-lock.ts';
import { newStaff } from './support/staff.ts';
import { expectAccessible, toast } from './support/ui.ts';

const SHOTS = path.resolve(import.meta.dirname, '../../.tmp/d2-shots');

const ID = 'common.navHome';
const HOME = TEXTS.common.en.navHome;
const TEXT_URL = `/api/admin/texts/en/${ID}`;

// The header's Home link shows on every public page: the lock keeps two runs of this spec apart,
// and the correction keeps the word "Home", so the other specs' look-ups of that link (by part of its name) find it meanwhile. The server refuses two
// texts on purpose; Chromium logs each 400 as a console error.
const test = base.extend<{ textsLock: undefined }>({
  textsLock: lockFixture('texts', { auto: true }),
  allowedErrors: [[failedResponse(400, 'Bad Request', TEXT_URL.replaceAll('.', '\\.'))], { scope: 'test' }],
});
test.describe.configure({ mode: 'serial' });

async function audit(page: Page, name: string, project: string) {
  await expectAccessible(page, name);
  await page.screenshot({ path: path.join(SHOTS, `texts-${project}-${name}.png`), fullPage: true });
}

/** The Texts screen, searched down to one text (the Home link's by default); its row. */
async function openHomeText(page: Page, id: string = ID): Promise<Locator> {
  await page.goto('/admin/texts');
  await expect(page.getByRole('heading', { level: 1, name: 'Texts', exact: true })).toBeVisible();
  await page.getByLabel('Search texts').fill(id);
  const row = page.locator(`li[data-text-id="${id}"]`);
  await expect(row.getByRole('heading', { level: 2, name: id })).toBeVisible();
  return row;
}

const homeLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });

test.describe('passenger texts', () => {
  test.beforeEach(async ({ page }) => {
    await json(await page.request.post('/api/auth/login', { data: DEMO_ADMIN }));
  });

  test('the operator corrects the Home link in English, passengers see it on their next page load, and the default comes back', async ({
    page,
  }, testInfo) => {
    test.slow();
    const corrected = `Home ${randomUUID().slice(0, 4)}`;
    try {
      const row = await openHomeText(page);
      await expect(row.getByText('Overridden')).toHaveCount(0);
      await expect(row.locator('p[lang="dv"][dir="rtl"]')).toHaveText(TEXTS.common.dv.navHome);
      await audit(page, 'list', testInfo.project.name);

      await row.getByRole('button', { name: `Edit English text of ${ID}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit English text' });
      const field = dialog.getByLabel('Text', { exact: true });
      await expect(field).toHaveValue(HOME);

      // The server's refusals stay in the dialog, in its words: a broken text, a new placeholder.
      await field.fill('Home {oops');
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(dialog.getByRole('alert')).toContainText('This text is not valid');
      await field.fill('{name} Home');
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(dialog.getByRole('alert')).toContainText('Not in the default text: {name}.');
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      // Said under the field, which takes the focus back.
      await expect(field).toHaveAccessibleDescription(/Not in the default text: \{name\}\.$/);
      await expect(field).toBeFocused();
      await audit(page, 'refused', testInfo.project.name);

      await field.fill(corrected);
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(toast(page, `Saved the English text of ${ID}.`)).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(row.getByText('Overridden')).toBeVisible();
      await expect(row.getByText(corrected, { exact: true })).toBeVisible();

      // A passenger's next page load: the header says what the operator wrote.
      await page.goto('/');
      await expect(homeLink(page, corrected)).toBeVisible();
      await expect(homeLink(page, corrected)).toHaveAttribute('aria-current', 'page');

      // Restore default: the shipped text again, on the next load.
      const again = await openHomeText(page);
      await again.getByRole('button', { name: `Edit English text of ${ID}` }).click();
      await expect(field).toHaveValue(corrected);
      await dialog.getByRole('button', { name: 'Restore default' }).click();
      await expect(toast(page, `Restored the default English text of ${ID}.`)).toBeVisible();
      await expect(again.getByText('Overridden')).toHaveCount(0);
      await page.goto('/');
      await expect(homeLink(page, HOME)).toBeVisible();
    } finally {
      const restored = await page.request.delete(TEXT_URL);
      expect(restored.ok(), await restored.text()).toBe(true);
    }
    const { texts } = await json<AdminTextList>(await page.request.get('/api/admin/texts'));
    expect(texts.find((text) => text.id === ID)?.overrides).toEqual({});
  });

  test('a text about paying is read-only to the office and editable by the owner, who is told owners hear of it', async ({
    page,
    playwright,
    baseURL,
  }, testInfo) => {
    const id = 'payment.accountNumber';
    const owner = page.request;
    const office = await newStaff(playwright, owner, baseURL, 'office');
    try {
      const ownerRow = await openHomeText(page, id);
      await expect(ownerRow.getByText(STAFF_MSG.paymentTextMailed)).toBeVisible();
      await expect(ownerRow.getByRole('button', { name: `Edit English text of ${id}` })).toBeVisible();

      await json(
        await owner.post('/api/auth/login', { data: { email: office.email, password: office.password } }),
      );
      const row = await openHomeText(page, id);
      await expect(row.getByText(STAFF_MSG.paymentTextOwnerOnly)).toBeVisible();
      await expect(row.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
      await expect(row.locator('p[lang="en"]')).toHaveText(TEXTS.payment.en.accountNumber);
      await audit(page, 'payment-office', testInfo.project.name);
      // Other texts stay the office's to correct.
      const home = await openHomeText(page);
      await expect(home.getByRole('button', { name: `Edit English text of ${ID}` })).toBeVisible();
    } finally {
      await office.api.dispose();
    }
  });
});
