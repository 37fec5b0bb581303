// The booking reference before paying (docs/decisions/039-reference-at-lock.md): step 5 shows the
// reference the seat hold made beside the bank details, with 'Copy reference' and the remark the
// transfer should carry; the confirmation and Check Booking show the same reference. On a phone
// and a desktop, in English and in Dhivehi. Screenshots go to .tmp/screens/reference-*.png (or to
// E2E_SCREENS_DIR when set).
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures.ts';
import { operatorDate } from './support/booking-api.ts';
import { expectAccessible } from './support/ui.ts';
import { reachPaymentStepIn } from './support/wizard.ts';
import { screen, texts } from './support/wizard-texts.ts';

const SLIP = fileURLToPath(new URL('../files/photo-exif-gps.jpg', import.meta.url));
const DAY = 11;
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

for (const language of ['en', 'dv'] as const) {
  test.describe(`the reference before paying, in ${language === 'en' ? 'English' : 'Dhivehi'}`, () => {
    test.use({ locale: language === 'en' ? 'en-US' : 'dv-MV' });
    const say = texts(language);

    test('step 5 shows the hold’s reference to copy as the remark; the booking keeps it', async ({
      page,
      request,
      context,
      baseURL,
    }, testInfo) => {
      test.setTimeout(180_000);
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
      const project = testInfo.project.name;
      const shot = (step: string) => screen(page, `reference-${language}-${project}-${step}`);
      const email = `reference-${language}-${project}-${Date.now()}@example.com`;
      // Steps 1 to 4 as a passenger takes them: each run reaches for its own seat.
      const reference = await reachPaymentStepIn(page, request, say, language, {
        date: operatorDate(DAY),
        email,
        name: 'Hawwa Reference',
        seat: ['en', 'dv'].indexOf(language) * 2 + (project === 'phone' ? 0 : 1),
      });
      expect(reference).toMatch(/^\d{10}$/);

      // Step 5: the reference beside the bank details, and what the transfer's remark should say.
      await expect(page.getByRole('heading', { name: say('payment.title') })).toBeVisible();
      // Local tickets pay in MVR.
      const bank = page.getByRole('region', { name: say('payment.bankDetails', { currency: 'MVR' }) });
      await expect(bank.getByTestId('payment-reference')).toHaveText(reference);
      await expect(bank.getByText(say('payment.transferRemark', { reference }))).toBeVisible();
      await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached' });
      await expectAccessible(page, 'step 5 with the reference');
      await shot('step5');

      // Copied, and said so where a screen reader hears it.
      const copy = bank.getByRole('button', { name: say('payment.copyTransferReference'), exact: true });
      const status = bank.getByRole('status');
      await expect(status).toHaveText('');
      await copy.click();
      await expect(status).toHaveText(say('payment.referenceCopiedStatus'));
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(reference);
      await shot('step5-copied');

      // The booking under the same reference.
      await page.getByLabel(say('payment.slipLabel'), { exact: true }).setInputFiles(SLIP);
      const ready = literal(say('payment.slipReady', { name: 'photo-exif-gps.jpg', kb: '\u0000' })).replace(
        '\u0000',
        '\\d+',
      );
      await expect(page.getByText(new RegExp(ready))).toBeVisible({ timeout: 30_000 });
      await page.getByRole('button', { name: say('payment.submit') }).click();
      await expect(page.getByRole('heading', { name: say('payment.submittedHeading') })).toBeVisible();
      await expect(page.getByTestId('booking-reference')).toHaveText(reference);
      await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached' });
      await shot('confirmation');

      // Check Booking, pending: the same reference, and the remark asked for again.
      await page.getByRole('link', { name: say('payment.checkStatus') }).click();
      await expect(page.getByRole('heading', { level: 1, name: say('lookup.title') })).toBeVisible();
      await expect(page.getByTestId('transfer-remark')).toHaveText(
        say('lookup.transferRemark', { reference }),
      );
      await expectAccessible(page, 'Check Booking with the remark');
      await shot('check-booking');
    });
  });
}
