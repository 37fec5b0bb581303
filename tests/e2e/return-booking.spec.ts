// A return trip (docs/decisions/037-return-trips.md) booked the way a passenger does: one adult
// and one infant on a lap, out Malé -> Maafushi and back the same afternoon, from step 1 to the
// confirmation under one reference, then approved by the office and opened on the e-ticket with
// a code for each journey. On a phone and a desktop, in English and in Dhivehi. Screenshots of
// the steps go to .tmp/screens/return-*.png (or to E2E_SCREENS_DIR when set).
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import type { AdminTicket } from '#shared/admin-api.ts';
import type { Location } from '#shared/schemas.ts';
import { expect, test } from './fixtures.ts';
import { json, latestCode, operatorDate } from './support/booking-api.ts';
import { signInAsOwnerOn } from './support/counter.ts';
import { expectAccessible, toast } from './support/ui.ts';
import { pattern, screen, texts } from './support/wizard-texts.ts';

const SLIP = fileURLToPath(new URL('../files/photo-exif-gps.jpg', import.meta.url));
// The seed's Malé 13:30 -> Maafushi (14:15) and Maafushi 16:00 -> Malé run every day; seats are
// picked with a retry, as other specs book the same days.
const DAY = 13;

/** A region of the page by the start of its heading (a departure's heading goes on with its time). */
const region = (page: Page, heading: string) =>
  page.getByRole('region', { name: new RegExp(`^${heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });

for (const language of ['en', 'dv'] as const) {
  test.describe(`a return trip, in ${language === 'en' ? 'English' : 'Dhivehi'}`, () => {
    test.use({ locale: language === 'en' ? 'en-US' : 'dv-MV' });
    const say = texts(language);

    test('a return booking with an infant from step 1 to the e-ticket with two codes', async ({
      page,
      request,
    }, testInfo) => {
      test.setTimeout(240_000);
      const shot = (step: string) => screen(page, `return-${language}-${testInfo.project.name}-${step}`);
      const email = `return-${language}-${testInfo.project.name}-${Date.now()}@example.com`;
      const adult = 'Mariyam Return';
      const infant = 'Ali Return';
      const places = await json<Location[]>(await request.get('/api/locations'));
      const placeName = (name: string) => {
        const place = places.find((p) => p.name === name);
        return (language === 'dv' && place?.nameDv) || name;
      };
      const date = operatorDate(DAY);

      // Step 1: the search, Return (its date the outbound's), the party of an adult and an infant.
      await page.goto('/booking');
      await page.getByLabel(say('search.date')).fill(date);
      await page.getByLabel(say('search.from'), { exact: true }).selectOption({ label: placeName('Malé') });
      await page.getByLabel(say('search.to'), { exact: true }).selectOption({ label: placeName('Maafushi') });
      const oneWay = page.getByRole('radio', { name: say('vessel.oneWay') });
      await expect(oneWay).toBeChecked();
      await page.getByRole('radio', { name: say('vessel.returnTrip') }).check();
      const returnDate = page.getByLabel(say('vessel.returnDate'));
      await expect(returnDate).toHaveValue(date);
      await expect(returnDate).toHaveAttribute('min', date);
      await page.getByRole('button', { name: say('search.search') }).click();
      await page.getByRole('button', { name: say('booking.party', { n: 1 }) }).click();
      await page.getByRole('button', { name: say('passenger.addLocalAdult') }).click();
      await page.getByRole('button', { name: say('passenger.addLocalInfant') }).click();
      await expect(page.getByRole('button', { name: say('booking.party', { n: 2 }) })).toBeVisible();
      const trips = page.getByRole('region', { name: say('vessel.trips') }).first();
      const outbound = trips.getByRole('button', {
        name: say('vessel.selectTripLabel', {
          from: placeName('Malé'),
          to: placeName('Maafushi'),
          time: '13:30',
        }),
      });
      await outbound.click();

      // The way back: Maafushi -> Malé the same day, only what leaves after 14:15.
      const back = region(page, say('vessel.returnTitle'));
      await expect(back.getByRole('heading', { name: say('vessel.returnTitle') })).toBeFocused();
      const backTrip = back.getByRole('button', {
        name: say('vessel.selectTripLabel', {
          from: placeName('Maafushi'),
          to: placeName('Malé'),
          time: '16:00',
        }),
      });
      await expect(backTrip).toBeVisible();
      await expect(back.getByRole('button', { name: say('vessel.selectTrip') })).toHaveCount(1);
      await expectAccessible(page, 'step 1, the way back');
      await shot('step1');
      await backTrip.click();

      // Step 2: the contact is Adult 1, the infant named too.
      await expect(page.getByRole('heading', { name: say('passenger.title') })).toBeVisible();
      const contact = page.getByRole('group', {
        name: say('passenger.contactLegend', {
          person: say('passenger.personLabel', { category: 'adult', n: 1 }),
        }),
      });
      await contact.getByLabel(say('passenger.fullName')).fill(adult);
      await contact.getByLabel(say('passenger.emailAddress')).fill(email);
      await page.getByRole('button', { name: say('passenger.sendCode') }).click();
      await expect(toast(page, say('msg.codeSent'))).toBeVisible();
      await page.getByLabel(say('passenger.verificationCode')).fill(await latestCode(request, email));
      await page.getByRole('button', { name: say('passenger.verify'), exact: true }).click();
      await expect(page.getByText(say('passenger.emailVerified'), { exact: true })).toBeVisible();
      await page
        .getByRole('group', { name: say('passenger.personLabel', { category: 'infant', n: 1 }) })
        .getByLabel(say('passenger.fullName'))
        .fill(infant);
      await page.getByRole('button', { name: say('passenger.continue') }).click();

      // Step 3: a launch for each departure; Continue waits for both.
      await expect(page.getByRole('heading', { name: say('vessel.launchTitle') })).toBeVisible();
      const toSeats = page.getByRole('button', { name: say('vessel.toSeats') });
      const outLaunches = region(page, say('vessel.outbound'));
      const backLaunches = region(page, say('vessel.inbound'));
      await outLaunches.locator('button[aria-pressed="false"]').first().click();
      await expect(toSeats).toBeDisabled();
      await backLaunches.locator('button[aria-pressed="false"]').first().click();
      await expect(page.locator('main button[aria-pressed="true"]')).toHaveCount(2);
      await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached' });
      await expectAccessible(page, 'step 3');
      await shot('step3');
      await toSeats.click();

      // Step 4: one seat on each (the infant takes none), under the same rules as a single trip.
      await expect(page.getByRole('heading', { name: say('vessel.seatsTitle') })).toBeVisible();
      // The four runs of this test book the same departures at once: each reaches for its own seat.
      const reach = ['en', 'dv'].indexOf(language) * 2 + (testInfo.project.name === 'phone' ? 0 : 1);
      const seatOn = async (map: Locator) => {
        const available = map.getByRole('button', {
          name: pattern(say('vessel.seatAvailable', { seat: '\u0000' })),
        });
        // Another test may take the seat found first while this one reaches for it: look again.
        await expect(async () => {
          await available.nth(reach).click({ timeout: 2_000 });
          await expect(
            map.getByText(say('vessel.selectedCount', { n: 1, total: 1 }), { exact: false }),
          ).toBeVisible({
            timeout: 2_000,
          });
        }).toPass({ timeout: 20_000 });
      };
      const toPayment = page.getByRole('button', { name: say('vessel.toPayment') });
      await seatOn(region(page, say('vessel.seatsOut')));
      await expect(toPayment).toBeDisabled();
      await seatOn(region(page, say('vessel.seatsBack')));
      await expectAccessible(page, 'step 4');
      await shot('step4');
      await toPayment.click();

      // Step 5: both journeys in the summary, each fare a line of the total.
      await expect(page.getByRole('heading', { name: say('payment.title') })).toBeVisible();
      const summary = page.getByRole('region', { name: say('payment.summaryHeading') });
      await expect(summary.getByText(say('payment.journeyOut'), { exact: true })).toBeVisible();
      await expect(summary.getByText(say('payment.journeyBack'), { exact: true })).toBeVisible();
      await expect(
        summary.getByText(say('payment.tripRoute', { from: placeName('Maafushi'), to: placeName('Malé') })),
      ).toBeVisible();
      await expect(page.getByTestId('return-fares')).toBeVisible();
      // The demo's Malé <-> Maafushi return is 10 % off, taken off the two fares together.
      await expect(page.getByTestId('return-fares')).toContainText(
        say('payment.returnDiscount', { percent: '10' }),
      );
      await page.getByLabel(say('payment.slipLabel'), { exact: true }).setInputFiles(SLIP);
      await expect(page.getByText(/photo-exif-gps\.jpg/)).toBeVisible({ timeout: 30_000 });
      await expectAccessible(page, 'step 5');
      await shot('step5');
      await page.getByRole('button', { name: say('payment.submit') }).click();

      // The confirmation: one reference, both journeys, the amount the server charged.
      await expect(page.getByRole('heading', { name: say('payment.submittedHeading') })).toBeVisible();
      await expect(page.getByTestId('booking-reference')).toHaveCount(1);
      const reference = (await page.getByTestId('booking-reference').textContent())?.trim() ?? '';
      expect(reference).toMatch(/^\d{10}$/);
      const details = page.getByRole('region', { name: say('payment.confirmationDetails') });
      await expect(details.getByText(say('payment.journeyOut'), { exact: true })).toBeVisible();
      await expect(details.getByText(say('payment.journeyBack'), { exact: true })).toBeVisible();
      await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached' });
      await expectAccessible(page, 'confirmation');
      await shot('confirmation');

      // The office approves the one payment; the approval mail's e-ticket shows both journeys,
      // each with a code of its own.
      await signInAsOwnerOn(request);
      const ticket = await json<AdminTicket>(
        await request.get(`/api/admin/tickets/by-reference/${reference}`),
      );
      await json(await request.post(`/api/admin/tickets/${ticket.id}/approve`));
      let token = '';
      await expect
        .poll(async () => {
          const mails = await json<{ text: string }[]>(
            await request.get('/dev/outbox', { params: { to: email } }),
          );
          token =
            /\/t\/([A-Za-z0-9_-]{43})/.exec(mails.find((m) => /\/t\//.test(m.text))?.text ?? '')?.[1] ?? '';
          return token;
        })
        .not.toBe('');
      await page.goto(`/t/${token}`);
      const codes = page.getByRole('img', { name: say('eticket.qrLabel', { reference }) });
      await expect(codes).toHaveCount(2);
      await expect(page.getByText(adult).first()).toBeVisible();
      await shot('e-ticket');
    });
  });
}
