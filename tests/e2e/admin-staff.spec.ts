import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type {
  APIRequestContext,
  Browser,
  BrowserContext,
  Page,
  PlaywrightWorkerArgs,
  TestInfo,
} from '@playwright/test';
import type { AuthMe, Invitation } from '#shared/admin-api.ts';
import { DEMO_ADMIN } from '#shared/constants.ts';
import { MSG } from '#shared/messages/api.ts';
import { STAFF_MSG } from '#shared/messages/staff.ts';
import type { OutboxMail } from '#shared/schemas.ts';
import { staffTexts } from '#web/features/admin/staff/role-texts.ts';
import { test as base, expect, failedResponse } from './fixtures.ts';
import { createBookingViaApi, json } from './support/booking-api.ts';
import { expectAccessible, toast } from './support/ui.ts';

// The Owner's Staff screen and the e-mailed links it sends: an invitation taken up in a browser
// of its own, links that can no longer be used, a deactivation reaching an open session, a role
// change and a password reset, and signing out everywhere (never as the demo Owner, whom every
// other test signs in as).
const SHOTS = path.resolve(import.meta.dirname, '../../.tmp/staff-shots');
const PASSWORD = 'harbour-crossing-2026';

// Chromium logs every 4xx response as a console error: a used or expired link is answered 410,
// and what a page still asks after its session was ended is answered 401.
const LINK_GONE = failedResponse(410, 'Gone', '/api/auth/links/check');
const SIGNED_OUT = /^console\.error: Failed to load resource: the server responded with a status of 401 /;

const test = base.extend<{ owner: APIRequestContext }>({
  // The demo Owner, signed in through the API in a request context of its own: the page stays
  // free to be anyone (or no one).
  owner: async ({ playwright, baseURL }, use) => {
    const owner = await playwright.request.newContext({ baseURL });
    await json(await owner.post('/api/auth/login', { data: DEMO_ADMIN }));
    await use(owner);
    await owner.dispose();
  },
});

/** An address no other project or run uses. */
const uniqueEmail = (what: string, testInfo: TestInfo) =>
  `staff-${what}-${testInfo.project.name}-${randomUUID().slice(0, 8)}@example.com`;

/** The newest staff link e-mailed to `email` (waits for the mail), as a path with its fragment. */
async function mailedLink(api: APIRequestContext, email: string, kind: 'welcome' | 'reset-password') {
  const pattern = new RegExp(`/admin/${kind}#[A-Za-z0-9_-]+`);
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

/** Invites through the API and returns the link from the mail. */
async function invite(owner: APIRequestContext, email: string, role: Invitation['role']) {
  const response = await owner.post('/api/admin/staff/invitations', { data: { email, role } });
  expect(response.status()).toBe(201);
  return mailedLink(owner, email, 'welcome');
}

/** Takes a mailed link up through the API, in a cookie jar of its own (it signs the person in). */
async function completeLink(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string | undefined,
  link: string,
) {
  const api = await playwright.request.newContext({ baseURL });
  try {
    const token = link.split('#')[1];
    await json(await api.post('/api/auth/links/complete', { data: { token, password: PASSWORD } }));
  } finally {
    await api.dispose();
  }
}

/** A browser of its own for the invited person, with the project's screen. */
async function freshContext(browser: Browser, testInfo: TestInfo): Promise<BrowserContext> {
  const { baseURL, viewport, isMobile, hasTouch } = testInfo.project.use;
  return browser.newContext({ baseURL, viewport, isMobile, hasTouch, serviceWorkers: 'block' });
}

/** Console errors and uncaught exceptions of a page the shared fixture does not watch. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error')
      errors.push(`console.error: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return errors;
}

/** The admin links, from the sidebar or, on a phone, the menu sheet. */
async function adminNav(page: Page, testInfo: TestInfo) {
  if (testInfo.project.use.isMobile) await page.getByRole('button', { name: 'Open menu' }).click();
  const nav = page.getByRole('navigation', { name: 'Admin' });
  await expect(nav).toBeVisible();
  return nav;
}

const staffEntry = (page: Page, email: string) => page.locator(`[data-staff-email="${email}"]`);
const invitationEntry = (page: Page, email: string) => page.locator(`[data-invitation-email="${email}"]`);

const shot = (page: Page, name: string, testInfo: TestInfo) =>
  page.screenshot({ path: path.join(SHOTS, `${name}-${testInfo.project.name}.png`), fullPage: true });

test.describe('staff', () => {
  test('an owner invites an office member, who sets a password and sees only Office screens', async ({
    page,
    browser,
  }, testInfo) => {
    test.slow();
    const email = uniqueEmail('office', testInfo);
    await json(await page.request.post('/api/auth/login', { data: DEMO_ADMIN }));

    await page.goto('/admin/staff');
    await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
    // The Owner is listed, and is offered no way to demote or deactivate themselves.
    const me = staffEntry(page, DEMO_ADMIN.email);
    await expect(me).toContainText('Owner');
    await expect(me).toContainText('Active');
    await expect(me.getByRole('combobox')).toHaveCount(0);
    await expect(me.getByRole('button', { name: /Deactivate/ })).toHaveCount(0);

    await page.getByRole('button', { name: 'Invite staff' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite staff' });
    // A role must be chosen.
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(STAFF_MSG.staffRoleRequired);
    await dialog.getByRole('radio', { name: 'Office' }).check();
    await expectAccessible(page, 'invite dialog');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(toast(page, STAFF_MSG.invitationSent(email))).toBeVisible();
    await expect(dialog).toBeHidden();
    const pending = invitationEntry(page, email);
    await expect(pending).toContainText('Office');
    await expectAccessible(page, 'staff screen');
    await shot(page, 'staff', testInfo);

    // The invited person opens the mailed link in a browser of their own.
    const link = await mailedLink(page.request, email, 'welcome');
    const context = await freshContext(browser, testInfo);
    try {
      const welcome = await context.newPage();
      const errors = watchErrors(welcome);
      await welcome.goto(link);
      await expect(welcome.getByRole('heading', { level: 1, name: /^Welcome to / })).toBeVisible();
      await expect(welcome.getByText(email, { exact: true })).toBeVisible();
      await expect(welcome.getByText('Office', { exact: true })).toBeVisible();
      // The token leaves the address bar once read.
      await expect(welcome).toHaveURL(/\/admin\/welcome$/);
      await expectAccessible(welcome, 'welcome page');
      await shot(welcome, 'welcome', testInfo);

      // The Settings screen's rules: the two must match, then be long enough.
      await welcome.getByLabel('New Password', { exact: true }).fill(PASSWORD);
      await welcome.getByLabel('Confirm New Password').fill(`${PASSWORD}x`);
      await welcome.getByRole('button', { name: 'Set password and sign in' }).click();
      await expect(welcome.getByRole('alert')).toHaveText(MSG.passwordsDoNotMatch);
      await welcome.getByLabel('New Password', { exact: true }).fill('short');
      await welcome.getByLabel('Confirm New Password').fill('short');
      await welcome.getByRole('button', { name: 'Set password and sign in' }).click();
      await expect(welcome.getByRole('alert')).toHaveText(MSG.passwordTooShort);

      await welcome.getByLabel('New Password', { exact: true }).fill(PASSWORD);
      await welcome.getByLabel('Confirm New Password').fill(PASSWORD);
      await welcome.getByRole('button', { name: 'Set password and sign in' }).click();
      await expect(welcome).toHaveURL(/\/admin\/dashboard$/);
      await expect(welcome.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      const signedIn = await json<AuthMe>(await welcome.request.get('/api/auth/me'));
      expect(signedIn.user).toMatchObject({ email, role: 'office' });

      // Office's screens only: bookings yes, the Owner's Staff screen no.
      const nav = await adminNav(welcome, testInfo);
      await expect(nav.getByRole('link', { name: 'Tickets' })).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Staff' })).toHaveCount(0);
      await expect(nav.getByRole('link', { name: 'Boarding' })).toHaveCount(0);
      expect(errors, 'errors in the invited person’s browser console').toEqual([]);
    } finally {
      await context.close();
    }

    // The Owner's list now has the person as Office, and the invitation is gone.
    await page.reload();
    const member = staffEntry(page, email);
    await expect(member).toContainText('Active');
    await expect(member.getByLabel(`Role of ${email}`)).toHaveValue('office');
    await expect(invitationEntry(page, email)).toHaveCount(0);
    // The link Office lacks is the Owner's.
    const nav = await adminNav(page, testInfo);
    await expect(nav.getByRole('link', { name: 'Staff' })).toBeVisible();
  });

  test.describe('links that can no longer be used', () => {
    test.use({ allowedErrors: [LINK_GONE] });

    test('a used invitation says so and offers no form; so does an expired one', async ({
      page,
      owner,
      playwright,
      baseURL,
    }, testInfo) => {
      // Taken up through the API: the browser opens it a second time.
      const usedEmail = uniqueEmail('used', testInfo);
      const used = await invite(owner, usedEmail, 'crew');
      await completeLink(playwright, baseURL, used);

      await page.goto(used);
      await expect(page.getByRole('alert')).toHaveText(STAFF_MSG.linkUsed);
      await expect(page.getByLabel('New Password', { exact: true })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Set password and sign in' })).toHaveCount(0);
      await expectAccessible(page, 'used link');
      await shot(page, 'link-used', testInfo);
      await page.getByRole('link', { name: 'Go to the login page' }).click();
      await expect(page).toHaveURL(/\/admin\/login$/);

      // Expired: the test-only route ages this address's open links.
      const expiredEmail = uniqueEmail('expired', testInfo);
      const expired = await invite(owner, expiredEmail, 'counter');
      const aged = await json<{ expired: number }>(
        await owner.post('/dev/staff-links/expire', { data: { email: expiredEmail } }),
      );
      expect(aged.expired).toBe(1);
      await page.goto(expired);
      await expect(page.getByRole('alert')).toHaveText(STAFF_MSG.linkExpired);
      await expect(page.getByLabel('New Password', { exact: true })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Go to the login page' })).toBeVisible();
    });
  });

  test.describe('deactivation', () => {
    test.use({ allowedErrors: [SIGNED_OUT] });

    test('deactivating a person ends their open session and event stream', async ({
      page,
      browser,
      owner,
    }, testInfo) => {
      test.slow();
      const email = uniqueEmail('leaver', testInfo);
      const link = await invite(owner, email, 'office');

      // The person, signed in through their link, has an admin page open with its live stream.
      const context = await freshContext(browser, testInfo);
      try {
        const token = link.split('#')[1];
        await json(
          await context.request.post('/api/auth/links/complete', { data: { token, password: PASSWORD } }),
        );
        const person = await context.newPage();
        const errors = watchErrors(person);
        const stream = person.waitForResponse(
          (r) => new URL(r.url()).pathname === '/api/admin/events' && r.status() === 200,
        );
        await person.goto('/admin/dashboard');
        await expect(person.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
        await stream;

        // The Owner deactivates them from the Staff screen.
        await json(await page.request.post('/api/auth/login', { data: DEMO_ADMIN }));
        await page.goto('/admin/staff');
        const member = staffEntry(page, email);
        await member.getByRole('button', { name: `Deactivate ${email}` }).click();
        const confirm = page.getByRole('alertdialog', { name: `Deactivate ${email}?` });
        await expectAccessible(page, 'deactivate confirm');
        await confirm.getByRole('button', { name: 'Deactivate' }).click();
        await expect(toast(page, staffTexts.deactivated(email))).toBeVisible();
        await expect(member).toContainText('Deactivated');
        await expect(member.getByRole('button', { name: `Reactivate ${email}` })).toBeVisible();

        // Without them doing anything, their page ends up at the login page.
        await expect(person).toHaveURL(/\/admin\/login$/);
        await expect(person.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
        expect((await json<AuthMe>(await context.request.get('/api/auth/me'))).user).toBeNull();
        // And their password no longer signs them in.
        const again = await context.request.post('/api/auth/login', { data: { email, password: PASSWORD } });
        expect(again.status()).toBe(403);
        expect(
          errors.filter((e) => !SIGNED_OUT.test(e)),
          'errors in the person’s browser console',
        ).toEqual([]);
      } finally {
        await context.close();
      }
    });
  });

  test('a role change, then a password reset whose mailed link sets a new password', async ({
    page,
    owner,
    playwright,
    baseURL,
  }, testInfo) => {
    const email = uniqueEmail('reset', testInfo);
    await completeLink(playwright, baseURL, await invite(owner, email, 'office'));

    await json(await page.request.post('/api/auth/login', { data: DEMO_ADMIN }));
    await page.goto('/admin/staff');
    const member = staffEntry(page, email);
    const role = member.getByLabel(`Role of ${email}`);
    await expect(role).toHaveValue('office');

    // A new role is asked about first; Cancel leaves the old one.
    await role.selectOption('counter');
    const ask = page.getByRole('alertdialog', { name: `Make ${email} Counter?` });
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(ask).toBeHidden();
    await expect(role).toHaveValue('office');
    await role.selectOption('counter');
    await ask.getByRole('button', { name: 'Make Counter' }).click();
    await expect(toast(page, staffTexts.roleChanged(email, 'Counter'))).toBeVisible();
    await expect(role).toHaveValue('counter');

    await member.getByRole('button', { name: `Reset password of ${email}` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Reset the password of ${email}?` });
    await confirm.getByRole('button', { name: 'Send reset link' }).click();
    await expect(toast(page, STAFF_MSG.resetSent(email))).toBeVisible();
    await expect(confirm).toBeHidden();

    // The reset link, opened signed out.
    const link = await mailedLink(owner, email, 'reset-password');
    await page.context().clearCookies();
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    await expect(page.getByText(email, { exact: true })).toBeVisible();
    await expect(page.getByText('Counter', { exact: true })).toBeVisible();
    await expectAccessible(page, 'reset page');
    await shot(page, 'reset', testInfo);
    const renewed = `${PASSWORD}-renewed`;
    await page.getByLabel('New Password', { exact: true }).fill(renewed);
    await page.getByLabel('Confirm New Password').fill(renewed);
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    // Counter staff start at the counter (FIRST_SCREEN).
    await expect(page).toHaveURL(/\/admin\/counter$/);
    await expect(toast(page, MSG.passwordChanged)).toBeVisible();
    const signedIn = await json<AuthMe>(await page.request.get('/api/auth/me'));
    expect(signedIn.user).toMatchObject({ email, role: 'counter' });
  });

  test('sign out everywhere ends every session of the person, this one included', async ({
    page,
    playwright,
    owner,
    baseURL,
  }, testInfo) => {
    // Not the demo Owner, whom every other test signs in as: a person of this test's own.
    const email = uniqueEmail('everywhere', testInfo);
    const link = await invite(owner, email, 'office');
    await json(
      await page.request.post('/api/auth/links/complete', {
        data: { token: link.split('#')[1], password: PASSWORD },
      }),
    );
    const otherDevice = await playwright.request.newContext({ baseURL });
    try {
      await json(await otherDevice.post('/api/auth/login', { data: { email, password: PASSWORD } }));

      await page.goto('/admin/settings');
      await page.getByRole('button', { name: 'Sign out everywhere' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Sign out everywhere?' });
      await expectAccessible(page, 'sign out everywhere confirm');
      await confirm.getByRole('button', { name: 'Sign out everywhere' }).click();
      await expect(toast(page, STAFF_MSG.signedOutEverywhere)).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/login$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
      expect((await json<AuthMe>(await page.request.get('/api/auth/me'))).user).toBeNull();
      expect((await json<AuthMe>(await otherDevice.get('/api/auth/me'))).user).toBeNull();
    } finally {
      await otherDevice.dispose();
    }
  });

  test('crew start at Boarding, see only their screens, are told a forbidden page is not theirs, and see no slips', async ({
    page,
    owner,
  }, testInfo) => {
    test.slow();
    const booking = await createBookingViaApi(owner);
    const email = uniqueEmail('crew', testInfo);
    const link = await invite(owner, email, 'crew');
    await json(
      await page.request.post('/api/auth/links/complete', {
        data: { token: link.split('#')[1], password: PASSWORD },
      }),
    );
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/boarding$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Boarding' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Departure' })).toBeVisible();
    await expectAccessible(page, 'boarding');
    await shot(page, 'boarding-crew', testInfo);
    const nav = await adminNav(page, testInfo);
    await expect(nav.getByRole('link')).toHaveText(['Boarding', 'Settings']);
    if (testInfo.project.use.isMobile) await page.keyboard.press('Escape');

    // A page of another role says so plainly, and the server refuses its data as well.
    await page.goto('/admin/tickets');
    await expect(page.getByRole('alert')).toContainText('Your role does not include this page.');
    await expect(page.getByRole('heading', { level: 1, name: 'Ticket Management' })).toHaveCount(0);
    const refused = await page.request.get('/api/admin/tickets');
    expect(refused.status()).toBe(403);
    expect((await refused.json()).error).toEqual({ code: 'forbidden', message: STAFF_MSG.forbidden });

    // Check Booking shows the booking, never its slip, to a role that may not see slips.
    const me = page.waitForResponse((r) => r.url().endsWith('/api/auth/me'), { timeout: 30_000 });
    await page.goto(`/bookings?ref=${booking.reference}`);
    await expect(page.getByText(booking.reference, { exact: true })).toBeVisible();
    expect(((await (await me).json()) as AuthMe).user).toMatchObject({ role: 'crew' });
    await expect(page.getByRole('button', { name: 'View Payment Slip' })).toHaveCount(0);
  });
});
