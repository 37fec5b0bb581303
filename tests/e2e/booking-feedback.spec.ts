// The passenger's forms say what is wrong where it is wrong: the message under the field, the
// field marked invalid and described by it, the focus on the first field in error (the
// passenger step, its e-mailed code, the payment step, Check Your Booking), in English and in
// Dhivehi. Step 5 starts in the tickets' own currency; after submitting, the confirmation and
// the office read 'Slip received, being checked' with the operator's usual approval time.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_ADMIN } from '#shared/constants.ts';
import { MSG, SLIP_RECEIVED_LABEL } from '#shared/messages/api.ts';
import { allTexts, type TextId } from '#shared/messages/catalogues.ts';
import common from '#shared/messages/common.ts';
import LOOKUP from '#shared/messages/lookup.ts';
import PASSENGER from '#shared/messages/passenger.ts';
import PAYMENT from '#shared/messages/payment.ts';
import type { PublicSettings } from '#shared/schemas.ts';
import { test as base, expect, failedResponse } from './fixtures.ts';
import { createBookingViaApi, json, latestCode, operatorDate } from './support/booking-api.ts';
import { expectAccessible } from './support/ui.ts';
import { reachPaymentStep } from './support/wizard.ts';

const SHOTS = fileURLToPath(new URL('../../.tmp/feedback/', import.meta.url));
const SLIP = fileURLToPath(new URL('../files/photo-exif-gps.jpg', import.meta.url));
const NOT_AN_IMAGE = fileURLToPath(new URL('../files/not-an-image.jpg', import.meta.url));
// Days no other spec books, so the seats are there; the tests that hold seats each take a day
// of their own per project, as they run side by side and each takes the first free seat.
const DAY = 9;
const PAYMENT_DAY = 10;
const paymentDay = (test: 'local' | 'foreigner', project: string) =>
  ({ local: { phone: 10, desktop: 12 }, foreigner: { phone: 13, desktop: 9 } })[test][
    project === 'phone' ? 'phone' : 'desktop'
  ];

const i18n = setupI18n({ locale: 'dv', messages: { dv: {} } });
i18n.setMessagesCompiler(compileMessage);
i18n.load('dv', Object.fromEntries(allTexts().map(({ id, texts }) => [id, texts.dv])));
i18n.activate('dv');
/** A catalogue text in Dhivehi, with its values. */
const dv = (id: TextId, values?: Record<string, unknown>) => i18n._(id, values);

// A wrong code is refused with a 400, which Chromium logs; that one line is expected.
const test = base.extend({
  allowedErrors: [[failedResponse(400, 'Bad Request', '/api/email-codes/verify')], { scope: 'test' }],
});

async function shot(page: Page, name: string, project: string) {
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${project}-${name}.png`), fullPage: true });
}

const email = (project: string, what: string) => `feedback-${what}-${project}-${Date.now()}@example.com`;

/** /booking to step 2 on the first Malé -> Maafushi trip of `day`. */
async function reachPassengerStep(page: Page, day: number) {
  await page.goto('/booking');
  await page.getByLabel('Travel date').fill(operatorDate(day));
  await page.getByLabel('From', { exact: true }).selectOption({ label: 'Malé' });
  await page.getByLabel('To', { exact: true }).selectOption({ label: 'Maafushi' });
  await page.getByRole('button', { name: 'Search Trips' }).click();
  await page
    .getByRole('button', { name: /Select Trip/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: PASSENGER.title })).toBeVisible();
}

async function toDhivehi(page: Page) {
  await page.getByRole('button', { name: `${common.languageSwitch}: ދިވެހި` }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'dv');
  // The Thaana font arrives after the switch and moves the layout; a forced click
  // (the Continue button is aria-disabled) must not aim at where a button was.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** Sends a code to the address in the field and waits for it to be sent. */
async function sendCode(page: Page, request: APIRequestContext, address: string, sendName: string) {
  await page.getByRole('button', { name: sendName }).click();
  return expect.poll(() => latestCode(request, address).catch(() => '')).toMatch(/^\d{6}$/);
}

test.describe('the passenger step', () => {
  test('marks each missing field, says why under it, and focuses the first', async ({
    page,
    request,
  }, testInfo) => {
    const project = testInfo.project.name;
    const address = email(project, 'en');
    await reachPassengerStep(page, DAY);

    const name = page.getByLabel(PASSENGER.fullName);
    const mail = page.getByLabel(PASSENGER.emailAddress);
    const firstAdd = page.getByRole('button', { name: PASSENGER.addLocalAdult });
    const next = page.getByRole('button', { name: PASSENGER.continue });
    // aria-disabled keeps it focusable so the reasons can be given; Playwright treats it as disabled.
    await next.click({ force: true });
    await expect(name).toBeFocused();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription(PASSENGER.nameRequired);
    await expect(mail).toHaveAttribute('aria-invalid', 'true');
    await expect(mail).toHaveAccessibleDescription(new RegExp(`^${MSG.emailRequired}`));
    await expect(firstAdd).toHaveAccessibleDescription(MSG.selectTicket);
    await expect(page.getByText(PASSENGER.nameRequired, { exact: true })).toBeVisible();
    await expectAccessible(page, 'passenger step with its fields in error');
    await shot(page, 'passenger-errors', project);

    // Typing clears that field's message; the next Continue goes to the next field in error.
    await name.fill('Mariyam Feedback');
    await expect(name).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(PASSENGER.nameRequired, { exact: true })).toHaveCount(0);
    await next.click({ force: true });
    await expect(mail).toBeFocused();
    await expect(mail).toHaveAccessibleDescription(new RegExp(`^${MSG.emailRequired}`));

    // A wrong code is said under the code, which gets the focus back.
    await mail.fill(address);
    await sendCode(page, request, address, PASSENGER.sendCode);
    const code = page.getByLabel(PASSENGER.verificationCode);
    await code.fill('000000');
    await page.getByRole('button', { name: PASSENGER.verify, exact: true }).click();
    await expect(code).toBeFocused();
    await expect(code).toHaveAttribute('aria-invalid', 'true');
    await expect(code).toHaveAccessibleDescription(MSG.codeInvalid);
    await expectAccessible(page, 'a wrong e-mailed code');
    await shot(page, 'code-error', project);

    // Not verified yet: Continue points at the code; then the right code clears it all.
    await next.click({ force: true });
    await expect(code).toBeFocused();
    await expect(code).toHaveAccessibleDescription(MSG.verifyEmailFirst);
    await code.fill(await latestCode(request, address));
    await page.getByRole('button', { name: PASSENGER.verify, exact: true }).click();
    await expect(page.getByText(PASSENGER.emailVerified, { exact: true })).toBeVisible();
    await next.click({ force: true });
    await expect(firstAdd).toBeFocused();
    await expect(firstAdd).toHaveAccessibleDescription(MSG.selectTicket);
    await firstAdd.click();
    await expect(firstAdd).not.toHaveAccessibleDescription(MSG.selectTicket);
    await next.click();
    await expect(page.getByRole('heading', { name: 'Choose Your Launch' })).toBeVisible();
  });

  test('says it in Dhivehi once the page is in Dhivehi', async ({ page, request }, testInfo) => {
    const project = testInfo.project.name;
    const address = email(project, 'dv');
    await reachPassengerStep(page, DAY);
    await toDhivehi(page);
    await expect(page.getByRole('heading', { name: dv('passenger.title') })).toBeVisible();

    const name = page.getByLabel(dv('passenger.fullName'));
    const next = page.getByRole('button', { name: dv('passenger.continue') });
    await next.click({ force: true });
    await expect(name).toBeFocused();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription(dv('passenger.nameRequired'));
    await expect(
      page.getByRole('button', { name: dv('passenger.addLocalAdult') }),
    ).toHaveAccessibleDescription(dv('msg.selectTicket'));
    await expectAccessible(page, 'passenger step in error, in Dhivehi');
    await shot(page, 'passenger-errors-dv', project);

    await name.fill('Aishath Feedback');
    await page.getByLabel(dv('passenger.emailAddress')).fill(address);
    await sendCode(page, request, address, dv('passenger.sendCode'));
    const code = page.getByLabel(dv('passenger.verificationCode'));
    await code.fill('000000');
    await page.getByRole('button', { name: dv('passenger.verify'), exact: true }).click();
    await expect(code).toBeFocused();
    await expect(code).toHaveAttribute('aria-invalid', 'true');
    await expect(code).toHaveAccessibleDescription(dv('msg.codeInvalid'));
    await expectAccessible(page, 'a wrong code, in Dhivehi');
    await shot(page, 'code-error-dv', project);
  });
});

test.describe('the payment step and the confirmation', () => {
  test('starts in MVR for a local ticket, says a missing or bad slip under it, and confirms in full', async ({
    page,
    request,
  }, testInfo) => {
    test.slow();
    const project = testInfo.project.name;
    const address = email(project, 'pay');
    const settings = await json<PublicSettings>(await request.get('/api/settings/public'));
    await reachPaymentStep(page, request, {
      date: operatorDate(paymentDay('local', project)),
      email: address,
    });

    // The tickets' own currency first; the passenger can still switch.
    await expect(page.getByRole('radio', { name: /MVR/ })).toBeChecked();
    await expect(page.getByTestId('payment-total')).toHaveText(/^MVR \d+\.\d{2}$/);
    await page.getByRole('radio', { name: /USD/ }).check();
    await expect(page.getByRole('radio', { name: /USD/ })).toBeChecked();
    await expect(page.getByTestId('payment-total')).toHaveText(/^USD \d+\.\d{2}$/);

    // No slip: said under the slip, whose input gets the focus.
    const slip = page.getByLabel(PAYMENT.slipLabel, { exact: true });
    await page.getByRole('button', { name: PAYMENT.submit }).click();
    await expect(slip).toBeFocused();
    await expect(slip).toHaveAttribute('aria-invalid', 'true');
    await expect(slip).toHaveAccessibleDescription(PAYMENT.slipRequired);
    await expectAccessible(page, 'payment step without a slip');
    await shot(page, 'payment-no-slip', project);

    // A file that is no image: its own problem, under the same field.
    await slip.setInputFiles(NOT_AN_IMAGE);
    await expect(slip).toHaveAttribute('aria-invalid', 'true');
    await expect(slip).not.toHaveAccessibleDescription(PAYMENT.slipRequired);
    await expect(slip).toHaveAccessibleDescription(/\S/);

    await slip.setInputFiles(SLIP);
    await expect(page.getByText(/^Ready: photo-exif-gps\.jpg/)).toBeVisible({ timeout: 30_000 });
    await expect(slip).not.toHaveAttribute('aria-invalid', 'true');
    const total = (await page.getByTestId('payment-total').textContent())?.trim() ?? '';
    await page.getByRole('button', { name: PAYMENT.submit }).click();

    // The confirmation: trip, seats, passengers, amount, address, what happens next and when.
    await expect(page.getByRole('heading', { name: PAYMENT.submittedHeading })).toBeVisible();
    const reference = (await page.getByTestId('booking-reference').textContent())?.trim() ?? '';
    expect(reference).toMatch(/^\d{10}$/);
    const hours = settings.usualApprovalMinutes / 60;
    const usually = settings.usualApprovalMinutes % 60 === 0 ? `${hours} hour${hours === 1 ? '' : 's'}` : '';
    await expect(page.getByTestId('slip-status')).toHaveText(
      usually
        ? `${SLIP_RECEIVED_LABEL} — usually approved within ${usually}`
        : new RegExp(`^${SLIP_RECEIVED_LABEL} — usually approved within`),
    );
    const details = page.getByRole('region', { name: PAYMENT.confirmationDetails });
    await expect(details.getByText('Malé → Maafushi')).toBeVisible();
    await expect(details.getByText('1 · 1 × local adult')).toBeVisible();
    await expect(page.getByTestId('confirmation-amount')).toHaveText(total);
    await expect(page.getByTestId('confirmation-email')).toContainText(address);
    const next = page.getByRole('region', { name: PAYMENT.nextHeading });
    await expect(next.getByText(/The office checks your payment slip, usually within/)).toBeVisible();
    await expect(next.getByRole('link', { name: reference })).toHaveAttribute(
      'href',
      `/bookings?ref=${reference}`,
    );
    await expectAccessible(page, 'the confirmation');
    await shot(page, 'confirmation', project);
    // The manage page, by the read-only link the mails carry.
    await expect(page.getByRole('link', { name: PAYMENT.manageBooking })).toHaveAttribute(
      'href',
      new RegExp(`^/bookings/${reference}/manage\\?k=[^&]+$`),
    );

    // Check Your Booking reads the same.
    await page.getByRole('link', { name: PAYMENT.checkStatus }).click();
    const card = page.getByRole('article', { name: 'Booking reference' });
    await expect(card.getByText(SLIP_RECEIVED_LABEL, { exact: true })).toBeVisible();
    await expect(card.getByTestId('slip-status')).toContainText(
      `${SLIP_RECEIVED_LABEL} — usually approved within`,
    );
    await expectAccessible(page, 'a booking whose slip is being checked');
    await shot(page, 'lookup-slip-received', project);

    // And so does the office's list.
    await json(await page.request.post('/api/auth/login', { data: DEMO_ADMIN }));
    await page.goto(`/admin/tickets?q=${reference}`);
    const ticket = page.locator(`article[data-reference="${reference}"]`);
    await expect(ticket.getByText(SLIP_RECEIVED_LABEL, { exact: true })).toBeVisible();
    await expectAccessible(page, 'the office’s pending ticket with its slip');
    await shot(page, 'admin-ticket-slip-received', project);
  });

  test('starts in USD for a foreigner ticket and says it all in Dhivehi', async ({
    page,
    request,
  }, testInfo) => {
    test.slow();
    const project = testInfo.project.name;
    const address = email(project, 'pay-dv');
    const settings = await json<PublicSettings>(await request.get('/api/settings/public'));
    await reachPaymentStep(page, request, {
      date: operatorDate(paymentDay('foreigner', project)),
      email: address,
      ticket: PASSENGER.addForeignerAdult,
    });
    await expect(page.getByRole('radio', { name: /USD/ })).toBeChecked();
    await page.getByRole('radio', { name: /MVR/ }).check();
    await expect(page.getByRole('radio', { name: /MVR/ })).toBeChecked();
    await page.getByRole('radio', { name: /USD/ }).check();

    await toDhivehi(page);
    await expect(page.getByRole('heading', { name: dv('payment.title') })).toBeVisible();
    const slip = page.getByLabel(dv('payment.slipLabel'), { exact: true });
    await page.getByRole('button', { name: dv('payment.submit') }).click();
    await expect(slip).toBeFocused();
    await expect(slip).toHaveAttribute('aria-invalid', 'true');
    await expect(slip).toHaveAccessibleDescription(dv('payment.slipRequired'));
    await expectAccessible(page, 'payment step without a slip, in Dhivehi');
    await shot(page, 'payment-no-slip-dv', project);

    await slip.setInputFiles(SLIP);
    await expect(slip).not.toHaveAttribute('aria-invalid', 'true', { timeout: 30_000 });
    await expect(page.getByRole('button', { name: dv('payment.submit') })).toBeEnabled({ timeout: 30_000 });
    await page.getByRole('button', { name: dv('payment.submit') }).click();
    await expect(page.getByRole('heading', { name: dv('payment.submittedHeading') })).toBeVisible();
    // The usual time as words: the demo's is whole hours.
    expect(settings.usualApprovalMinutes % 60).toBe(0);
    await expect(page.getByTestId('slip-status')).toHaveText(
      dv('payment.slipReceivedUsually', {
        duration: dv('payment.approvalHours', { n: settings.usualApprovalMinutes / 60 }),
      }),
    );
    await expect(page.getByTestId('confirmation-amount')).toHaveText(/^USD \d+\.\d{2}$/);
    await expect(page.getByTestId('confirmation-email')).toContainText(address);
    await expect(page.getByRole('heading', { name: dv('payment.nextHeading') })).toBeVisible();
    await expectAccessible(page, 'the confirmation, in Dhivehi');
    await shot(page, 'confirmation-dv', project);

    // Its manage link opens the booking's own page.
    const reference = (await page.getByTestId('booking-reference').textContent())?.trim() ?? '';
    await page.getByRole('link', { name: dv('payment.manageBooking') }).click();
    await expect(page).toHaveURL(new RegExp(`/bookings/${reference}/manage`));
    await expect(page.getByText(reference).first()).toBeVisible();
    await expectAccessible(page, 'the manage page opened from the confirmation, in Dhivehi');
  });
});

test.describe('the Check Your Booking form', () => {
  test('says an empty reference under the field and focuses it', async ({ page }, testInfo) => {
    const project = testInfo.project.name;
    await page.goto('/bookings');
    const input = page.getByRole('textbox', { name: LOOKUP.reference });
    const search = page.getByRole('button', { name: LOOKUP.search });
    await search.click();
    await expect(input).toBeFocused();
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(new RegExp(`^${LOOKUP.referenceRequired}`));
    await expectAccessible(page, 'lookup without a reference');
    await shot(page, 'lookup-empty', project);

    // Nothing was looked up; typing clears the message.
    await expect(page).toHaveURL(/\/bookings$/);
    await input.fill('0000000000');
    await expect(input).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(LOOKUP.referenceRequired)).toHaveCount(0);
  });

  test('in Dhivehi', async ({ page }, testInfo) => {
    const project = testInfo.project.name;
    await page.goto('/bookings');
    await toDhivehi(page);
    const input = page.getByRole('textbox', { name: dv('lookup.reference') });
    await input.press('Enter');
    await expect(input).toBeFocused();
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(new RegExp(`^${dv('lookup.referenceRequired')}`));
    await expectAccessible(page, 'lookup without a reference, in Dhivehi');
    await shot(page, 'lookup-empty-dv', project);
  });

  test('a booking made with its slip reads "Slip received, being checked" in Dhivehi too', async ({
    page,
  }, testInfo) => {
    const booking = await createBookingViaApi(page.request, { daysAhead: PAYMENT_DAY });
    await page.goto(`/bookings?ref=${booking.reference}`);
    await toDhivehi(page);
    const card = page.getByRole('article', { name: dv('lookup.reference') });
    await expect(card.getByText(dv('status.paymentSlipReceived'), { exact: true })).toBeVisible();
    const settings = await json<PublicSettings>(await page.request.get('/api/settings/public'));
    await expect(card.getByTestId('slip-status')).toHaveText(
      dv('status.slipReceivedUsually', {
        duration: dv('status.approvalHours', { n: settings.usualApprovalMinutes / 60 }),
      }),
    );
    await expectAccessible(page, 'slip being checked, in Dhivehi');
    await shot(page, 'lookup-slip-received-dv', testInfo.project.name);
  });
});
