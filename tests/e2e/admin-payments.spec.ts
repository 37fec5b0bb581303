import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  DEFAULT_EXCHANGE_RATE,
  DEFAULT_PRICES,
  DEFAULT_REFUND_POLICY,
  DEMO_ADMIN,
} from '#shared/constants.ts';
import { MANAGE_GRANT_HEADER, MANAGE_LINK_HEADER, type ManageView } from '#shared/manage-api.ts';
import { MSG } from '#shared/messages/api.ts';
import { allTexts, type TextId } from '#shared/messages/catalogues.ts';
import common from '#shared/messages/common.ts';
import MANAGE from '#shared/messages/manage.ts';
import type { PublicSettings } from '#shared/schemas.ts';
import { type AdminSchedule, REFUND_POLICY_MSG } from '#shared/setup-api.ts';
import { test as base, expect, failedResponse } from './fixtures.ts';
import { json, operatorDate, seatMap, seatStates } from './support/booking-api.ts';
import { approvedPassenger } from './support/camera.ts';
import { lockFixture } from './support/global-lock.ts';
import { departures, dialogCode, mailedCode, mailedLink } from './support/manage.ts';
import { expectAccessible, toast } from './support/ui.ts';
import { reachPaymentStep } from './support/wizard.ts';

const SHOTS = path.resolve(import.meta.dirname, '../../.tmp/d2-shots');
/** The refund policy's screens: the admin card, and step 5 in both languages. */
const REFUND_SHOTS = path.resolve(import.meta.dirname, '../../.tmp/shots');
const SLIP = path.resolve(import.meta.dirname, '../files/photo-exif-gps.jpg');

// Other suites book with the default prices and rate: every test puts them back when it ends.
const DEFAULTS = { ...DEFAULT_PRICES, exchangeRate: DEFAULT_EXCHANGE_RATE };

const test = base.extend<{ settingsLock: undefined }>({
  settingsLock: lockFixture('payment-settings', { auto: true }),
});
test.describe.configure({ mode: 'serial' });

/** Clicks a card's save button and waits for the settings update it sends to succeed. */
async function saveAndWait(page: Page, button: string) {
  const [response] = await Promise.all([
    page.waitForResponse(
      (r) => r.url().endsWith('/api/admin/payment-settings') && r.request().method() === 'PUT',
    ),
    page.getByRole('button', { name: button }).click(),
  ]);
  expect(response.ok()).toBe(true);
}

const i18n = setupI18n({ locale: 'dv', messages: { dv: {} } });
i18n.setMessagesCompiler(compileMessage);
i18n.load('dv', Object.fromEntries(allTexts().map(({ id, texts }) => [id, texts.dv])));
i18n.activate('dv');
/** A catalogue text in Dhivehi, with its values. */
const dv = (id: TextId, values?: Record<string, unknown>) => i18n._(id, values);

async function audit(page: Page, name: string, project: string) {
  await expectAccessible(page, name);
  await page.screenshot({ path: path.join(SHOTS, `payments-${project}-${name}.png`), fullPage: true });
}

const publicSettings = async (api: APIRequestContext) =>
  json<PublicSettings>(await api.get('/api/settings/public'));

async function restore(api: APIRequestContext, values: Partial<PublicSettings>) {
  const { paymentMethod: _, ...update } = values;
  await json(await api.put('/api/admin/payment-settings', { data: update }));
}

test.describe('payment settings', () => {
  test.beforeEach(async ({ page }) => {
    await json(await page.request.post('/api/auth/login', { data: DEMO_ADMIN }));
  });

  test('ticket prices are saved for the booking screens, then put back', async ({ page }, testInfo) => {
    test.slow();
    try {
      await page.goto('/admin/payments');
      await expect(page.getByRole('heading', { level: 1, name: 'Payment Settings' })).toBeVisible();
      const localChild = page.getByLabel('Local child (MVR)');
      const foreignerAdult = page.getByLabel('Foreigner adult (USD)');
      await expect(page.getByLabel('Local adult (MVR)')).toHaveValue(DEFAULT_PRICES.localAdultPrice);
      await expect(localChild).toHaveValue(DEFAULT_PRICES.localChildPrice);
      await expect(localChild).toHaveAttribute('min', '0');
      await expect(localChild).toHaveAttribute('step', '0.01');
      await audit(page, 'loaded', testInfo.project.name);

      // A negative price is refused under its field, with the shared message.
      await localChild.fill('-1');
      await page.getByRole('button', { name: 'Save Prices' }).click();
      await expect(localChild).toHaveAttribute('aria-invalid', 'true');
      await expect(localChild).toHaveAccessibleDescription(MSG.priceInvalid);
      await audit(page, 'invalid-price', testInfo.project.name);

      // Something that is not a number becomes 0.
      await localChild.fill('');
      await localChild.blur();
      await expect(localChild).toHaveValue('0');

      await localChild.fill('16.5');
      await foreignerAdult.fill('6.25');
      await page.getByRole('button', { name: 'Save Prices' }).click();
      await expect(toast(page, MSG.pricesUpdated)).toBeVisible();
      await expect(localChild).not.toHaveAttribute('aria-invalid');
      const saved = await publicSettings(page.request);
      expect(Number(saved.localChildPrice)).toBe(16.5);
      expect(Number(saved.foreignerAdultPrice)).toBe(6.25);
      expect(Number(saved.localAdultPrice)).toBe(Number(DEFAULT_PRICES.localAdultPrice));

      // The rate card's preview follows the saved foreigner price.
      await expect(page.getByTestId('preview-adult')).toHaveText(
        `MVR ${(6.25 * Number(DEFAULT_EXCHANGE_RATE)).toFixed(2)}`,
      );

      // Put the defaults back through the screen itself.
      await localChild.fill(DEFAULT_PRICES.localChildPrice);
      await foreignerAdult.fill(DEFAULT_PRICES.foreignerAdultPrice);
      // The first save's toast may still show: wait for this save's answer, then its toast.
      await saveAndWait(page, 'Save Prices');
      await expect(toast(page, MSG.pricesUpdated)).toBeVisible();
      const restored = await publicSettings(page.request);
      expect(Number(restored.localChildPrice)).toBe(Number(DEFAULT_PRICES.localChildPrice));
      expect(Number(restored.foreignerAdultPrice)).toBe(Number(DEFAULT_PRICES.foreignerAdultPrice));
    } finally {
      await restore(page.request, DEFAULTS);
    }
  });

  test('the conversion preview follows the rate as it is typed', async ({ page }, testInfo) => {
    test.slow();
    try {
      await page.goto('/admin/payments');
      const rate = page.getByLabel('Exchange rate (MVR per USD)');
      await expect(rate).toHaveValue(DEFAULT_EXCHANGE_RATE);
      const adult = page.getByTestId('preview-adult');
      const child = page.getByTestId('preview-child');
      const mvr = (usd: string, r: number) => `MVR ${(Number(usd) * r).toFixed(2)}`;
      await expect(adult).toHaveText(mvr(DEFAULT_PRICES.foreignerAdultPrice, 15.42));
      await expect(child).toHaveText(mvr(DEFAULT_PRICES.foreignerChildPrice, 15.42));

      await rate.fill('20');
      await expect(adult).toHaveText(mvr(DEFAULT_PRICES.foreignerAdultPrice, 20));
      await expect(child).toHaveText(mvr(DEFAULT_PRICES.foreignerChildPrice, 20));
      await rate.fill('15.555');
      await expect(adult).toHaveText(mvr(DEFAULT_PRICES.foreignerAdultPrice, 15.555));
      await audit(page, 'rate-preview', testInfo.project.name);

      // 0 is no rate at all.
      await rate.fill('0');
      await page.getByRole('button', { name: 'Save Rate' }).click();
      await expect(rate).toHaveAccessibleDescription(MSG.ratePositive);

      await rate.fill('16.1');
      await page.getByRole('button', { name: 'Save Rate' }).click();
      await expect(toast(page, MSG.rateUpdated)).toBeVisible();
      expect(Number((await publicSettings(page.request)).exchangeRate)).toBe(16.1);

      await rate.fill(DEFAULT_EXCHANGE_RATE);
      // The first save's toast may still show: wait for this save's answer, then its toast.
      await saveAndWait(page, 'Save Rate');
      await expect(toast(page, MSG.rateUpdated)).toBeVisible();
      expect(Number((await publicSettings(page.request)).exchangeRate)).toBe(Number(DEFAULT_EXCHANGE_RATE));
    } finally {
      await restore(page.request, DEFAULTS);
    }
  });

  test('bank details are saved on their own', async ({ page }, testInfo) => {
    test.slow();
    const original = await publicSettings(page.request);
    const token = randomUUID().slice(0, 8);
    try {
      await page.goto('/admin/payments');
      await expect(page.getByLabel('Bank name (MVR)')).toHaveValue(original.bankName);
      await page.getByLabel('Account number (USD)').fill(`7701-${token}`);
      await page
        .getByLabel('Payment instructions', { exact: true })
        .fill(`Write reference ${token} on the transfer.`);
      await audit(page, 'bank-details', testInfo.project.name);
      await page.getByRole('button', { name: 'Save Bank Details' }).click();
      await expect(toast(page, MSG.bankUpdated)).toBeVisible();

      const saved = await publicSettings(page.request);
      expect(saved.accountNumberUsd).toBe(`7701-${token}`);
      expect(saved.paymentInstructions).toBe(`Write reference ${token} on the transfer.`);
      // Only this card's fields were sent.
      expect(saved.localAdultPrice).toBe(original.localAdultPrice);
      expect(saved.exchangeRate).toBe(original.exchangeRate);

      // After a reload the saved values are what the form shows.
      await page.reload();
      await expect(page.getByLabel('Account number (USD)')).toHaveValue(`7701-${token}`);
    } finally {
      await restore(page.request, {
        bankName: original.bankName,
        accountHolder: original.accountHolder,
        accountNumber: original.accountNumber,
        bankNameUsd: original.bankNameUsd,
        accountHolderUsd: original.accountHolderUsd,
        accountNumberUsd: original.accountNumberUsd,
        paymentInstructions: original.paymentInstructions,
      });
    }
  });

  test('the office sets the cancellation refunds; step 5 shows them in English and Dhivehi', async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    const project = testInfo.project.name;
    await mkdir(REFUND_SHOTS, { recursive: true });
    const card = page.getByTestId('refund-policy-card');
    const tiers = card.getByTestId('refund-tier');
    const preview = card.getByTestId('refund-preview');
    const hours = (n: number) =>
      card.getByRole('spinbutton', { name: `Tier ${n}: At least hours before departure`, exact: true });
    const percent = (n: number) => card.getByRole('spinbutton', { name: `Tier ${n}: % back`, exact: true });
    const add = card.getByRole('button', { name: 'Add tier' });
    try {
      await page.goto('/admin/payments');
      await expect(card.getByRole('heading', { level: 2, name: 'Cancellation refunds' })).toBeVisible();
      // The default policy, in rows and in words.
      await expect(tiers).toHaveCount(2);
      await expect(hours(1)).toHaveValue('24');
      await expect(percent(1)).toHaveValue('100');
      await expect(hours(2)).toHaveValue('2');
      await expect(percent(2)).toHaveValue('50');
      await expect(preview).toHaveText(
        'Cancelled 24 hours or more before departure: 100 % back. 2 hours or more: 50 %. Later: nothing back.',
      );

      // What the server would refuse is refused here first, with its messages.
      await hours(2).fill('30');
      await percent(1).fill('101');
      await card.getByRole('button', { name: 'Save Refund Policy' }).click();
      await expect(percent(1)).toHaveAttribute('aria-invalid', 'true');
      await expect(percent(1)).toHaveAccessibleDescription(REFUND_POLICY_MSG.percent);
      await expect(percent(1)).toBeFocused();
      await percent(1).fill('100');
      await expect(card.getByRole('alert')).toHaveText(
        'List the tiers from the longest notice to the shortest, each with fewer hours than the one above',
      );
      await expect(preview).toHaveText('Correct the tiers above to see the policy in words.');

      // By keyboard: a third tier comes with its hours field focused; up to five, then no more.
      await hours(1).fill('48');
      await hours(2).fill('6');
      await percent(2).fill('25');
      await add.focus();
      await page.keyboard.press('Enter');
      await expect(hours(3)).toBeFocused();
      await hours(3).fill('0');
      await percent(3).fill('10');
      await add.click();
      await add.click();
      await expect(tiers).toHaveCount(5);
      await expect(add).toBeDisabled();
      await expect(card.getByText(`${REFUND_POLICY_MSG.tooMany}.`)).toBeVisible();
      await card.getByRole('button', { name: 'Remove tier 5' }).click();
      await card.getByRole('button', { name: 'Remove tier 4' }).click();
      await expect(tiers).toHaveCount(3);
      await expect(add).toBeFocused();
      await expect(card.getByRole('alert')).toHaveCount(0);
      await expect(preview).toHaveText(
        'Cancelled 48 hours or more before departure: 100 % back. 6 hours or more: 25 %. ' +
          'Up to departure: 10 %. After departure: nothing back.',
      );
      await expectAccessible(page, 'refund-policy');
      // The sticky admin header would cover the top of a card taller than a phone's screen.
      await card.screenshot({
        path: path.join(REFUND_SHOTS, `refund-admin-card-${project}.png`),
        style: 'header { visibility: hidden }',
      });

      await saveAndWait(page, 'Save Refund Policy');
      await expect(toast(page, 'Refund policy updated successfully')).toBeVisible();
      const policy = [
        { hoursBefore: 48, percent: 100 },
        { hoursBefore: 6, percent: 25 },
        { hoursBefore: 0, percent: 10 },
      ];
      expect((await publicSettings(page.request)).refundPolicy).toEqual(policy);

      // Step 5 shows it before the passenger submits.
      await reachPaymentStep(page, page.request, {
        date: operatorDate(8),
        email: `refund-policy-${project}-${Date.now()}@example.com`,
      });
      const block = page.getByRole('region', { name: 'Cancellation' });
      const english = [
        'At least 48 hours before departure: 100% of the fare back',
        'At least 6 hours before departure: 25% of the fare back',
        'Until departure: 10% of the fare back',
        'Later: nothing back',
      ];
      await expect(block.getByRole('listitem')).toHaveText(english);
      await expectAccessible(page, 'step5-refund-en');
      await page.screenshot({
        path: path.join(REFUND_SHOTS, `refund-step5-en-${project}.png`),
        fullPage: true,
      });

      // A Dhivehi reader: the same lines from the Dhivehi catalogue.
      await page.getByRole('button', { name: `${common.languageSwitch}: ދިވެހި` }).click();
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      const dhivehi = page.getByRole('region', { name: dv('payment.refundHeading') });
      await expect(dhivehi.getByRole('listitem')).toHaveText([
        dv('payment.refundTier', { hours: 48, percent: 100 }),
        dv('payment.refundTier', { hours: 6, percent: 25 }),
        dv('payment.refundTierAny', { percent: 10 }),
        dv('payment.refundLater'),
      ]);
      await expect(dhivehi).toContainText('ތިޔަބޭފުޅާ');
      await expectAccessible(page, 'step5-refund-dv');
      await page.screenshot({
        path: path.join(REFUND_SHOTS, `refund-step5-dv-${project}.png`),
        fullPage: true,
      });
    } finally {
      await restore(page.request, { refundPolicy: DEFAULT_REFUND_POLICY });
    }
  });

  // The booking the server refuses on purpose below: Chromium logs its 409 as a console error.
  const refusedTest = test.extend({
    allowedErrors: [[failedResponse(409, 'Conflict', '/api/bookings')], { scope: 'test' }],
  });

  refusedTest(
    'a currency without a bank account: step 5 says so and Submit Booking waits',
    async ({ page }, testInfo) => {
      test.setTimeout(180_000);
      const project = testInfo.project.name;
      const original = await publicSettings(page.request);
      const submit = page.getByRole('button', { name: 'Submit Booking' });
      const notice = page.getByRole('alert').filter({ hasText: MSG.paymentDetailsMissing });
      try {
        // No USD account; the passenger (a local ticket, so MVR to start with) switches to USD.
        await restore(page.request, { bankNameUsd: '', accountHolderUsd: '', accountNumberUsd: '' });
        await reachPaymentStep(page, page.request, {
          date: operatorDate(8),
          email: `no-account-${project}-${Date.now()}@example.com`,
        });
        await page.getByRole('radio', { name: /USD/ }).check();
        await expect(notice).toBeVisible();
        // The operator's phone from the branding settings (admin-branding.spec.ts, which may run
        // meanwhile, changes it for a moment): whichever is shown, the link dials that number.
        const call = notice.getByRole('link', { name: /^Call us: / });
        await expect(call).toBeVisible();
        const shown = ((await call.textContent()) ?? '').replace('Call us: ', '');
        expect(shown).toMatch(/^\+?[\d ()-]{6,}$/);
        await expect(call).toHaveAttribute('href', `tel:${shown.replace(/[^\d+]/g, '')}`);
        await expect(page.getByRole('heading', { name: /Bank details/ })).toHaveCount(0);
        await page.getByLabel('Payment slip', { exact: true }).setInputFiles(SLIP);
        await expect(page.getByText(/^Ready: photo-exif-gps\.jpg/)).toBeVisible();
        await expect(submit).toBeDisabled();
        await audit(page, 'step5-no-account', project);

        // MVR has its account: the details show and the booking may go.
        await page.getByRole('radio', { name: /MVR/ }).check();
        await expect(notice).toHaveCount(0);
        await expect(page.getByTestId('account-number')).toHaveText(original.accountNumber);
        await expect(submit).toBeEnabled();

        // The operator clears that one too while the passenger is on the step: the server refuses
        // with payment_details_missing, which reads as the notice does, and the notice appears.
        await restore(page.request, { bankName: '', accountHolder: '', accountNumber: '' });
        await submit.click();
        await expect(toast(page, MSG.paymentDetailsMissing)).toBeVisible();
        await expect(notice).toBeVisible();
        await expect(submit).toBeDisabled();
      } finally {
        await restore(page.request, {
          bankName: original.bankName,
          accountHolder: original.accountHolder,
          accountNumber: original.accountNumber,
          bankNameUsd: original.bankNameUsd,
          accountHolderUsd: original.accountHolderUsd,
          accountNumberUsd: original.accountNumberUsd,
        });
      }
    },
  );
  test('prices went up: a rebooking asks for the difference with a slip, and the office sees both slips', async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    test.slow();
    const project = testInfo.project.name;
    const { launch, schedules, times } = await departures(page.request, [19, 23]);
    const [from, to] = schedules as [AdminSchedule, AdminSchedule];
    const passenger = await approvedPassenger(page.request, { schedule: from, launch, stops: [] }, '4');
    const guest = await browser.newContext({ baseURL });
    try {
      await restore(page.request, { localAdultPrice: '100.00', foreignerAdultPrice: '20.00' });
      const traveller = await guest.newPage();
      await traveller.goto(await mailedLink(page.request, passenger));
      // The dialog sends the code as it opens and asks for it first.
      const since = Date.now();
      await traveller.getByRole('button', { name: MANAGE.rebookTitle }).click();
      const rebookDialog = traveller.getByRole('dialog', { name: MANAGE.rebookTitle });
      const code = await dialogCode(rebookDialog, page.request, passenger, since);
      await traveller.getByRole('radio', { name: new RegExp(`Departs ${times[1]} `) }).check();
      await traveller.getByRole('button', { name: 'Seat 6, available' }).click();
      await expect(traveller.getByText(/^The new departure costs .+\. You pay .+ more\.$/)).toBeVisible();
      await expect(
        traveller.getByText(/^Transfer .+ to this account, then add a photo of the slip:$/),
      ).toBeVisible();
      // Without the slip the change is refused before it is sent.
      await traveller.getByRole('button', { name: MANAGE.rebookConfirm }).click();
      await expect(traveller.getByRole('alert').filter({ hasText: MANAGE.slipNeeded })).toBeVisible();
      await traveller.getByLabel(MANAGE.slipLabel).setInputFiles(SLIP);
      await expect(traveller.getByText(/^Ready: photo-exif-gps\.jpg/)).toBeVisible();
      await rebookDialog.getByRole('textbox', { name: MANAGE.codeLabel }).fill(code);
      await expectAccessible(traveller, 'manage page, dearer rebooking');
      await traveller.screenshot({
        path: path.join(REFUND_SHOTS, `manage-dearer-${project}.png`),
        fullPage: true,
      });
      const rebooked = traveller.waitForResponse((r) => r.url().endsWith('/manage/rebook'));
      await traveller.getByRole('button', { name: MANAGE.rebookConfirm }).click();
      const view = (await (await rebooked).json()) as ManageView;
      await expect(traveller.getByRole('status').filter({ hasText: MANAGE.rebookDonePending })).toBeFocused();
      expect(view).toMatchObject({ ticketStatus: 'pending', departureTime: times[1], seatNumbers: ['6'] });
      expect(Number(view.extraAmount)).toBeGreaterThan(0);
      // Until the office has checked that payment, the page offers no other rebooking, and says why.
      await expect(
        traveller.getByText(
          /^Changing to another departure is possible again once the office has checked your payment of .+\.$/,
        ),
      ).toBeVisible();
      await expect(traveller.getByRole('button', { name: MANAGE.rebookTitle })).toHaveCount(0);
      await expectAccessible(traveller, 'manage page, second payment under review');
      await traveller.screenshot({
        path: path.join(REFUND_SHOTS, `manage-under-review-${project}.png`),
        fullPage: true,
      });

      // The office reviews both payments: the first slip, then the difference's.
      await page.goto(`/admin/tickets?q=${passenger.reference}`);
      const card = page.getByRole('article', { name: passenger.reference });
      await expect(card.getByText('Rebooked to a dearer departure: the difference')).toBeVisible();
      await card.screenshot({ path: path.join(SHOTS, `payments-${project}-two-slips.png`) });
      await card.getByRole('button', { name: /View 2nd slip/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Rebooking Payment Slip' });
      const image = dialog.getByRole('img', {
        name: `Rebooking payment slip for booking ${passenger.reference}`,
      });
      await expect(image).toBeVisible();
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      const amount = `${view.currency} ${Number(view.extraAmount).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
      await expect(dialog.getByText(amount)).toBeVisible();
      await audit(page, 'second-slip', project);
      await page.keyboard.press('Escape');
      await card
        .getByRole('button', { name: new RegExp(`^View slip of booking ${passenger.reference}`) })
        .click();
      await expect(page.getByRole('dialog', { name: 'Payment Slip' })).toBeVisible();
      await page.keyboard.press('Escape');
      // And the seats: the old departure's is free, the new one's taken.
      const mapOf = (schedule: AdminSchedule, seat: string) =>
        seatMap(page.request, {
          scheduleId: schedule.id,
          date: schedule.travelDate,
          launchId: launch.id,
        }).then((map) => seatStates(map, [seat]));
      expect(await mapOf(from, '4')).toEqual({ '4': 'available' });
      expect(await mapOf(to, '6')).toEqual({ '6': 'occupied' });

      // The office rejects the second payment: the booking is cancelled, and the first payment,
      // verified before the change, goes back in full through the refunds queue.
      const firstAmount = (Number(view.totalAmount) - Number(view.extraAmount)).toLocaleString('en-US', {
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      });
      await card.getByRole('button', { name: 'Reject', exact: true }).click();
      const reject = page.getByRole('dialog', { name: `Reject ticket ${passenger.reference}` });
      await expect(
        reject.getByText(
          `The first payment, ${view.currency} ${firstAmount}, was verified before the rebooking`,
        ),
      ).toBeVisible();
      await reject.getByRole('textbox').fill('The second slip is for another amount');
      await reject.getByRole('button', { name: 'Reject ticket' }).click();
      await expect(reject).toBeHidden();
      await traveller.reload();
      const refunds = traveller.getByRole('region', { name: MANAGE.refundsTitle });
      await expect(refunds.getByText(MANAGE.reasonRejectedExtraPayment)).toBeVisible();
      await expect(refunds.getByText(`${view.currency} ${firstAmount}`)).toBeVisible();

      await page.goto('/admin/refunds');
      const row = page.locator(`li[data-reference="${passenger.reference}"]`);
      await expect(row.getByText('Rebooking payment rejected')).toBeVisible();
      await expect(row.getByText(`${view.currency} ${firstAmount}`)).toBeVisible();
      await row.getByRole('button', { name: /View 2nd slip/ }).click();
      const second = page.getByRole('dialog', { name: 'Rebooking Payment Slip' });
      await expect(
        second.getByRole('img', { name: `Rebooking payment slip for booking ${passenger.reference}` }),
      ).toBeVisible();
      await expect(second.getByRole('region', { name: 'Refund account' })).toBeVisible();
      await expectAccessible(page, 'refunds queue, second slip');
      await page.screenshot({
        path: path.join(REFUND_SHOTS, `admin-refunds-second-slip-${project}.png`),
      });
      await page.keyboard.press('Escape');
    } finally {
      await guest.close();
      await restore(page.request, DEFAULTS);
    }
  });

  test('prices went down: a rebooking queues the difference, and the ticket card leaves that refund to the queue', async ({
    page,
  }, testInfo) => {
    test.slow();
    const project = testInfo.project.name;
    const { launch, schedules } = await departures(page.request, [18, 21]);
    const [from, to] = schedules as [AdminSchedule, AdminSchedule];
    const passenger = await approvedPassenger(page.request, { schedule: from, launch, stops: [] }, '2');
    try {
      await restore(page.request, { localAdultPrice: '1.00', foreignerAdultPrice: '1.00' });
      // The passenger rebooks through the manage API: a code, then the change with its grant.
      const since = Date.now();
      await json(await page.request.post(`/api/bookings/${passenger.reference}/manage/code`, { data: {} }));
      const code = await mailedCode(page.request, passenger, since);
      const proved = await json<{ link: string; grant: string }>(
        await page.request.post(`/api/bookings/${passenger.reference}/manage/verify`, { data: { code } }),
      );
      const view = await json<ManageView>(
        await page.request.post(`/api/bookings/${passenger.reference}/manage/rebook`, {
          headers: { [MANAGE_LINK_HEADER]: proved.link, [MANAGE_GRANT_HEADER]: proved.grant },
          data: {
            requestId: randomUUID(),
            scheduleId: to.id,
            travelDate: to.travelDate,
            launchId: launch.id,
            seats: ['3'],
          },
        }),
      );
      expect(view.ticketStatus).toBe('confirmed');
      expect(view.refunds).toEqual([
        expect.objectContaining({ reason: 'cheaper_rebooking', status: 'requested' }),
      ]);

      // The card's plain "Refunded" is off while that refund waits: it points to the queue.
      await page.goto(`/admin/tickets?tab=approved&q=${passenger.reference}`);
      const card = page.getByRole('article', { name: passenger.reference });
      const refunded = card.getByRole('button', { name: 'Refunded' });
      await expect(refunded).toBeDisabled();
      await expect(refunded).toHaveAccessibleDescription(
        'A refund is waiting in the Refunds queue: mark it refunded there, with the bank reference, so the passenger is told.',
      );
      await expect(card.getByRole('button', { name: 'Present' })).toBeEnabled();
      await expectAccessible(page, 'ticket card, refund in the queue');
      await card.screenshot({ path: path.join(REFUND_SHOTS, `admin-tickets-refund-queued-${project}.png`) });
      await card.getByRole('link', { name: 'Refunds queue' }).click();
      await expect(page).toHaveURL(/\/admin\/refunds$/);
      const row = page.locator(`li[data-reference="${passenger.reference}"]`);
      await expect(row.getByText('Cheaper rebooking')).toBeVisible();
    } finally {
      await restore(page.request, DEFAULTS);
    }
  });
});
