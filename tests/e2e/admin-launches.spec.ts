import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { DEMO_ADMIN } from '#shared/constants.ts';
import { MSG } from '#shared/messages/api.ts';
import type { LaunchList } from '#shared/setup-api.ts';
import { expect, test } from './fixtures.ts';
import { json } from './support/booking-api.ts';
import { expectAccessible, toast } from './support/ui.ts';

const SHOTS = path.resolve(import.meta.dirname, '../../.tmp/d1-shots');
const PHOTO = path.resolve(import.meta.dirname, '../files/photo-exif-gps.jpg');
const NOT_AN_IMAGE = path.resolve(import.meta.dirname, '../files/not-an-image.jpg');

async function audit(page: Page, name: string, project: string, fullPage = true) {
  await expectAccessible(page, name);
  await page.screenshot({ path: path.join(SHOTS, `launches-${project}-${name}.png`), fullPage });
}

const seatInputs = (dialog: Locator) => dialog.getByLabel(/^Seat \d+ label$/);

async function setCapacity(dialog: Locator, value: string) {
  const capacity = dialog.getByLabel('Capacity');
  await capacity.fill(value);
  // The capacity is applied when the field is left.
  await capacity.blur();
}

test.describe('launch screen', () => {
  test.beforeEach(async ({ page }) => {
    await json(await page.request.post('/api/auth/login', { data: DEMO_ADMIN }));
  });

  test('a launch is created with its seat plan, resized, given a photo and deleted', async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    const project = testInfo.project.name;
    const name = `Test Launch ${randomUUID().slice(0, 8)}`;

    await page.goto('/admin/launches');
    await expect(page.getByRole('heading', { level: 1, name: 'Launch Management' })).toBeVisible();
    await expect(page.locator('article[data-launch-id]').first()).toBeVisible();
    await audit(page, 'grid', project);

    await page.getByRole('button', { name: 'Add Launch' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Launch' });
    const save = dialog.getByRole('button', { name: 'Save Launch' });
    // A new launch starts at the default capacity, numbered seats and no name.
    await expect(dialog.getByLabel('Capacity')).toHaveValue('50');
    await expect(seatInputs(dialog)).toHaveCount(50);
    // Nothing is said before the person has done anything; Save points at what is missing.
    await expect(dialog.getByText(MSG.launchRequired)).toHaveCount(0);
    await expect(dialog.getByLabel('Name')).not.toHaveAttribute('aria-invalid', 'true');
    await save.click();
    await expect(dialog.getByLabel('Name')).toBeFocused();
    await expect(dialog.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByLabel('Name')).toHaveAccessibleDescription(MSG.launchRequired);

    await dialog.getByLabel('Name').fill(`  ${name}  `);
    await expect(dialog.getByText(MSG.launchRequired)).toHaveCount(0);
    await setCapacity(dialog, '5');
    await expect(seatInputs(dialog)).toHaveCount(5);
    await expect(seatInputs(dialog).last()).toHaveValue('5');

    // Quick fill by rows, then growing numbers the new seats on and an invalid value falls back to 50.
    await dialog.getByLabel('Seats per row').fill('2');
    await dialog.getByRole('button', { name: 'Fill rows A–C' }).click();
    await setCapacity(dialog, '7');
    await expect(seatInputs(dialog)).toHaveCount(7);
    const values = async () =>
      seatInputs(dialog).evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
    expect(await values()).toEqual(['A1', 'A2', 'B1', 'B2', 'C1', '6', '7']);
    await setCapacity(dialog, '0');
    await expect(dialog.getByLabel('Capacity')).toHaveValue('50');
    await expect(seatInputs(dialog)).toHaveCount(50);
    await setCapacity(dialog, '5');
    expect(await values()).toEqual(['A1', 'A2', 'B1', 'B2', 'C1']);

    // A repeated label is pointed out and blocks saving.
    await dialog.getByLabel('Seat 2 label').fill('A1');
    await expect(dialog.getByText('Duplicate labels: A1')).toBeVisible();
    await expect(dialog.getByText(MSG.launchSeatLabels)).toBeVisible();
    await expect(dialog.getByLabel('Seat 2 label')).toHaveAttribute('aria-invalid', 'true');
    // Both seats labelled A1 are marked; Save takes the focus to the first.
    await save.click();
    await expect(dialog.getByLabel('Seat 1 label')).toBeFocused();
    await expect(dialog).toBeVisible();
    await audit(page, 'dialog-duplicate', project, false);
    await dialog.getByLabel('Seat 2 label').fill('A2');
    // A new launch takes its photo right after it has been created.
    await dialog.getByLabel('Choose image').setInputFiles(PHOTO);
    await expect(dialog.getByText('Uploaded after the launch is created: photo-exif-gps.jpg')).toBeVisible();
    await save.click();
    await expect(toast(page, MSG.launchCreated)).toBeVisible();
    await expect(dialog).toBeHidden();

    const card = page.locator('article[data-launch-id]').filter({ has: page.getByRole('heading', { name }) });
    await expect(card.getByText('5 seats')).toBeVisible();
    await expect(card.getByRole('list', { name: 'Seat labels' }).getByRole('listitem')).toHaveText([
      'A1',
      'A2',
      'B1',
      'B2',
      'C1',
    ]);
    await expect(card.locator('[data-status="active"]')).toHaveText('Status: Active');
    await expect(card.getByRole('img', { name })).toHaveAttribute('src', /\S/);
    const launchId = (await card.getAttribute('data-launch-id')) ?? '';
    const saved = (await json<LaunchList>(await page.request.get('/api/admin/launches'))).launches.find(
      (l) => l.id === launchId,
    );
    expect(saved?.name).toBe(name);

    // Editing: a file that is no image is refused, a new photo is uploaded at once, the plan grows.
    await card.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Launch' });
    await expect(edit.getByLabel('Name')).toHaveValue(name);
    const picker = edit.getByLabel('Change image');
    await picker.setInputFiles(NOT_AN_IMAGE);
    await expect(edit.getByText(MSG.uploadFailed(MSG.loadImageFailed))).toBeVisible();
    await expect(toast(page, MSG.uploadFailed(MSG.loadImageFailed))).toBeVisible();
    await picker.setInputFiles(PHOTO);
    await expect(edit.getByText('Image uploaded')).toBeVisible();
    await expect(edit.getByRole('img', { name: 'Preview of the launch' })).toHaveAttribute('src', /\S/);
    await setCapacity(edit, '10');
    await expect(seatInputs(edit)).toHaveCount(10);
    await audit(page, 'dialog-edit', project, false);
    await edit.getByRole('button', { name: 'Save Launch' }).click();
    await expect(toast(page, MSG.launchUpdated)).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(card.getByText('10 seats')).toBeVisible();
    // The card shows the first 8 labels, then how many more.
    const chips = card.getByRole('list', { name: 'Seat labels' }).getByRole('listitem');
    await expect(chips).toHaveCount(9);
    await expect(chips.last()).toHaveText('+2 more');
    const photo = card.getByRole('img', { name });
    await expect(photo).toBeVisible();
    // The photo loads lazily: other tests' launches can push this card below the fold.
    await photo.scrollIntoViewIfNeeded();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await audit(page, 'grid-with-new', project);

    await card.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: `Delete ${name}?` });
    await audit(page, 'delete-confirm', project, false);
    await confirm.getByRole('button', { name: 'Delete Launch' }).click();
    await expect(toast(page, MSG.launchDeleted)).toBeVisible();
    await expect(card).toHaveCount(0);
  });
});
