import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Locator } from '@playwright/test';
import { DEMO_ADMIN } from '#shared/constants.ts';
import { MSG } from '#shared/messages/api.ts';
import { COUNTER_MSG, STAFF_MSG } from '#shared/messages/staff.ts';
import type { OutboxMail } from '#shared/schemas.ts';
import { test as base, expect, failedResponse } from './fixtures.ts';
import { json } from './support/booking-api.ts';
import { signInAsNewSeller, signInAsNewStaff, signInAsOwner } from './support/counter.ts';
import { todaysDeparture } from './support/departures.ts';
import { expectAccessible } from './support/ui.ts';

// Errors where the problem is, on the staff forms: a submit with a problem marks the field
// (aria-invalid), says the message under it (named by its aria-describedby) and moves the focus
// to the first field in error; a server refusal about a field lands under that field.

// Chromium logs every 4xx answer as a console error; these refusals are what the tests provoke.
const test = base.extend({
  allowedErrors: [
    [
      failedResponse(401, 'Unauthorized', '/api/auth/login'),
      failedResponse(400, 'Bad Request', '/api/auth/password'),
      failedResponse(409, 'Conflict', '/api/admin/staff/invitations'),
    ],
    { scope: 'test' },
  ],
});

/** The field is in error: marked, described by `message` (under it), and focused. */
async function expectFieldError(field: Locator, message: string | RegExp) {
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(message);
}

async function expectFine(field: Locator) {
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
}

/** The newest invitation link e-mailed to `email`, as a path with its fragment. */
async function mailedLink(api: APIRequestContext, email: string): Promise<string> {
  const pattern = /\/admin\/welcome#[A-Za-z0-9_-]+/;
  let link = '';
  await expect
    .poll(async () => {
      const mails = await json<OutboxMail[]>(await api.get('/dev/outbox', { params: { to: email } }));
      link = pattern.exec(mails[0]?.text ?? '')?.[0] ?? '';
      return link;
    })
    .toMatch(pattern);
  return link;
}

test.describe('field errors on the staff forms', () => {
  test('sign-in: empty fields each, then wrong credentials without saying which', async ({ page }) => {
    await page.goto('/admin/login');
    const email = page.getByLabel('Email');
    const password = page.getByLabel('Password', { exact: true });
    const signIn = page.getByRole('button', { name: 'Sign In' });

    await signIn.click();
    await expectFieldError(email, MSG.loginRequired);
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveAccessibleDescription(MSG.loginRequired);
    await expectAccessible(page, 'sign-in, empty');

    await email.fill(DEMO_ADMIN.email);
    await signIn.click();
    await expectFine(email);
    await expectFieldError(password, MSG.loginRequired);

    // The server does not say which of the two was wrong, and neither does the form: both are
    // marked and described by the one message, and the focus goes back to the first.
    await password.fill('not-the-password');
    await signIn.click();
    await expect(page.getByRole('alert')).toHaveText(MSG.invalidCredentials);
    await expectFieldError(email, MSG.invalidCredentials);
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveAccessibleDescription(MSG.invalidCredentials);
    await expectAccessible(page, 'sign-in, refused');
  });

  test('a location dialog and a launch dialog point at what is missing', async ({ page }) => {
    await signInAsOwner(page);
    await page.goto('/admin/locations');
    await page.getByRole('button', { name: 'Add Location' }).click();
    const location = page.getByRole('dialog', { name: 'Add Location' });
    await location.getByLabel('Code').fill('XYZ');
    await location.getByRole('button', { name: 'Add Location' }).click();
    await expectFieldError(location.getByLabel('Name', { exact: true }), MSG.locationRequired);
    await expectFine(location.getByLabel('Code'));
    await expect(location.getByLabel('Country')).toHaveAttribute('aria-invalid', 'true');
    await expect(location.getByLabel('Country')).toHaveAccessibleDescription(MSG.locationRequired);
    await expectAccessible(page, 'location dialog in error');
    await location.getByRole('button', { name: 'Cancel' }).click();

    await page.goto('/admin/launches');
    await page.getByRole('button', { name: 'Add Launch' }).click();
    const launch = page.getByRole('dialog', { name: 'Add Launch' });
    const name = launch.getByLabel('Name');
    // Nothing is said before the person did anything.
    await expect(launch.getByLabel('Capacity')).toHaveValue('50');
    await expectFine(name);
    await expect(launch.getByText(MSG.launchRequired)).toHaveCount(0);
    await launch.getByRole('button', { name: 'Save Launch' }).click();
    await expectFieldError(name, MSG.launchRequired);
    await expectAccessible(page, 'launch dialog in error');
    await name.fill('Field Check');
    await expectFine(name);
  });

  test('set password: a mismatch under the confirmation, too short under the new password', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const owner = await playwright.request.newContext({ baseURL });
    try {
      await json(await owner.post('/api/auth/login', { data: DEMO_ADMIN }));
      const email = `fields-${randomUUID().slice(0, 8)}@example.com`;
      const invited = await owner.post('/api/admin/staff/invitations', { data: { email, role: 'crew' } });
      expect(invited.status()).toBe(201);
      await page.goto(await mailedLink(owner, email));
    } finally {
      await owner.dispose();
    }
    const next = page.getByLabel('New Password', { exact: true });
    const confirm = page.getByLabel('Confirm New Password');
    const submit = page.getByRole('button', { name: 'Set password and sign in' });

    await next.fill('harbour-crossing-2026');
    await confirm.fill('harbour-crossing-2027');
    await submit.click();
    await expectFieldError(confirm, MSG.passwordsDoNotMatch);
    await expectFine(next);
    await expectAccessible(page, 'set password, mismatch');

    await next.fill('short');
    await confirm.fill('short');
    await submit.click();
    // Its hint, then its message.
    await expectFieldError(next, new RegExp(`${MSG.passwordTooShort}$`));
    await expectFine(confirm);
  });

  test('server refusals land under their field: a wrong current password, an address already taken', async ({
    page,
    playwright,
    baseURL,
  }) => {
    // A member of their own, so the demo Owner's password is never at stake.
    await signInAsOwner(page);
    await signInAsNewStaff(page, playwright, baseURL, 'owner');

    await page.goto('/admin/settings');
    const current = page.getByLabel('Current Password');
    await current.fill('not-my-password');
    await page.getByLabel('New Password', { exact: true }).fill('a-long-enough-password');
    await page.getByLabel('Confirm New Password').fill('a-long-enough-password');
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/auth/password'));
    await page.getByRole('button', { name: 'Change Password' }).click();
    expect((await refused).status()).toBe(400);
    await expectFieldError(current, MSG.currentPasswordIncorrect);
    await expectAccessible(page, 'settings, current password refused');

    await page.goto('/admin/staff');
    await page.getByRole('button', { name: 'Invite staff' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite staff' });
    await dialog.getByLabel('Email').fill(DEMO_ADMIN.email);
    await dialog.getByRole('radio', { name: 'Office' }).check();
    const invited = page.waitForResponse((r) => r.url().endsWith('/api/admin/staff/invitations'));
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    expect((await invited).status()).toBe(409);
    await expectFieldError(dialog.getByLabel('Email'), STAFF_MSG.staffExists);
    await expectAccessible(page, 'invite dialog, refused');
  });

  test('the counter sale form asks for the passenger name at its field', async ({
    page,
    playwright,
    baseURL,
  }) => {
    await signInAsOwner(page);
    const departure = await todaysDeparture(page.request, 4, 'Fields Launch');
    await signInAsNewSeller(page, playwright, baseURL);
    await page.goto('/admin/counter');
    await page.getByRole('button', { name: 'Open shift' }).click();
    await page.getByRole('button', { name: new RegExp(departure.launch.name) }).click();
    await page.getByRole('button', { name: 'Seat 2, available' }).click();
    await expect(page.getByRole('button', { name: 'Seat 2, selected' })).toBeVisible();
    await page.getByLabel('Cash received (MVR)').fill('1000');
    await page.getByRole('button', { name: /^Sell/ }).click();
    await expectFieldError(page.getByLabel('Passenger name'), COUNTER_MSG.nameRequired);
    await expectFine(page.getByLabel('Cash received (MVR)'));
    await expectAccessible(page, 'counter sale, name missing');
  });
});
