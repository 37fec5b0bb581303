import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import type { AdminTicket } from '#shared/admin-api.ts';
import { DEMO_ADMIN } from '#shared/constants.ts';
import { REFUND_MSG } from '#shared/messages/staff.ts';
import type { OutboxMail } from '#shared/schemas.ts';
import { expect, test } from './fixtures.ts';
import { bookScheduleViaApi, json } from './support/booking-api.ts';
import { type Departure, todaysDeparture } from './support/departures.ts';
import { newStaff } from './support/staff.ts';
import { expectAccessible, toast } from './support/ui.ts';

// The office's refunds queue (docs/decisions/026, 027): a cancelled departure's refunds, the
// account and slip beside each, paying one back with the bank's reference, and the CSV export.
const SHOTS = path.resolve(import.meta.dirname, '../../.tmp/shots');

async function shot(page: Page, name: string, testInfo: TestInfo) {
  await mkdir(SHOTS, { recursive: true });
  // An open dialog's backdrop stretches oddly on a full-page shot: the viewport then.
  const dialogs = await page.locator('[role="dialog"], [role="alertdialog"]').count();
  await page.screenshot({
    path: path.join(SHOTS, `admin-refunds-${name}-${testInfo.project.name}.png`),
    fullPage: dialogs === 0,
  });
}

type Booked = { reference: string; ticketId: string; email: string };

async function booking(api: APIRequestContext, departure: Departure, seat: string): Promise<Booked> {
  const created = await bookScheduleViaApi(api, departure.schedule, departure.launch.id, seat);
  const ticket = await json<AdminTicket>(
    await api.get(`/api/admin/tickets/by-reference/${created.reference}`),
  );
  return { reference: created.reference, ticketId: ticket.id, email: ticket.passengerEmail };
}

test('the office pays a refund back with the bank reference, and exports the queue', async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  // Real bookings (e-mail codes, slips), a staff invitation and several pages.
  test.slow();
  const owner = await playwright.request.newContext({ baseURL });
  try {
    await json(await owner.post('/api/auth/login', { data: DEMO_ADMIN }));
    const departure = await todaysDeparture(owner, 4, 'Refund Launch');
    const paid = await booking(owner, departure, '1');
    await json(await owner.post(`/api/admin/tickets/${paid.ticketId}/approve`));
    const pending = await booking(owner, departure, '2');
    await json(
      await owner.post(`/api/admin/trips/${departure.schedule.id}/cancel`, { data: { reason: 'weather' } }),
    );
    const office = await newStaff(playwright, owner, baseURL, 'office');
    await office.api.dispose();
    await json(
      await page.request.post('/api/auth/login', {
        data: { email: office.email, password: office.password },
      }),
    );

    await page.goto('/admin/refunds');
    await expect(page.getByRole('heading', { level: 1, name: 'Refunds' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'To refund' })).toHaveAttribute('aria-selected', 'true');
    const row = (reference: string) => page.locator(`li[data-reference="${reference}"]`);
    const paidRow = row(paid.reference);
    await expect(paidRow).toBeVisible();
    await expect(paidRow.getByText('Operator cancellation')).toBeVisible();
    await expect(paidRow.getByText('Payment verified')).toBeVisible();
    await expect(paidRow.getByText('No account given yet')).toBeVisible();
    await expect(paidRow.getByRole('link', { name: paid.email })).toHaveAttribute(
      'href',
      `mailto:${paid.email}`,
    );
    await expect(row(pending.reference).getByText('Payment not yet verified')).toBeVisible();
    await expectAccessible(page, 'refunds');
    await paidRow.scrollIntoViewIfNeeded();
    await shot(page, 'list', testInfo);

    // The original payment slip, from the row.
    await paidRow.getByRole('button', { name: `View slip of booking ${paid.reference}` }).click();
    const slip = page.getByRole('dialog', { name: 'Payment Slip' });
    await expect(slip.getByRole('img', { name: `Payment slip for booking ${paid.reference}` })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(slip).toBeHidden();

    // The export of what is still owed: a CSV with both bookings.
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: /^Export CSV/ }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^refunds-requested-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path()) ?? '', 'utf8');
    expect(csv).toContain('Reference,Passenger,Email,Phone,Reason,Amount,Currency,Payment verified');
    expect(csv).toContain(paid.reference);
    expect(csv).toContain(pending.reference);

    // Marking it refunded asks for the bank reference first.
    await paidRow.getByRole('button', { name: /^Mark refunded/ }).click();
    const dialog = page.getByRole('dialog', { name: `Mark ${paid.reference} refunded?` });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Mark refunded' }).click();
    const field = dialog.getByRole('textbox', { name: 'Bank reference' });
    await expect(dialog.getByText(REFUND_MSG.bankReferenceRequired)).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toBeFocused();
    await expectAccessible(page, 'mark refunded dialog');
    await shot(page, 'dialog', testInfo);
    await field.fill('BML-E2E-4411');
    await dialog.getByRole('button', { name: 'Mark refunded' }).click();
    await expect(toast(page, REFUND_MSG.markedRefunded(paid.reference))).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(paidRow).toHaveCount(0);
    await expect(row(pending.reference)).toBeVisible();

    await page.getByRole('tab', { name: 'Refunded' }).click();
    await expect(paidRow).toBeVisible();
    await expect(paidRow.getByText('BML-E2E-4411')).toBeVisible();
    await expect(paidRow.getByRole('button', { name: /^Mark refunded/ })).toHaveCount(0);
    await expect(row(pending.reference)).toHaveCount(0);
    await paidRow.scrollIntoViewIfNeeded();
    await shot(page, 'refunded', testInfo);

    // The passenger hears of it.
    await expect
      .poll(async () => {
        const mails = await json<OutboxMail[]>(
          await owner.get('/dev/outbox', { params: { to: paid.email } }),
        );
        return mails.find((m) => m.subject === `Refund sent: ${paid.reference}`)?.text ?? '';
      })
      .toContain('Bank reference of the payment: BML-E2E-4411');
  } finally {
    await owner.dispose();
  }
});
