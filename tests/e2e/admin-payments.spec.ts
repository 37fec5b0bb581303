import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEFAULT_EXCHANGE_RATE, DEFAULT_PRICES, DEMO_ADMIN } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';
import type { PublicSettings } from '#shared/schemas.ts';
import { test as base, expect, failedResponse } from './fixtures.ts';
import { json, operatorDate } from './support/booking-api.ts';
import { lockFixture } from './support/global-lock.ts';
import { expectAccessible, toast } from './support/ui.ts';
import { reachPaymentStep } from './support/wizard.ts';

const SHOTS = path.resolve(import.meta.dirname, '../../.tmp/d2-shots');
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
        // No USD account; USD is the wizard's default currency.
        await restore(page.request, { bankNameUsd: '', accountHolderUsd: '', accountNumberUsd: '' });
        await reachPaymentStep(page, page.request, {
          date: operatorDate(project.startsWith('phone') ? 7 : 8),
          email: `no-account-${project}-${Date.now()}@example.com`,
        });
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
});
