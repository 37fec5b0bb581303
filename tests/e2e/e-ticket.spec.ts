import path from 'node:path';
import type { Page, PlaywrightWorkerArgs } from '@playwright/test';
import type { AdminTicket } from '#shared/admin-api.ts';
import { DEMO_ADMIN } from '#shared/constants.ts';
import type { ETicket } from '#shared/e-ticket-api.ts';
import ETICKET_EN from '#shared/messages/eticket.ts';
import type { OutboxMail } from '#shared/schemas.ts';
import { expect, failedResponse, test } from './fixtures.ts';
import { createBookingViaApi, json } from './support/booking-api.ts';
import { expectAccessible } from './support/ui.ts';

// The e-ticket (docs/decisions/023): the approval e-mail's link opens the passenger's booking
// with its boarding QR code; a guessed link opens nothing.
const SHOTS = path.resolve(import.meta.dirname, '../../.tmp/e-ticket-shots');

/** A booking made and approved through the API, and the e-ticket link its approval mail carries. */
async function approvedBooking(
  page: Page,
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string | undefined,
) {
  const booking = await createBookingViaApi(page.request);
  // The office approves, in a session of its own; the passenger's browser stays signed out.
  const office = await playwright.request.newContext({ baseURL });
  try {
    await json(await office.post('/api/auth/login', { data: DEMO_ADMIN }));
    const ticket = await json<AdminTicket>(
      await office.get(`/api/admin/tickets/by-reference/${booking.reference}`),
    );
    await json(await office.post(`/api/admin/tickets/${ticket.id}/approve`));
  } finally {
    await office.dispose();
  }
  let link = '';
  await expect
    .poll(async () => {
      const mails = await json<OutboxMail[]>(
        await page.request.get('/dev/outbox', { params: { to: booking.email } }),
      );
      link = /\/t\/[A-Za-z0-9_-]{43}/.exec(mails[0]?.text ?? '')?.[0] ?? '';
      return link;
    })
    .not.toBe('');

  return { booking, link };
}

test.describe('e-ticket', () => {
  test('the approval e-mail’s link opens the e-ticket with its QR code, and it passes axe', async ({
    page,
    playwright,
    baseURL,
  }, testInfo) => {
    test.slow();
    const { booking, link } = await approvedBooking(page, playwright, baseURL);

    const answer = page.waitForResponse((r) => r.url().includes('/api/t/'));
    await page.goto(link);
    const response = await answer;
    expect(response.headers()['cache-control']).toBe('private, no-store');
    await expect(page.getByRole('heading', { level: 1, name: 'Your e-ticket' })).toBeVisible();
    const qr = page.getByRole('img', { name: `Boarding QR code for booking ${booking.reference}` });
    await expect(qr).toBeVisible();
    // The page shows the booking: the whole name, the trip and the seats.
    await expect(page.getByText(booking.passengerName)).toBeVisible();
    for (const seat of booking.seats)
      await expect(page.getByText(seat, { exact: true }).first()).toBeVisible();
    // The code the QR draws (the server tests check its signature).
    const eTicket = (await response.json()) as ETicket;
    expect(eTicket.code).toMatch(/^IF1\./);
    await expectAccessible(page, 'e-ticket');
    await page.screenshot({
      path: path.join(SHOTS, `e-ticket-${testInfo.project.name}.png`),
      fullPage: true,
    });
    // Check Booking never shows the code for a reference alone; it offers to mail the link again.
    await page.goto(`/bookings?ref=${booking.reference}`);
    await expect(page.getByText(booking.reference, { exact: true })).toBeVisible();
    await expect(page.getByRole('img', { name: /Boarding QR code/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Send my e-ticket again' }).click();
    await expect(page.getByRole('status').filter({ hasText: ETICKET_EN.resent })).toBeVisible();
    await expectAccessible(page, 'check booking, e-ticket sent again');
    await expect
      .poll(async () => {
        const mails = await json<OutboxMail[]>(
          await page.request.get('/dev/outbox', { params: { to: booking.email } }),
        );
        return mails
          .filter((m) => m.subject.startsWith('Your e-ticket'))
          .map((m) => /\/t\/[A-Za-z0-9_-]{43}/.exec(m.text)?.[0]);
      })
      .toEqual([link]);

    await page.goto(link);
    await expect(qr).toBeVisible();
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    await page.screenshot({
      path: path.join(SHOTS, `e-ticket-print-${testInfo.project.name}.png`),
      fullPage: true,
    });
    // Printed, on A4 and on Letter: one page, the QR code on it.
    for (const format of ['A4', 'Letter']) {
      const pdf = (await page.pdf({ format, printBackground: true })).toString('latin1');
      expect(pdf.match(/\/Type\s*\/Page[^s]/g), `${format} pages`).toHaveLength(1);
    }
  });

  test.describe(() => {
    test.use({ allowedErrors: [failedResponse(404, 'Not Found', '/api/t/[^/]+')] });
    test('a guessed link says so and shows no code', async ({ page }) => {
      await page.goto(`/t/${'A'.repeat(43)}`);
      await expect(page.getByRole('alert')).toHaveText(ETICKET_EN.notFound);
      await expect(page.getByRole('img', { name: /Boarding QR code/ })).toHaveCount(0);
    });
  });

  test.describe(() => {
    test.use({ serviceWorkers: 'allow' });
    test('an e-ticket opened once shows its QR code with no network', async ({
      page,
      context,
      playwright,
      baseURL,
    }) => {
      test.slow();
      const { booking, link } = await approvedBooking(page, playwright, baseURL);
      await page.goto(link);
      const qr = page.getByRole('img', { name: `Boarding QR code for booking ${booking.reference}` });
      await expect(qr).toBeVisible();
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      // Opened again under the worker, which keeps the e-ticket and its page's files.
      await page.reload();
      await expect(qr).toBeVisible();

      // At the jetty, no signal: what else the page asks for fails, and says so in the console.
      page.removeAllListeners('console');
      page.removeAllListeners('pageerror');
      await context.setOffline(true);
      try {
        await page.reload();
        await expect(qr).toBeVisible();
        await expect(page.getByText(booking.passengerName)).toBeVisible();
      } finally {
        await context.setOffline(false);
      }
    });
  });
});
