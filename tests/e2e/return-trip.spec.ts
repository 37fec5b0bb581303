import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { AdminTicket } from '#shared/admin-api.ts';
import { DEMO_ADMIN } from '#shared/constants.ts';
import type { ETicket } from '#shared/e-ticket-api.ts';
import { TEXTS } from '#shared/messages/catalogues.ts';
import type { Location, OutboxMail } from '#shared/schemas.ts';
import { expect, test } from './fixtures.ts';
import { bookReturnViaApi, json, operatorDate } from './support/booking-api.ts';
import { expectAccessible } from './support/ui.ts';

// A return in one booking (docs/decisions/037-return-trips.md): its e-ticket shows both journeys,
// each with its own boarding QR code.
const SHOTS = process.env.RETURN_SHOTS ?? path.resolve(import.meta.dirname, '../../.tmp/return-trip-shots');

test.describe('return trip', () => {
  test('the e-ticket of a return shows both journeys, each with its QR code, in English and Dhivehi', async ({
    page,
    playwright,
    browser,
    baseURL,
  }, testInfo) => {
    test.slow();
    const api = page.request;
    const date = operatorDate(6);
    const email = `return-${randomUUID()}@example.com`;
    // The demo's morning Malé -> Rasdhoo and its afternoon run back.
    const { created } = await bookReturnViaApi(api, { date, email });
    expect(created.journeys).toHaveLength(2);

    const office = await playwright.request.newContext({ baseURL });
    try {
      await json(await office.post('/api/auth/login', { data: DEMO_ADMIN }));
      const ticket = await json<AdminTicket>(
        await office.get(`/api/admin/tickets/by-reference/${created.reference}`),
      );
      await json(await office.post(`/api/admin/tickets/${ticket.id}/approve`));
    } finally {
      await office.dispose();
    }
    let link = '';
    await expect
      .poll(async () => {
        const mails = await json<OutboxMail[]>(await api.get('/dev/outbox', { params: { to: email } }));
        link = /\/t\/[A-Za-z0-9_-]{43}/.exec(mails.map((m) => m.text).join('\n'))?.[0] ?? '';
        return link;
      })
      .not.toBe('');
    const eTicket = await json<ETicket>(await api.get(`/api/${link.slice(1)}`));
    // The way back's code says its journey: format 2 (docs/decisions/037-return-trips.md).
    expect(eTicket.journeyCodes?.map((c) => c.code?.slice(0, 4))).toEqual(['IF1.', 'IF2.']);

    const viewport =
      testInfo.project.name === 'phone' ? { width: 390, height: 844 } : { width: 1280, height: 800 };
    for (const [language, locale] of [
      ['en', 'en-US'],
      ['dv', 'dv-MV'],
    ] as const) {
      const context = await browser.newContext({ baseURL, viewport, locale });
      try {
        const pass = await context.newPage();
        await pass.goto(link);
        const texts = TEXTS.eticket[language];
        await expect(
          pass.getByRole('heading', { level: 2, name: texts.outbound, exact: true }),
        ).toBeVisible();
        await expect(
          pass.getByRole('heading', { level: 2, name: texts.returnJourney, exact: true }),
        ).toBeVisible();
        const qr = pass.getByRole('img', { name: texts.qrLabel.replace('{reference}', created.reference) });
        await expect(qr).toHaveCount(2);
        if (language === 'en') await expectAccessible(pass, 'return e-ticket');
        await pass.screenshot({
          path: path.join(SHOTS, `e-ticket-return-${language}-${testInfo.project.name}.png`),
          fullPage: true,
        });
      } finally {
        await context.close();
      }
    }
  });

  test('the office sets a route’s return discount in the fares dialog', async ({ page }, testInfo) => {
    test.slow();
    await json(await page.request.post('/api/auth/login', { data: DEMO_ADMIN }));
    const suffix = `${testInfo.project.name} ${randomUUID().slice(0, 6)}`;
    const place = async (name: string, code: string) =>
      json<Location>(
        await page.request.post('/api/admin/locations', { data: { name, code, country: 'Maldives' } }),
      );
    const from = await place(`Return Harbour ${suffix}`, 'RHA');
    const to = await place(`Return Island ${suffix}`, 'RIS');
    const route = `${from.name} → ${to.name}`;
    await page.goto('/admin/payments');
    const card = page.getByTestId('fares-card');
    await card.getByRole('button', { name: 'Add Route Fares' }).click();
    const add = page.getByRole('dialog', { name: 'Add Route Fares' });
    await add.getByLabel('From', { exact: true }).selectOption({ label: from.name });
    await add.getByLabel('To', { exact: true }).selectOption({ label: to.name });
    await add.getByLabel('Local adult (MVR)').fill('40');
    await add.getByLabel('Return discount (%)').fill('150');
    await add.getByRole('button', { name: 'Add Fares' }).click();
    await expect(add.getByLabel('Return discount (%)')).toHaveAccessibleDescription(/from 0 to 100/);
    await add.getByLabel('Return discount (%)').fill('10');
    await expectAccessible(page, 'return discount');
    await page.screenshot({
      path: path.join(SHOTS, `fares-dialog-return-discount-${testInfo.project.name}.png`),
    });
    await add.getByRole('button', { name: 'Add Fares' }).click();
    await expect(add).toBeHidden();
    await expect
      .poll(async () => {
        const { discounts } = await json<{ discounts: { originId: string; percentOff: string }[] }>(
          await page.request.get('/api/admin/return-discounts'),
        );
        return discounts.find((d) => d.originId === from.id)?.percentOff;
      })
      .toBe('10.00');
    await card
      .locator('tr', { hasText: route })
      .getByRole('button', { name: `Edit fares ${route}` })
      .click();
    await expect(
      page.getByRole('dialog', { name: `Edit Fares: ${route}` }).getByLabel('Return discount (%)'),
    ).toHaveValue('10.00');
  });
});
