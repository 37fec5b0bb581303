// Paying by card online (docs/decisions/042), as a passenger meets it, on the built-in test
// gateway the browser tests' server runs with: step 5 offers the card beside the transfer; chosen,
// the slip and the bank details go and the button says where it leads. The gateway's page takes
// the passenger back to /payment/<id>, which waits for the outcome: paid, the e-ticket is one tap
// away; declined, another try or a transfer instead, which ends on the booking's manage page. The
// return page's other outcomes are shown from answers made up here. In English and in Dhivehi.
// Screenshots go to .tmp/screens/card-*.png (or to E2E_SCREENS_DIR when set).
import type { Page } from '@playwright/test';
import type { CardPaymentView } from '#shared/card-payments.ts';
import type { PublicSettings } from '#shared/schemas.ts';
import { expect, failedResponse, test } from './fixtures.ts';
import { json, operatorDate } from './support/booking-api.ts';
import { expectAccessible } from './support/ui.ts';
import { reachPaymentStepIn } from './support/wizard.ts';
import { screen, texts } from './support/wizard-texts.ts';

// Days no other passenger spec books, far enough ahead for the whole hold: one per language, so
// each run's seat is among the first few free ones of its departure.
const DAY = { en: 10, dv: 12 } as const;
const ZONE = 'Indian/Maldives';

/** 'HH:MM' of an instant where the operator is. */
const clock = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));

/** The page once its toasts have gone: a screenshot or an accessibility check without them. */
const toastsGone = (page: Page) =>
  page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 15_000 });

for (const language of ['en', 'dv'] as const) {
  test.describe(`paying by card, in ${language === 'en' ? 'English' : 'Dhivehi'}`, () => {
    test.use({ locale: language === 'en' ? 'en-US' : 'dv-MV' });
    const say = texts(language);

    /** Steps 1 to 4, then step 5 with the card chosen; answers the booking reference. */
    async function chooseCard(
      page: Page,
      request: Parameters<typeof reachPaymentStepIn>[1],
      run: number,
      project: string,
    ) {
      const settings = await json<PublicSettings>(await request.get('/api/settings/public'));
      expect(settings.paymentMethods).toContain('card');
      const reference = await reachPaymentStepIn(page, request, say, language, {
        date: operatorDate(DAY[language]),
        email: `card-${language}-${project}-${run}-${Date.now()}@example.com`,
        name: 'Mariyam Card',
        // Each run of the spec reaches for its own seat.
        seat: run * 2 + (project === 'phone' ? 0 : 1),
      });
      const method = page.getByRole('group', { name: say('payment.methodLegend') });
      const card = method.getByRole('radio', { name: say('payment.methodCard') });
      // The slip stays the default; the card is one more radio of the same group.
      await expect(method.getByRole('radio', { name: say('payment.methodSlipNow') })).toBeChecked();
      await expect(
        page.getByRole('heading', { name: say('payment.bankDetails', { currency: 'MVR' }) }),
      ).toBeVisible();
      await card.check();
      await expect(card).toBeChecked();
      await expect(card).toHaveAccessibleDescription(
        `${say('payment.cardRedirect')} ${say('payment.cardConfirmed')}`,
      );
      await expect(page.getByText(say('payment.slipLabel'), { exact: true })).toBeHidden();
      await expect(
        page.getByRole('heading', { name: say('payment.bankDetails', { currency: 'MVR' }) }),
      ).toHaveCount(0);
      await expect(page.getByText(say('payment.descriptionCard'))).toBeVisible();
      return reference;
    }

    /** Submits step 5 by card: the booking goes without a slip or an amount, then the gateway's page. */
    async function payByCard(page: Page) {
      const created = page.waitForResponse(
        (res) => res.url().endsWith('/api/bookings') && res.request().method() === 'POST',
      );
      await page.getByRole('button', { name: say('payment.submitCard') }).click();
      const response = await created;
      const body = response.request().postData() ?? '';
      expect(body).toContain('"paymentMethod":"card"');
      expect(body).not.toContain('name="slip"');
      expect(body).not.toMatch(/"(total)?[Aa]mount"/);
      expect(response.status()).toBe(201);
      await expect(page).toHaveURL(/\/test-gateway\//);
      await expect(page.getByRole('heading', { name: 'Test payment gateway' })).toBeVisible();
    }

    test('by card: the test gateway takes the payment, the return page confirms the booking and opens its e-ticket', async ({
      page,
      request,
    }, testInfo) => {
      test.setTimeout(180_000);
      const project = testInfo.project.name;
      const shot = (step: string) => screen(page, `card-${language}-${project}-${step}`);
      const reference = await chooseCard(page, request, 0, project);
      await toastsGone(page);
      await expectAccessible(page, 'step 5, paying by card');
      await shot('step5-card');

      await payByCard(page);
      // The test gateway's own page says it is a test, and is usable by keyboard and reader too.
      await expect(page.getByRole('note')).toContainText('No card is charged');
      await expectAccessible(page, 'the test gateway');
      await shot('gateway');
      await page.getByRole('button', { name: /^Pay\b/ }).click();

      // Back on our page: the outcome in a status region, read out as it changes.
      await expect(page).toHaveURL(/\/payment\/[\w-]+$/);
      await expect(page.getByRole('heading', { level: 1, name: say('card.title') })).toBeVisible();
      const status = page.getByRole('status').filter({ hasText: say('card.paidHeading') });
      await expect(status).toBeVisible({ timeout: 20_000 });
      await expect(status).toContainText(say('card.paidText'));
      await expect(page.getByTestId('booking-reference')).toHaveText(reference);
      await expect(page.getByRole('link', { name: say('card.manage') })).toBeVisible();
      await expectAccessible(page, 'the return page, paid');
      await shot('paid');

      await page.getByRole('link', { name: say('card.viewTicket') }).click();
      await expect(page).toHaveURL(/\/t\/[\w-]+$/);
      await expect(page.getByRole('heading', { level: 1, name: say('eticket.title') })).toBeVisible();
      await expect(page.getByRole('img', { name: say('eticket.qrLabel', { reference }) })).toBeVisible();
    });

    test('declined: the seats stay held, and a transfer instead ends on the manage page with the reference', async ({
      page,
      request,
    }, testInfo) => {
      test.setTimeout(180_000);
      const project = testInfo.project.name;
      const shot = (step: string) => screen(page, `card-${language}-${project}-${step}`);
      const reference = await chooseCard(page, request, 1, project);
      await payByCard(page);
      await page.getByRole('button', { name: 'Decline' }).click();

      await expect(page).toHaveURL(/\/payment\/[\w-]+$/);
      const status = page.getByRole('status').filter({ hasText: say('card.declinedHeading') });
      await expect(status).toBeVisible({ timeout: 20_000 });
      const localId = new URL(page.url()).pathname.split('/').pop() ?? '';
      const view = await json<CardPaymentView>(await request.get(`/api/payments/${localId}`));
      expect(view).toMatchObject({ state: 'declined', seatsHeld: true, transferOffered: true, reference });
      await expect(status).toContainText(say('card.declinedHeld', { time: clock(view.holdUntil) }));
      await expect(page.getByRole('button', { name: say('card.retry') })).toBeVisible();
      await expectAccessible(page, 'the return page, declined');
      await shot('declined');

      await page.getByRole('button', { name: say('card.payByTransfer') }).click();
      await expect(page).toHaveURL(new RegExp(`/bookings/${reference}/manage\\?k=`));
      await expect(page.getByRole('heading', { level: 1, name: say('manage.title') })).toBeVisible();
      await expect(page.getByText(reference, { exact: true }).first()).toBeVisible();
      // Waiting for the transfer, with the reference its remark must carry, and a slip can follow.
      await expect(page.getByTestId('transfer-remark')).toHaveText(
        say('lookup.transferRemark', { reference }),
      );
      await expect(page.getByRole('region', { name: say('manage.addSlipTitle') })).toBeVisible();
      await shot('transfer-manage');
    });

    test('the return page says each outcome, and that a payment it does not know is not found', async ({
      page,
    }, testInfo) => {
      const project = testInfo.project.name;
      const shot = (step: string) => screen(page, `card-${language}-${project}-${step}`);
      const localId = 'AAAAAAAAAAAAAAAAAAAAAA';
      const inTen = new Date(Date.now() + 10 * 60_000).toISOString();
      const base: CardPaymentView = {
        state: 'open',
        reference: 'BK7Q2M',
        totalAmount: '450.00',
        currency: 'MVR',
        holdUntil: inTen,
        seatsHeld: true,
        transferOffered: true,
        eTicketPath: null,
        managePath: '/bookings/BK7Q2M/manage?k=made-up',
      };
      let answer: CardPaymentView = base;
      let asked = 0;
      await page.route(`**/api/payments/${localId}`, async (route) => {
        asked += 1;
        await route.fulfill({ json: answer });
      });

      // Open: it waits, and asks again by itself.
      await page.goto(`/payment/${localId}`);
      const status = page.getByTestId('card-payment-status');
      await expect(status).toHaveAttribute('role', 'status');
      await expect(status).toContainText(say('card.openHeading'));
      await expect(status).toContainText(say('card.openText'));
      await expect(page.getByTestId('booking-reference')).toHaveText('BK7Q2M');
      const before = asked;
      await expect.poll(() => asked, { timeout: 10_000 }).toBeGreaterThan(before);
      await shot('open');

      // Then each outcome, as the next answer brings it.
      const outcomes = [
        ['declined', { state: 'declined' }, 'card.declinedHeading', 'card.retry'],
        ['released', { state: 'declined', seatsHeld: false }, 'card.declinedReleased', 'card.bookAgain'],
        ['mismatch', { state: 'mismatch' }, 'card.mismatchText', 'card.checkBooking'],
        ['paid-no-seat', { state: 'paid_no_seat' }, 'card.paidNoSeatText', 'card.checkBooking'],
        ['refunded', { state: 'refunded' }, 'card.refundedText', 'card.manage'],
      ] as const;
      for (const [name, change, text, action] of outcomes) {
        answer = { ...base, ...change };
        await page.reload();
        await expect(status).toContainText(say(text));
        await expect(
          page.getByRole(action === 'card.retry' ? 'button' : 'link', { name: say(action) }),
        ).toBeVisible();
        await shot(name);
      }

      // Still open when its hold has ended: the seats were released, and it asks no more.
      answer = { ...base, holdUntil: new Date(Date.now() - 1000).toISOString() };
      await page.reload();
      await expect(status).toContainText(say('card.expiredHeading'));
      await expect(page.getByRole('link', { name: say('card.bookAgain') })).toBeVisible();
      const after = asked;
      await page.waitForTimeout(3000);
      expect(asked).toBe(after);
      await shot('expired');
    });

    test.describe(() => {
      test.use({ allowedErrors: [failedResponse(404, 'Not Found', '/api/payments/[^/]+')] });
      test('an unknown payment is not found, with the way home', async ({ page }, testInfo) => {
        await page.goto('/payment/BBBBBBBBBBBBBBBBBBBBBB');
        await expect(page.getByRole('heading', { name: say('card.notFoundHeading') })).toBeVisible();
        await expect(page.getByRole('link', { name: say('card.home') })).toBeVisible();
        await expectAccessible(page, 'the return page, not found');
        await screen(page, `card-${language}-${testInfo.project.name}-not-found`);
      });
    });
  });
}
