import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { AdminTicket } from '#shared/admin-api.ts';
import MANAGE_DV from '#shared/locales/dv/manage.ts';
import type { ManageView } from '#shared/manage-api.ts';
import MANAGE from '#shared/messages/manage.ts';
import type { BookingLookup } from '#shared/schemas.ts';
import { expect, test } from './fixtures.ts';
import { bookReturnViaApi, json, operatorDate, seatMap, seatStates } from './support/booking-api.ts';
import type { Passenger } from './support/camera.ts';
import { DAYS_AHEAD, dialogCode, mailedLink, officeApi } from './support/manage.ts';
import { expectAccessible } from './support/ui.ts';

// A return's manage page (docs/decisions/037-return-trips.md): each journey is shown, and
// rebooked or cancelled on its own.
const SHOTS = process.env.MANAGE_SHOTS ?? path.resolve(import.meta.dirname, '../../.tmp/shots');

test.describe('manage page of a return', () => {
  test('cancels only the way back: the outbound stays, the return reads cancelled, only its seat is freed', async ({
    page,
    browser,
    playwright,
    baseURL,
  }, testInfo) => {
    test.slow();
    const api = page.request;
    const date = operatorDate(DAYS_AHEAD + 1);
    const email = `manage-return-${randomUUID()}@example.com`;
    // The demo's morning Malé -> Rasdhoo and its afternoon run back.
    const { created, out, back, outSeat, backSeat } = await bookReturnViaApi(api, { date, email });
    const office = await officeApi(playwright, baseURL);
    try {
      const ticket = await json<AdminTicket>(
        await office.get(`/api/admin/tickets/by-reference/${created.reference}`),
      );
      await json(await office.post(`/api/admin/tickets/${ticket.id}/approve`));
      const passenger = { reference: created.reference, email } as Passenger;
      const link = await mailedLink(office, passenger);
      const outWhere = { scheduleId: out.trip.scheduleId, date, launchId: outSeat.launchId };
      const backWhere = { scheduleId: back.trip.scheduleId, date, launchId: backSeat.launchId };

      // The page of a return in both languages: each journey its own group with its own actions.
      const viewport =
        testInfo.project.name === 'phone' ? { width: 390, height: 844 } : { width: 1280, height: 800 };
      await mkdir(SHOTS, { recursive: true });
      for (const [language, locale, texts] of [
        ['en', 'en-US', MANAGE],
        ['dv', 'dv-MV', MANAGE_DV],
      ] as const) {
        const context = await browser.newContext({ baseURL, viewport, locale });
        try {
          const shown = await context.newPage();
          await shown.goto(link);
          for (const name of [texts.journeyOutbound, texts.journeyReturn]) {
            const group = shown.getByRole('region', { name, exact: true });
            await expect(group.getByText(texts.journeyConfirmed, { exact: true })).toBeVisible();
            await expect(group.getByRole('button', { name: new RegExp(texts.cancelJourney) })).toBeVisible();
            await expect(group.getByRole('button', { name: new RegExp(texts.rebookJourney) })).toBeVisible();
          }
          await expect(shown.getByRole('button', { name: texts.cancelBoth })).toBeVisible();
          if (language === 'en') await expectAccessible(shown, 'manage page of a return');
          await shown.screenshot({
            path: path.join(SHOTS, `manage-return-${language}-${testInfo.project.name}.png`),
            fullPage: true,
          });
        } finally {
          await context.close();
        }
      }

      // Cancelling the way back: the phone in English, the desktop in Dhivehi.
      const [locale, texts] =
        testInfo.project.name === 'phone' ? (['en-US', MANAGE] as const) : (['dv-MV', MANAGE_DV] as const);
      const context = await browser.newContext({ baseURL, viewport, locale });
      try {
        const passengerPage = await context.newPage();
        const opened = passengerPage.waitForResponse(
          (r) => r.url().endsWith('/manage') && r.request().method() === 'GET',
        );
        await passengerPage.goto(link);
        const view = (await (await opened).json()) as ManageView;
        const returnShare = view.journeyChanges?.[1]?.cancel.amount ?? '';
        expect(Number(returnShare)).toBeGreaterThan(0);

        const returnGroup = passengerPage.getByRole('region', { name: texts.journeyReturn, exact: true });
        const since = Date.now();
        await returnGroup.getByRole('button', { name: new RegExp(texts.cancelJourney) }).click();
        const dialog = passengerPage.getByRole('dialog', { name: new RegExp(texts.cancelJourney) });
        const code = await dialogCode(dialog, office, passenger, since, texts);
        // The refund told is the way back's share, not the booking's whole.
        await expect(dialog.getByText(new RegExp(`${Number(returnShare).toFixed(2)}`))).toBeVisible();
        expect(returnShare).not.toBe(view.totalAmount);
        await dialog.getByRole('textbox', { name: texts.codeLabel }).fill(code);
        await dialog.getByRole('button', { name: texts.cancelConfirm }).click();
        await expect(dialog).toHaveCount(0);
        await expect(
          passengerPage.getByRole('status').filter({ hasText: texts.cancelJourneyDone }),
        ).toBeFocused();

        // The outbound stays with its actions; the return reads cancelled and offers none.
        const outGroup = passengerPage.getByRole('region', { name: texts.journeyOutbound, exact: true });
        await expect(outGroup.getByText(texts.journeyConfirmed, { exact: true })).toBeVisible();
        await expect(outGroup.getByRole('button', { name: new RegExp(texts.cancelJourney) })).toBeVisible();
        await expect(returnGroup.getByText(texts.journeyCancelled, { exact: true })).toBeVisible();
        await expect(returnGroup.getByRole('button')).toHaveCount(0);
        await expect(returnGroup.getByText(texts.journeyNoActions)).toBeVisible();
        await expect(passengerPage.getByRole('button', { name: texts.cancelBoth })).toHaveCount(0);
        // Its refund, the way back's share, is listed on the booking's page.
        const refunds = passengerPage.getByRole('region', { name: texts.refundsTitle });
        await expect(refunds.getByText(texts.reasonPassengerCancelled)).toBeVisible();
        await expect(refunds.getByText(new RegExp(Number(returnShare).toFixed(2)))).toBeVisible();
        await passengerPage.screenshot({
          path: path.join(SHOTS, `manage-return-cancelled-${testInfo.project.name}.png`),
          fullPage: true,
        });
      } finally {
        await context.close();
      }

      // Only the way back's seat is free again; the lookup agrees.
      expect(seatStates(await seatMap(office, outWhere), [outSeat.seat])).toEqual({
        [outSeat.seat]: 'occupied',
      });
      expect(seatStates(await seatMap(office, backWhere), [backSeat.seat])).toEqual({
        [backSeat.seat]: 'available',
      });
      const lookup = await json<BookingLookup>(await api.get(`/api/bookings/${created.reference}`));
      expect(lookup.journeys.map((j) => j.ticketStatus)).toEqual(['confirmed', 'cancelled_by_passenger']);
    } finally {
      await office.dispose();
    }
  });
});
