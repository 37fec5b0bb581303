import path from 'node:path';
import type { Page, PlaywrightWorkerArgs } from '@playwright/test';
import type { AdminTicket } from '#shared/admin-api.ts';
import { DEMO_ADMIN } from '#shared/constants.ts';
import type { ETicket } from '#shared/e-ticket-api.ts';
import { TEXTS } from '#shared/messages/catalogues.ts';
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

  test('the first screen is a boarding pass: the route and the trip’s facts beside the QR code, in English and Dhivehi', async ({
    page,
    browser,
    playwright,
    baseURL,
  }, testInfo) => {
    test.slow();
    const { booking, link } = await approvedBooking(page, playwright, baseURL);
    const eTicket = await json<ETicket>(await page.request.get(`/api/${link.slice(1)}`));
    // A phone's first screen (360 x 740), or the project's own desktop.
    const viewport =
      testInfo.project.name === 'phone' ? { width: 360, height: 740 } : testInfo.project.use.viewport;
    if (!viewport) throw new Error('no viewport');
    for (const [language, locale] of [
      ['en', 'en-US'],
      ['dv', 'dv-MV'],
    ] as const) {
      const context = await browser.newContext({ baseURL, viewport, locale });
      try {
        const pass = await context.newPage();
        await pass.goto(link);
        const texts = { ...TEXTS.lookup[language], ...TEXTS.eticket[language] };
        const qr = pass.getByRole('img', { name: texts.qrLabel.replace('{reference}', booking.reference) });
        await expect(qr).toBeVisible();
        const from = language === 'dv' ? eTicket.from.nameDv || eTicket.from.name : eTicket.from.name;
        const to = language === 'dv' ? eTicket.to.nameDv || eTicket.to.name : eTicket.to.name;
        const details = pass.getByTestId('boarding-pass-details');
        // The boarding pass comes first; Check Booking's card below words the route the same way.
        const route = pass
          .getByText(texts.route.replace('{from}', from).replace('{to}', to), { exact: true })
          .first();
        await expect(details.getByRole('term')).toHaveText([
          texts.travelDate,
          texts.departure,
          texts.boardAt,
          texts.seats,
          texts.passengers,
        ]);
        const values = details.getByRole('definition');
        await expect(values.nth(1)).toHaveText(eTicket.departureTime);
        await expect(values.nth(2)).toHaveText(from);
        await expect(values.nth(3)).toHaveText(booking.seats.join(', '));
        await expect(values.nth(4)).toHaveText(language === 'dv' ? /1/ : '1 adult');
        expect(await pass.evaluate(() => window.scrollY)).toBe(0);

        // All of it on the first screen, with no scrolling: the QR code, the route above it, and
        // each fact beside it (on the other side of the code, level with it).
        const inView = async (
          what: string,
          box: { x: number; y: number; width: number; height: number } | null,
        ) => {
          expect(box, what).not.toBeNull();
          if (!box) return box;
          expect(box.x, `${what} left edge`).toBeGreaterThanOrEqual(0);
          expect(box.y, `${what} top edge`).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width, `${what} right edge`).toBeLessThanOrEqual(viewport.width);
          expect(box.y + box.height, `${what} bottom edge`).toBeLessThanOrEqual(viewport.height);
          return box;
        };
        const code = await inView('QR code', await qr.boundingBox());
        await inView('route', await route.locator('xpath=..').boundingBox());
        const facts = await inView('the facts', await details.boundingBox());
        if (code && facts) {
          const beside = language === 'dv' ? facts.x + facts.width <= code.x : facts.x >= code.x + code.width;
          expect(beside, 'the facts beside the QR code').toBe(true);
          expect(facts.y, 'the facts level with the QR code').toBeLessThan(code.y + code.height);
        }
        for (let i = 0; i < 5; i++) await inView(`fact ${i + 1}`, await values.nth(i).boundingBox());
        await expectAccessible(pass, `boarding pass ${language}`);
        await pass.screenshot({
          path: path.join(SHOTS, `boarding-pass-${testInfo.project.name}-${language}.png`),
        });
      } finally {
        await context.close();
      }
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
        await expect(page.getByTestId('boarding-pass-details')).toContainText(booking.seats[0] ?? '');
      } finally {
        await context.setOffline(false);
      }
    });
  });
});
