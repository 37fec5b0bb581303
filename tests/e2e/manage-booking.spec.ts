// The passenger's manage page (/bookings/<reference>/manage, docs/decisions/027): opened with a
// code to the booking's e-mail or the e-mailed link, each change made in a dialog that sends its
// code and asks for it, then the change's fields. A wrong code is said under the code's field,
// which takes the focus. The name change signs the e-ticket again, a cancellation gives back
// what the policy says and frees the seats, and a rebooking moves the booking; in English and in
// Dhivehi, right to left. The e-mails are laid out with the operator's buttons.
// Screenshots of each screen go to .tmp/shots/manage-*.png.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import { DEMO_ADMIN } from '#shared/constants.ts';
import ETICKET_DV from '#shared/locales/dv/eticket.ts';
import MANAGE_DV from '#shared/locales/dv/manage.ts';
import MSG_DV from '#shared/locales/dv/msg.ts';
import type { ManageView } from '#shared/manage-api.ts';
import { MSG } from '#shared/messages/api.ts';
import COMMON from '#shared/messages/common.ts';
import EMAIL from '#shared/messages/email.ts';
import ETICKET from '#shared/messages/eticket.ts';
import MANAGE from '#shared/messages/manage.ts';
import type { OutboxMail } from '#shared/schemas.ts';
import type { AdminSchedule } from '#shared/setup-api.ts';
import { expect, failedResponse, test } from './fixtures.ts';
import { json, seatMap, seatStates } from './support/booking-api.ts';
import { approvedPassenger, type Passenger } from './support/camera.ts';
import { departures, dialogCode, enterCode, mailedLink, officeApi } from './support/manage.ts';
import { expectAccessible } from './support/ui.ts';

const SHOTS = path.resolve(import.meta.dirname, '../../.tmp/shots');

async function shot(page: Page, name: string, testInfo: TestInfo) {
  await mkdir(SHOTS, { recursive: true });
  // An open dialog's backdrop stretches oddly on a full-page shot: the viewport then.
  const dialogs = await page.locator('[role="dialog"]').count();
  await page.screenshot({
    path: path.join(SHOTS, `manage-${name}-${testInfo.project.name}.png`),
    fullPage: dialogs === 0,
  });
}

/**
 * Opens the manage page without a link, as a passenger who only has the reference: Check
 * Booking shows the booking and the way to change it; there a code opens the booking.
 */
async function openWithCode(page: Page, api: APIRequestContext, passenger: Passenger, testInfo: TestInfo) {
  await page.goto(`/bookings?ref=${passenger.reference}`);
  await expect(page.getByRole('link', { name: ETICKET.manageLink })).toBeVisible();
  await shot(page, 'check-booking', testInfo);
  await page.getByRole('link', { name: ETICKET.manageLink }).click();
  await expect(page).toHaveURL(new RegExp(`/bookings/${passenger.reference}/manage$`));
  await expect(page.getByRole('heading', { level: 1, name: MANAGE.title })).toBeVisible();
  await expect(page.getByText(passenger.reference)).toBeVisible();
  await enterCode(page, api, passenger);
  // A wrong code first: said under the field, which takes the focus.
  const field = page.getByRole('textbox', { name: MANAGE.codeLabel });
  const code = await field.inputValue();
  await field.fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: MANAGE.openBooking }).click();
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(new RegExp(`${escapeRegExp(MSG.codeInvalid)}$`));
  await field.fill(code);
  const opened = page.waitForResponse(
    (r) => r.url().endsWith(`/api/bookings/${passenger.reference}/manage`) && r.request().method() === 'GET',
  );
  await page.getByRole('button', { name: MANAGE.openBooking }).click();
  const view = (await (await opened).json()) as ManageView;
  await expect(page.getByRole('status').filter({ hasText: MANAGE.opened })).toBeFocused();
  return view;
}

const qrOf = (page: Page, passenger: Passenger) =>
  page.getByRole('img', { name: `Boarding QR code for booking ${passenger.reference}` });

/** The change's dialog, named by its action. */
const dialogOf = (page: Page, title: string) => page.getByRole('dialog', { name: title });

/**
 * A wrong code is said under the code's field, which is marked and takes the focus; then the
 * right one is typed. `label` and `wrong` are in the page's language.
 */
async function wrongCodeFirst(
  dialog: Locator,
  submit: Locator,
  texts: { label: string; wrong: string },
  code: string,
  /** A screenshot while the problem shows. */
  capture?: () => Promise<void>,
) {
  const field = dialog.getByRole('textbox', { name: texts.label });
  await field.fill(code === '000000' ? '111111' : '000000');
  await submit.click();
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(new RegExp(`${escapeRegExp(texts.wrong)}$`));
  await expect(dialog.getByRole('alert').filter({ hasText: texts.wrong })).toBeVisible();
  await capture?.();
  // Typing again takes the problem away.
  await field.fill(code);
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The newest mail to the passenger whose subject matches, laid out in the page as it is read. */
async function showMail(page: Page, api: APIRequestContext, passenger: Passenger, subject: RegExp) {
  const mails = await json<OutboxMail[]>(await api.get('/dev/outbox', { params: { to: passenger.email } }));
  const mail = mails.find((m) => subject.test(m.subject));
  if (!mail?.html) throw new Error(`no mail ${subject} to ${passenger.email}`);
  // Away from the app's page and its policy; the inline QR code as the mail program shows it.
  await page.goto('about:blank');
  await page.setContent(mail.html.replace('src="cid:e-ticket-qr"', `src="${QR_PLACEHOLDER}"`));
  return mail;
}

/** A 1x1 PNG in place of the attached QR code, which only a mail program resolves. */
const QR_PLACEHOLDER =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mP8/x8AAwMCAO+ip1sAAAAASUVORK5CYII=';

// The wrong code's answer (400), said under the code's field.
const WRONG_CODE = failedResponse(400, 'Bad Request', '/api/bookings/[^/]+/manage/verify');

test.describe('the manage page', () => {
  test.use({ allowedErrors: [WRONG_CODE] });

  test('opens with a code; correcting the name signs the e-ticket again', async ({
    page,
    playwright,
    baseURL,
  }, testInfo) => {
    test.slow();
    const office = await officeApi(playwright, baseURL);
    try {
      const { launch, schedules } = await departures(office, [20]);
      const schedule = schedules[0] as AdminSchedule;
      const passenger = await approvedPassenger(office, { schedule, launch, stops: [] }, '1');

      await page.goto(`/bookings/${passenger.reference}/manage`);
      await expect(page.getByRole('button', { name: MANAGE.sendCode })).toBeVisible();
      await expect(page.getByRole('button', { name: MANAGE.openBooking })).toHaveCount(0);
      await expectAccessible(page, 'manage page, no link');
      await shot(page, 'open', testInfo);
      const view = await openWithCode(page, office, passenger, testInfo);
      expect(view.code).toBe(passenger.code);
      await expect(qrOf(page, passenger)).toBeVisible();
      await expect(page.getByRole('link', { name: MANAGE.eTicketLink })).toHaveAttribute(
        'href',
        `/t/${passenger.token}`,
      );
      const qrBefore = await qrOf(page, passenger).innerHTML();
      await expectAccessible(page, 'manage page, opened');
      await shot(page, 'opened', testInfo);

      await page.getByRole('button', { name: MANAGE.nameTitle }).click();
      const dialog = dialogOf(page, MANAGE.nameTitle);
      const name = dialog.getByRole('textbox', { name: MANAGE.nameLabel });
      await expect(name).toHaveValue(passenger.name);
      // The code that opened the page a moment ago also confirms this one change: none is asked.
      await expect(dialog.getByText(MANAGE.confirmReady)).toBeVisible();
      await expect(dialog.getByRole('textbox', { name: MANAGE.codeLabel })).toHaveCount(0);
      // A name too short is said under its field, which takes the focus.
      await name.fill('M');
      await dialog.getByRole('button', { name: MANAGE.nameConfirm }).click();
      await expect(name).toBeFocused();
      await expect(name).toHaveAttribute('aria-invalid', 'true');
      await expect(name).toHaveAccessibleDescription(`${MANAGE.nameHint} ${MANAGE.nameInvalid}`);
      await name.fill('Mariyam Ali Manik');
      await expect(name).not.toHaveAttribute('aria-invalid', 'true');
      await expectAccessible(page, 'manage page, name dialog');
      await shot(page, 'name', testInfo);
      const renamed = page.waitForResponse((r) => r.url().endsWith('/manage/name'));
      await dialog.getByRole('button', { name: MANAGE.nameConfirm }).click();
      const after = (await (await renamed).json()) as ManageView;
      await expect(dialog).toHaveCount(0);
      await expect(page.getByRole('status').filter({ hasText: MANAGE.nameDone })).toBeFocused();
      expect(after.passengerName).toBe('Mariyam Ali Manik');
      expect(after.code).toMatch(/^IF1\./);
      expect(after.code).not.toBe(passenger.code);
      await expect(page.getByText('Mariyam Ali Manik')).toBeVisible();
      await expect.poll(() => qrOf(page, passenger).innerHTML()).not.toBe(qrBefore);
      // The e-ticket page shows the new code too.
      const eTicket = await json<{ code: string }>(await page.request.get(`/api/t/${passenger.token}`));
      expect(eTicket.code).toBe(after.code);

      // The grant went into that change: the next one needs a code of its own, which the dialog
      // sends once the wait between codes is over. Until a code is on its way, no button offers
      // the change.
      await page.getByRole('button', { name: MANAGE.nameTitle }).click();
      await expect(dialog.getByText(MANAGE.confirmReady)).toHaveCount(0);
      await expect(
        dialog.getByText(/^(Every change needs a one-time code|A code is on its way).*\S+@example\.com\./),
      ).toBeVisible();
      const codeFields = await dialog.getByRole('textbox', { name: MANAGE.codeLabel }).count();
      await expect(dialog.getByRole('button', { name: MANAGE.nameConfirm })).toHaveCount(codeFields);
    } finally {
      await office.dispose();
    }
  });

  test('the e-mailed link opens the page; cancelling gives back what the policy says, frees the seats and queues the refund for the office', async ({
    page,
    browser,
    playwright,
    baseURL,
  }, testInfo) => {
    test.slow();
    const office = await officeApi(playwright, baseURL);
    try {
      const { launch, schedules } = await departures(office, [21]);
      const schedule = schedules[0] as AdminSchedule;
      const passenger = await approvedPassenger(office, { schedule, launch, stops: [] }, '2');
      const where = { scheduleId: schedule.id, date: schedule.travelDate, launchId: launch.id };
      expect(seatStates(await seatMap(office, where), ['2'])).toEqual({ '2': 'occupied' });

      // The approval mail carries the manage link; the page keeps it and drops it from the address.
      const link = await mailedLink(office, passenger);
      const opened = page.waitForResponse(
        (r) => r.url().endsWith(`/manage`) && r.request().method() === 'GET',
      );
      const html = await page.goto(link);
      // The page's address carries the link: no request from it names it to another host.
      expect(html?.headers()['referrer-policy']).toBe('no-referrer');
      const view = (await (await opened).json()) as ManageView;
      await expect(page).toHaveURL(new RegExp(`/bookings/${passenger.reference}/manage$`));
      await expect(qrOf(page, passenger)).toBeVisible();

      // Cancel sends the code at once and asks for it in its dialog, above the change's fields.
      const since = Date.now();
      await page.getByRole('button', { name: MANAGE.cancelTitle }).click();
      const dialog = dialogOf(page, MANAGE.cancelTitle);
      const code = await dialogCode(dialog, office, passenger, since);
      await expect(
        dialog.getByText(/^A code is on its way to \S+@example\.com\. It is valid for 10 minutes\.$/),
      ).toBeVisible();
      // The policy, tier by tier, and what cancelling now gives back (the best tier, days ahead).
      expect(view.cancel.percent).toBe(100);
      for (const tier of view.refundPolicy.filter((t) => t.hoursBefore > 0)) {
        await expect(
          dialog.getByText(
            `At least ${tier.hoursBefore} hours before departure: ${tier.percent}% of the fare back`,
          ),
        ).toBeVisible();
      }
      const amount = `${view.currency} ${Number(view.cancel.amount).toFixed(2)}`;
      await expect(dialog.getByText(`Cancelling now gives back 100% of the fare: ${amount}.`)).toBeVisible();
      // Nothing typed yet but the bank: each problem under its field, the focus on the first.
      const confirm = dialog.getByRole('button', { name: MANAGE.cancelConfirm });
      const codeField = dialog.getByRole('textbox', { name: MANAGE.codeLabel });
      await dialog.getByRole('textbox', { name: MANAGE.bankName }).fill('Bank of Maldives');
      await confirm.click();
      await expect(codeField).toBeFocused();
      await expect(codeField).toHaveAccessibleDescription(new RegExp(`${MSG.otpCodeFormat}$`));
      const holder = dialog.getByRole('textbox', { name: MANAGE.accountName });
      await expect(holder).toHaveAttribute('aria-invalid', 'true');
      await expect(holder).toHaveAccessibleDescription(MANAGE.accountNameNeeded);
      await expect(dialog.getByRole('textbox', { name: MANAGE.accountNumber })).toHaveAccessibleDescription(
        MANAGE.accountNumberNeeded,
      );
      await holder.fill('Mariyam Ali');
      await expect(holder).not.toHaveAttribute('aria-invalid', 'true');
      await dialog.getByRole('textbox', { name: MANAGE.accountNumber }).fill('7730000123456');
      await wrongCodeFirst(dialog, confirm, { label: MANAGE.codeLabel, wrong: MSG.codeInvalid }, code, () =>
        shot(page, 'cancel-wrong-code', testInfo),
      );
      await expectAccessible(page, 'manage page, cancel dialog');
      await shot(page, 'cancel', testInfo);
      await confirm.click();
      await expect(dialog).toHaveCount(0);

      await expect(page.getByRole('status').filter({ hasText: MANAGE.cancelDone })).toBeFocused();
      const refunds = page.getByRole('region', { name: MANAGE.refundsTitle });
      await expect(refunds.getByText(MANAGE.reasonPassengerCancelled)).toBeVisible();
      await expect(refunds.getByText(amount)).toBeVisible();
      await expect(refunds.getByText(MANAGE.refundRequested)).toBeVisible();
      await expect(refunds.getByText('To Bank of Maldives, Mariyam Ali, account ending 3456')).toBeVisible();
      // No code, no e-ticket, nothing more to change.
      await expect(qrOf(page, passenger)).toHaveCount(0);
      await expect(page.getByText(MANAGE.noActions)).toBeVisible();
      expect(seatStates(await seatMap(office, where), ['2'])).toEqual({ '2': 'available' });
      await expectAccessible(page, 'manage page, cancelled');
      await shot(page, 'cancelled', testInfo);

      // The approval mail, as a mail program shows it: the e-ticket and the manage page behind
      // buttons in the operator's colour, their addresses in the text part.
      const approval = await showMail(page, office, passenger, /^Booking approved/);
      await expect(page.getByRole('link', { name: EMAIL.eTicketButton })).toHaveAttribute(
        'href',
        new RegExp(`/t/${passenger.token}$`),
      );
      await expect(page.getByRole('link', { name: EMAIL.manageButton })).toHaveAttribute(
        'href',
        new RegExp(`/bookings/${passenger.reference}/manage\\?k=`),
      );
      expect(approval.text).toContain(`${EMAIL.eTicketLink.replace('{url}', '')}http`);
      await expect(page.getByText('Island Ferry', { exact: true })).toHaveCount(2);
      await expectAccessible(page, 'approval mail');
      await shot(page, 'mail', testInfo);

      // The office's refunds queue lists it: the policy's amount, the account the passenger gave,
      // and that account again beside the original slip, whose payer it is checked against.
      const staff = await browser.newContext({ baseURL });
      try {
        const desk = await staff.newPage();
        await json(await desk.request.post('/api/auth/login', { data: DEMO_ADMIN }));
        await desk.goto('/admin/refunds');
        const row = desk.locator(`li[data-reference="${passenger.reference}"]`);
        const due = `${view.currency} ${Number(view.cancel.amount).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
        await expect(row.getByText('Passenger cancellation')).toBeVisible();
        await expect(row.getByText(due)).toBeVisible();
        await expect(row.getByText('100% of the fare (policy)')).toBeVisible();
        await expect(row.getByText('7730000123456')).toBeVisible();
        await row.getByRole('button', { name: `View slip of booking ${passenger.reference}` }).click();
        const slip = desk.getByRole('dialog', { name: 'Payment Slip' });
        await expect(
          slip.getByRole('img', { name: `Payment slip for booking ${passenger.reference}` }),
        ).toBeVisible();
        const account = slip.getByRole('region', { name: 'Refund account' });
        await expect(account.getByText('Mariyam Ali')).toBeVisible();
        await expect(account.getByText('7730000123456')).toBeVisible();
        await expectAccessible(desk, 'refunds queue, slip beside the refund account');
        await shot(desk, 'queue-slip', testInfo);
      } finally {
        await staff.close();
      }
    } finally {
      await office.dispose();
    }
  });

  test('the e-mailed link opens the page, a code confirms a rebooking, and the passenger is on the new departure’s manifest; the page reads right to left in Dhivehi', async ({
    page,
    browser,
    playwright,
    baseURL,
  }, testInfo) => {
    test.slow();
    const office = await officeApi(playwright, baseURL);
    try {
      const { launch, schedules, times } = await departures(office, [20, 22]);
      const [first, second] = times as [string, string];
      const [from, to] = schedules as [AdminSchedule, AdminSchedule];
      const passenger = await approvedPassenger(office, { schedule: from, launch, stops: [] }, '3');
      await page.goto(await mailedLink(office, passenger));
      await expect(qrOf(page, passenger)).toBeVisible();

      // Rebook sends the code at once and asks for it in its dialog, above the departures.
      const since = Date.now();
      await page.getByRole('button', { name: MANAGE.rebookTitle }).click();
      const dialog = dialogOf(page, MANAGE.rebookTitle);
      const code = await dialogCode(dialog, office, passenger, since);
      await expect(dialog.getByLabel(MANAGE.rebookDate)).toHaveValue(from.travelDate);
      const current = dialog.getByRole('radio', { name: new RegExp(`Departs ${first} `) });
      await expect(current).toBeDisabled();
      const other = dialog.getByRole('radio', { name: new RegExp(`Departs ${second} `) });
      // The code typed but no departure chosen: said under the departures, the focus on the first
      // that can be chosen.
      const confirm = dialog.getByRole('button', { name: MANAGE.rebookConfirm });
      await dialog.getByRole('textbox', { name: MANAGE.codeLabel }).fill(code);
      await confirm.click();
      await expect(dialog.locator('input[name="rebook-departure"]:not([disabled])').first()).toBeFocused();
      await expect(dialog.getByRole('alert').filter({ hasText: MANAGE.departureNeeded })).toBeVisible();
      await other.check();
      await expect(dialog.getByRole('alert').filter({ hasText: MANAGE.departureNeeded })).toHaveCount(0);
      // One launch: it is chosen already; then one seat for the one passenger.
      await expect(dialog.getByRole('radio', { name: new RegExp(launch.name) })).toBeChecked();
      await dialog.getByRole('button', { name: 'Seat 5, available' }).click();
      await expect(dialog.getByRole('button', { name: 'Seat 5, selected' })).toBeVisible();
      await expect(dialog.getByText(/The new departure costs/)).toBeVisible();
      await wrongCodeFirst(dialog, confirm, { label: MANAGE.codeLabel, wrong: MSG.codeInvalid }, code);
      await expectAccessible(page, 'manage page, rebooking dialog');
      await shot(page, 'rebook', testInfo);
      const rebooked = page.waitForResponse((r) => r.url().endsWith('/manage/rebook'));
      await confirm.click();
      const after = (await (await rebooked).json()) as ManageView;
      await expect(dialog).toHaveCount(0);

      await expect(page.getByRole('status').filter({ hasText: MANAGE.rebookDone })).toBeFocused();
      expect(after.departureTime).toBe(second);
      expect(after.seatNumbers).toEqual(['5']);
      const card = page.getByRole('article', { name: 'Booking reference' });
      await expect(card.getByText(second, { exact: true })).toBeVisible();
      await expect(card.getByText('5', { exact: true })).toBeVisible();
      // The old departure's seat is free, the new one's taken.
      const mapOf = (schedule: AdminSchedule) =>
        seatMap(office, { scheduleId: schedule.id, date: schedule.travelDate, launchId: launch.id });
      expect(seatStates(await mapOf(from), ['3'])).toEqual({ '3': 'available' });
      expect(seatStates(await mapOf(to), ['5'])).toEqual({ '5': 'occupied' });
      await shot(page, 'rebooked', testInfo);

      // The office finds the passenger on the new departure's manifest, and no longer on the old.
      const staff = await browser.newContext({ baseURL });
      try {
        const desk = await staff.newPage();
        await json(await desk.request.post('/api/auth/login', { data: DEMO_ADMIN }));
        const listed = (schedule: AdminSchedule) =>
          desk.goto(`/admin/ticketing?date=${schedule.travelDate}&trip=${schedule.id}`);
        await listed(to);
        const row = desk.locator(`li[data-reference="${passenger.reference}"]`);
        await expect(row.getByText(passenger.name)).toBeVisible();
        await expect(row.getByText('5', { exact: true })).toBeVisible();
        const csv = await desk.request.get(`/api/admin/trips/${to.id}/manifest.csv`);
        expect(await csv.text()).toContain(passenger.reference);
        await listed(from);
        await expect(desk.getByRole('heading', { level: 1, name: 'Ticketing' })).toBeVisible();
        await expect(desk.locator(`li[data-reference="${passenger.reference}"]`)).toHaveCount(0);
      } finally {
        await staff.close();
      }

      // In Dhivehi: the same page, right to left, its texts from the manage namespace.
      await page.getByRole('button', { name: `${COMMON.languageSwitch}: ދިވެހި` }).click();
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(page.getByRole('heading', { level: 1, name: MANAGE_DV.title })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: MANAGE_DV.actionsTitle })).toBeVisible();
      await expectAccessible(page, 'manage page in Dhivehi');
      await shot(page, 'dv', testInfo);
      await page.getByRole('button', { name: MANAGE_DV.cancelTitle }).click();
      const cancelDv = dialogOf(page, MANAGE_DV.cancelTitle);
      await expect(cancelDv.getByText(MANAGE_DV.cancelWarning)).toBeVisible();
      await expectAccessible(page, 'cancel dialog in Dhivehi');
      await cancelDv.getByRole('button', { name: MANAGE_DV.close }).click();
      await expect(cancelDv).toHaveCount(0);
      await expect(page.getByRole('button', { name: MANAGE_DV.cancelTitle })).toBeFocused();
      // And opening it again without the link: the code form, in Dhivehi.
      await page.evaluate(() => sessionStorage.clear());
      await page.reload();
      await expect(page.getByRole('button', { name: MANAGE_DV.sendCode })).toBeVisible();
      await shot(page, 'dv-open', testInfo);
      // Check Booking leads there in Dhivehi too.
      await page.goto(`/bookings?ref=${passenger.reference}`);
      await expect(page.getByRole('link', { name: ETICKET_DV.manageLink })).toBeVisible();
      await shot(page, 'dv-check-booking', testInfo);
    } finally {
      await office.dispose();
    }
  });

  test('in Dhivehi, Rebook and Cancel each send the code and ask for it in their dialog; a wrong code is said under it, in Dhivehi', async ({
    page,
    playwright,
    baseURL,
  }, testInfo) => {
    test.slow();
    const office = await officeApi(playwright, baseURL);
    try {
      const { launch, schedules, times } = await departures(office, [19, 21]);
      const second = times[1] as string;
      const [from] = schedules as [AdminSchedule, AdminSchedule];
      const rebooking = await approvedPassenger(office, { schedule: from, launch, stops: [] }, '4');
      const cancelling = await approvedPassenger(office, { schedule: from, launch, stops: [] }, '6');
      const dv = { codeLabel: MANAGE_DV.codeLabel, sendCode: MANAGE_DV.sendCode };
      const wrong = { label: MANAGE_DV.codeLabel, wrong: MANAGE_DV.errorCode };

      await page.goto(await mailedLink(office, rebooking));
      await expect(qrOf(page, rebooking)).toBeVisible();
      await page.getByRole('button', { name: `${COMMON.languageSwitch}: ދިވެހި` }).click();
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

      let since = Date.now();
      await page.getByRole('button', { name: MANAGE_DV.rebookTitle }).click();
      const rebook = dialogOf(page, MANAGE_DV.rebookTitle);
      const rebookCode = await dialogCode(rebook, office, rebooking, since, dv);
      const confirmRebook = rebook.getByRole('button', { name: MANAGE_DV.rebookConfirm });
      // No code typed: said under its field, in Dhivehi, with the focus there.
      await confirmRebook.click();
      const field = rebook.getByRole('textbox', { name: MANAGE_DV.codeLabel });
      await expect(field).toBeFocused();
      await expect(field).toHaveAccessibleDescription(new RegExp(`${escapeRegExp(MSG_DV.otpCodeFormat)}$`));
      await rebook.getByRole('radio', { name: new RegExp(second) }).check();
      await rebook.getByRole('button', { name: 'ގޮނޑި 5، ހުސް' }).click();
      await expect(rebook.getByRole('button', { name: 'ގޮނޑި 5، ޚިޔާރުކުރެވިފައި' })).toBeVisible();
      await wrongCodeFirst(rebook, confirmRebook, wrong, rebookCode);
      await expectAccessible(page, 'rebooking dialog in Dhivehi');
      await shot(page, 'dv-rebook', testInfo);
      await confirmRebook.click();
      await expect(rebook).toHaveCount(0);
      await expect(page.getByRole('status').filter({ hasText: MANAGE_DV.rebookDone })).toBeFocused();

      // Another booking, cancelled in Dhivehi (the page keeps the language).
      await page.goto(await mailedLink(office, cancelling));
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      since = Date.now();
      await page.getByRole('button', { name: MANAGE_DV.cancelTitle }).click();
      const cancel = dialogOf(page, MANAGE_DV.cancelTitle);
      const cancelCode = await dialogCode(cancel, office, cancelling, since, dv);
      const confirmCancel = cancel.getByRole('button', { name: MANAGE_DV.cancelConfirm });
      await wrongCodeFirst(cancel, confirmCancel, wrong, cancelCode, async () => {
        await expectAccessible(page, 'wrong code in Dhivehi');
        await shot(page, 'dv-cancel-wrong-code', testInfo);
      });
      await expectAccessible(page, 'cancel dialog in Dhivehi');
      await shot(page, 'dv-cancel', testInfo);
      await confirmCancel.click();
      await expect(cancel).toHaveCount(0);
      await expect(page.getByRole('status').filter({ hasText: MANAGE_DV.cancelDone })).toBeFocused();
      await expect(qrOf(page, cancelling)).toHaveCount(0);
      await expect(page.getByRole('button', { name: MANAGE_DV.cancelTitle })).toHaveCount(0);
      await expectAccessible(page, 'cancelled in Dhivehi');
    } finally {
      await office.dispose();
    }
  });

  test.describe(() => {
    // How the API says a link is not (or no longer) good: the page then offers the code.
    test.use({ allowedErrors: [failedResponse(404, 'Not Found', '/api/bookings/[^/]+/manage')] });
    test('a link that is not valid leaves the address bar and the code opens the page instead', async ({
      page,
    }) => {
      await page.goto('/bookings/2600000000/manage?k=not-a-link&utm=mail');
      await expect(page.getByRole('alert')).toHaveText(MANAGE.linkInvalid);
      await expect(page).toHaveURL(/\/bookings\/2600000000\/manage\?utm=mail$/);
      await expect(page.getByRole('button', { name: MANAGE.sendCode })).toBeVisible();
      expect(
        await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('manage-link'))),
      ).toEqual([]);
      await expectAccessible(page, 'manage page, link not valid');
    });
  });
});
