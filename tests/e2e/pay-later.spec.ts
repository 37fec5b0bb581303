// Pay later by transfer (docs/decisions/040-pay-later.md), as a passenger meets it: step 5 offers
// the slip now (the default) or a transfer the bank statement confirms; chosen, the slip goes
// away, a note says how long the seats are held, and Submit Booking sends no slip. The
// confirmation says the transfer is awaited and until when; Check Booking says the same; the
// booking's manage link adds the slip, after which the card is gone and the slip is being
// checked. On a phone and a desktop, in English and in Dhivehi. Screenshots go to
// .tmp/screens/pay-later-*.png (or to E2E_SCREENS_DIR when set).
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { monthName, travelDateParts } from '#shared/date-names.ts';
import { IDEMPOTENCY_KEY_HEADER } from '#shared/http-headers.ts';
import type { TextId } from '#shared/messages/catalogues.ts';
import type { BookingCreated, OutboxMail, PublicSettings } from '#shared/schemas.ts';
import { expect, failedResponse, test } from './fixtures.ts';
import { json, operatorDate } from './support/booking-api.ts';
import { expectAccessible } from './support/ui.ts';
import { reachPaymentStepIn } from './support/wizard.ts';
import { screen, texts } from './support/wizard-texts.ts';

const SLIP = fileURLToPath(new URL('../files/photo-exif-gps.jpg', import.meta.url));
// A day no other passenger spec books, far enough ahead for the whole hold.
const DAY = 7;
const ZONE = 'Indian/Maldives';
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An instant's parts where the operator is: its day (YYYY-MM-DD), month, year and 'HH:MM'. */
function zoned(iso: string) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    day: String(Number(part('day'))),
    month: Number(part('month')),
    year: part('year'),
    time: `${part('hour')}:${part('minute')}`,
  };
}

/** The newest code mailed after `since` (ms) to change booking `reference`, by its subject in `say`. */
async function manageCode(
  api: APIRequestContext,
  email: string,
  subject: string,
  since: number,
): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const mails = await json<OutboxMail[]>(await api.get('/dev/outbox', { params: { to: email } }));
      const mail = mails.find((m) => m.subject === subject && Date.parse(m.createdAt) >= since - 2000);
      code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/** The page once its toasts have gone: a screenshot or an accessibility check without them. */
const toastsGone = (page: Page) =>
  page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 15_000 });

for (const language of ['en', 'dv'] as const) {
  test.describe(`paying later by transfer, in ${language === 'en' ? 'English' : 'Dhivehi'}`, () => {
    test.use({
      locale: language === 'en' ? 'en-US' : 'dv-MV',
      // The refusal the test makes the server answer once.
      allowedErrors: [failedResponse(409, 'Conflict', '/api/bookings')],
    });
    const say = texts(language);
    const sayDate = (isoDate: string) => {
      const parts = travelDateParts(isoDate, (id: TextId) => say(id));
      if (!parts) throw new Error(`no date: ${isoDate}`);
      return say('dates.travelDate', parts);
    };

    test('step 5 books without a slip; the confirmation and Check Booking say until when the transfer is awaited; the manage link adds the slip', async ({
      page,
      request,
    }, testInfo) => {
      test.setTimeout(240_000);
      const project = testInfo.project.name;
      const shot = (step: string) => screen(page, `pay-later-${language}-${project}-${step}`);
      const email = `pay-later-${language}-${project}-${Date.now()}@example.com`;
      const settings = await json<PublicSettings>(await request.get('/api/settings/public'));
      expect(settings.payLater.enabled).toBe(true);
      // Steps 1 to 4 as a passenger takes them: each run reaches for its own seat.
      const reference = await reachPaymentStepIn(page, request, say, language, {
        date: operatorDate(DAY),
        email,
        name: 'Aminath Transfer',
        seat: ['en', 'dv'].indexOf(language) * 2 + (project === 'phone' ? 0 : 1),
      });

      // Step 5: the slip now is the default; the other way is a radio of the same group.
      await expect(page.getByRole('heading', { name: say('payment.title') })).toBeVisible();
      const method = page.getByRole('group', { name: say('payment.methodLegend') });
      const slipNow = method.getByRole('radio', { name: say('payment.methodSlipNow') });
      const later = method.getByRole('radio', { name: say('payment.methodPayLater') });
      await expect(slipNow).toBeChecked();
      await expect(later).not.toBeChecked();
      await expect(page.getByText(say('payment.slipLabel'), { exact: true })).toBeVisible();
      // Large enough to tap.
      const box = await method.locator('label').first().boundingBox();
      expect(box?.height).toBeGreaterThanOrEqual(44);

      // From the keyboard: the arrow keys move between the two.
      await slipNow.focus();
      await page.keyboard.press('ArrowDown');
      await expect(later).toBeChecked();
      await expect(later).toBeFocused();
      const note = page.getByTestId('pay-later-note');
      await expect(note).toContainText(
        say('payment.payLaterHold', {
          holdHours: settings.payLater.holdHours,
          cutoffHours: settings.payLater.cutoffHours,
        }),
      );
      await expect(note).toContainText(say('payment.payLaterRemark'));
      await expect(note).toContainText(say('payment.payLaterRelease'));
      await expect(note).toContainText(say('payment.payLaterSlipLater'));
      await expect(later).toHaveAccessibleDescription(/.+/);
      await expect(page.getByText(say('payment.slipLabel'), { exact: true })).toBeHidden();
      // The reference to write in the remark is still there beside the bank details.
      await expect(page.getByTestId('payment-reference')).toHaveText(reference);
      await toastsGone(page);
      await expectAccessible(page, 'step 5, paying later');
      await shot('step5');

      // Refused (the departure's share of seats waiting for transfers is full): back to the slip,
      // with why under it and the focus there; chosen again, the request goes under a new key.
      let refusedKey = '';
      await page.route(
        '**/api/bookings',
        async (route) => {
          refusedKey = (await route.request().headerValue(IDEMPOTENCY_KEY_HEADER)) ?? '';
          await route.fulfill({
            status: 409,
            json: { error: { code: 'pay_later_share_full', message: 'Too many seats are waiting.' } },
          });
        },
        { times: 1 },
      );
      await page.getByRole('button', { name: say('payment.submit') }).click();
      await expect(slipNow).toBeChecked();
      const slipField = page.getByLabel(say('payment.slipLabel'), { exact: true });
      await expect(slipField).toBeFocused();
      await expect(slipField).toHaveAccessibleDescription(say('msg.payLaterShareFull'));
      await expect(note).toHaveCount(0);
      await toastsGone(page);
      await shot('step5-refused');
      await later.check();
      await expect(note).toBeVisible();

      // Submitted without a slip: the booking says so, and no image goes with it.
      const created = page.waitForResponse(
        (res) => res.url().endsWith('/api/bookings') && res.request().method() === 'POST',
      );
      await page.getByRole('button', { name: say('payment.submit') }).click();
      const response = await created;
      const body = response.request().postData() ?? '';
      expect(body).toContain('"payLater":true');
      expect(body).not.toContain('name="slip"');
      expect(refusedKey).not.toBe('');
      expect(await response.request().headerValue(IDEMPOTENCY_KEY_HEADER)).not.toBe(refusedKey);
      expect(response.status()).toBe(201);
      const booking = (await response.json()) as BookingCreated;
      expect(booking.reference).toBe(reference);
      expect(booking.paymentDueAt).toBeTruthy();
      const due = zoned(booking.paymentDueAt ?? '');

      // The confirmation: waiting for the transfer, until when, and what its remark says.
      await expect(page.getByRole('heading', { name: say('payment.submittedHeading') })).toBeVisible();
      const status = page.getByTestId('transfer-status');
      await expect(status).toContainText(say('payment.transferWaiting'));
      await expect(page.getByTestId('transfer-due')).toHaveText(
        say('payment.transferDue', { date: sayDate(due.date), time: due.time, reference }),
      );
      await expect(page.getByTestId('slip-status')).toHaveCount(0);
      await expect(page.getByText(say('payment.nextTransferCheck'))).toBeVisible();
      await toastsGone(page);
      await expectAccessible(page, 'the confirmation of a booking paid later');
      await shot('confirmation');

      // Check Booking: the same deadline, as that page writes its instants, and the remark.
      await page.getByRole('link', { name: say('payment.checkStatus') }).click();
      await expect(page.getByRole('heading', { level: 1, name: say('lookup.title') })).toBeVisible();
      const instant = say('dates.instant', {
        day: due.day,
        month: monthName((id: TextId) => say(id), due.month),
        year: due.year,
        time: due.time,
      });
      await expect(page.getByText(say('status.statusAwaitingTransfer', { time: instant }))).toBeVisible();
      await expect(page.getByText(say('status.statusPending'))).toHaveCount(0);
      await expect(page.getByTestId('transfer-remark')).toHaveText(
        say('lookup.transferRemark', { reference }),
      );
      await expectAccessible(page, 'Check Booking, waiting for the transfer');
      await shot('check-booking');

      // The manage link (as the mails carry it): a card adds the slip, with a code.
      expect(booking.managePath).toBeTruthy();
      await page.goto(booking.managePath ?? '');
      await expect(page.getByRole('heading', { level: 1, name: say('manage.title') })).toBeVisible();
      const card = page.getByRole('region', { name: say('manage.addSlipTitle') });
      await expect(card).toBeVisible();
      await expect(card.getByText(say('manage.addSlipIntro'))).toBeVisible();
      // Nothing is mailed until a slip is chosen.
      await expect(card.getByRole('textbox', { name: say('manage.codeLabel') })).toHaveCount(0);
      await expectAccessible(page, 'the manage page with the slip card');
      await shot('manage-card');

      const since = Date.now();
      await card.getByLabel(say('manage.slipLabel'), { exact: true }).setInputFiles(SLIP);
      await expect(
        card.getByText(
          new RegExp(
            literal(say('manage.slipReady', { name: 'photo-exif-gps.jpg', kb: '\u0000' })).replace(
              '\u0000',
              '\\d+',
            ),
          ),
        ),
      ).toBeVisible({ timeout: 30_000 });
      const codeField = card.getByRole('textbox', { name: say('manage.codeLabel') });
      await expect(codeField).toBeVisible();
      await codeField.fill(
        await manageCode(request, email, say('email.manageCodeSubject', { reference }), since),
      );
      await shot('manage-card-ready');
      const sent = page.waitForResponse(
        (res) =>
          res.url().endsWith(`/api/bookings/${reference}/manage/slip`) && res.request().method() === 'POST',
      );
      await card.getByRole('button', { name: say('manage.addSlipConfirm') }).click();
      expect((await sent).status()).toBe(200);

      // The booking as it now is: the slip is being checked, and there is no card to add another.
      await expect(page.getByRole('status').filter({ hasText: say('manage.addSlipDone') })).toBeFocused();
      await expect(card).toHaveCount(0);
      await expect(page.getByText(say('status.statusPending'))).toBeVisible();
      await expect(page.getByTestId('slip-status')).toBeVisible();
      await expectAccessible(page, 'the manage page after the slip');
      await shot('manage-done');
    });
  });
}
