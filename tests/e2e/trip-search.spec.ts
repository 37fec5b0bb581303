import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Page } from '@playwright/test';
import { partyFare } from '#shared/fare.ts';
import { allTexts, type TextId } from '#shared/messages/catalogues.ts';
import type { Location, PublicSettings, Trip } from '#shared/schemas.ts';
import { expect, test } from './fixtures.ts';
import { json, operatorDate } from './support/booking-api.ts';
import { expectAccessible } from './support/ui.ts';

// The trip search (the home page and the booking wizard's first step) in both languages: what a
// trip found says (arrival, duration, the party's fare), the nearest dates when a day has none,
// From and To kept apart, and the fields left empty marked where they are.

/** Malé → Thoddoo on the demo's multi-stop route: 09:00, at Thoddoo 10:45. */
const DAY = 4;
/** Past the demo's 14 days of trips: nothing that day, the last demo days nearest before it. */
const EMPTY_DAY = 20;

const i18n = setupI18n();
i18n.setMessagesCompiler(compileMessage);
for (const language of ['en', 'dv'] as const) {
  i18n.load(language, Object.fromEntries(allTexts().map(({ id, texts }) => [id, texts[language]])));
}

/** The money as the results write it: 'MVR 1,250.00'. */
const money = (amount: string, currency: string) =>
  `${currency} ${Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

for (const [language, locale] of [
  ['en', 'en-US'],
  ['dv', 'dv-MV'],
] as const) {
  test.describe(`trip search in ${language === 'en' ? 'English' : 'Dhivehi'}`, () => {
    test.use({ locale });
    const text = (id: TextId, values?: Record<string, unknown>) => {
      i18n.activate(language);
      return i18n._(id, values);
    };

    async function places(page: Page) {
      const all = await json<Location[]>(await page.request.get('/api/locations'));
      const name = (english: string) => {
        const place = all.find((l) => l.name === english);
        return (language === 'dv' && place?.nameDv) || english;
      };
      return { male: name('Malé'), thoddoo: name('Thoddoo'), maafushi: name('Maafushi') };
    }

    const dateField = (page: Page) => page.getByLabel(text('search.date'), { exact: true });
    const fromField = (page: Page) => page.getByLabel(text('search.from'), { exact: true });
    const toField = (page: Page) => page.getByLabel(text('search.to'), { exact: true });
    const searchButton = (page: Page) => page.getByRole('button', { name: text('search.search') });

    test('the home search is on a phone’s first screen and opens the trips found', async ({ page }) => {
      await page.setViewportSize({ width: 360, height: 740 });
      await page.goto('/');
      const place = await places(page);
      for (const element of [dateField(page), fromField(page), toField(page), searchButton(page)]) {
        await expect(element).toBeVisible();
        await expect(element).toBeInViewport({ ratio: 1 });
        const box = await element.boundingBox();
        expect(box && box.y + box.height).toBeLessThanOrEqual(740);
      }
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await expectAccessible(page, `home search ${language}`);

      await dateField(page).fill(operatorDate(DAY));
      await fromField(page).selectOption({ label: place.male });
      await toField(page).selectOption({ label: place.thoddoo });
      await searchButton(page).click();

      await expect(page).toHaveURL(/\/booking$/);
      await expect(page.getByRole('heading', { level: 2, name: text('booking.tripTitle') })).toBeVisible();
      await expect(dateField(page)).toHaveValue(operatorDate(DAY));
      const trips = page.getByRole('region', { name: text('vessel.trips') }).getByRole('listitem');
      await expect(trips.first()).toContainText(text('vessel.arrives', { time: '10:45' }));
    });

    test('a trip found tells its arrival, its duration and the party’s fare', async ({ page }) => {
      const settings = await json<PublicSettings>(await page.request.get('/api/settings/public'));
      // Malé -> Thoddoo has fares of its own (the demo's, docs/decisions/033): the trip's prices.
      const all = await json<Location[]>(await page.request.get('/api/locations'));
      const idOf = (english: string) => all.find((l) => l.name === english)?.id ?? '';
      const [found] = await json<Trip[]>(
        await page.request.get(
          `/api/trips?date=${operatorDate(DAY)}&from=${idOf('Malé')}&to=${idOf('Thoddoo')}`,
        ),
      );
      const prices = { ...settings, ...found?.prices };
      await page.goto('/booking');
      const place = await places(page);
      await dateField(page).fill(operatorDate(DAY));
      await fromField(page).selectOption({ label: place.male });
      await toField(page).selectOption({ label: place.thoddoo });
      await searchButton(page).click();

      const trip = page
        .getByRole('region', { name: text('vessel.trips') })
        .getByRole('listitem')
        .first();
      await expect(trip).toContainText('09:00');
      await expect(trip).toContainText(text('vessel.arrives', { time: '10:45' }));
      await expect(trip).toContainText(text('vessel.duration', { h: 1, m: 45 }));
      const one = partyFare(
        { localAdult: 1, localChild: 0, foreignerAdult: 0, foreignerChild: 0 },
        prices,
        settings.exchangeRate,
      );
      await expect(trip).toContainText(
        text('vessel.fare', { n: 1, amount: money(one.amount, one.currency) }),
      );
      await expectAccessible(page, `trip results ${language}`);

      // The party: one local adult and one foreigner adult pay in USD, converted as a booking is.
      await page.getByRole('button', { name: text('booking.party', { n: 1 }) }).click();
      await page.getByRole('button', { name: text('passenger.addLocalAdult') }).click();
      await page.getByRole('button', { name: text('passenger.addForeignerAdult') }).click();
      const two = partyFare(
        { localAdult: 1, localChild: 0, foreignerAdult: 1, foreignerChild: 0 },
        prices,
        settings.exchangeRate,
      );
      expect(two.currency).toBe('USD');
      await expect(trip).toContainText(
        text('vessel.fare', { n: 2, amount: money(two.amount, two.currency) }),
      );
      await expect(page.getByRole('button', { name: text('booking.party', { n: 2 }) })).toBeVisible();
      await expectAccessible(page, `trip party ${language}`);
    });

    test('a day without trips offers the nearest dates, and one of them shows its trips', async ({
      page,
    }) => {
      await page.goto('/booking');
      const place = await places(page);
      await dateField(page).fill(operatorDate(EMPTY_DAY));
      await fromField(page).selectOption({ label: place.male });
      await toField(page).selectOption({ label: place.maafushi });
      await searchButton(page).click();

      const results = page.getByRole('region', { name: text('vessel.trips') });
      await expect(results).toContainText(text('msg.noTrips'));
      const dates = results.getByRole('list', { name: text('vessel.nearestDates') }).getByRole('button');
      // Three days before (the demo's last three days of trips); days after only when other
      // tests of this run have added departures past this day.
      await expect(dates.nth(2)).toBeVisible();
      expect(await dates.count()).toBeLessThanOrEqual(6);
      await expectAccessible(page, `nearest dates ${language}`);

      // The nearest day before, listed last of the days before.
      await dates.nth(2).click();
      // The demo's last day of trips (seeded for today and the 13 days after it).
      await expect(dateField(page)).toHaveValue(operatorDate(13));
      await expect(results.getByRole('listitem').first()).toContainText(place.maafushi);
      await expect(results).not.toContainText(text('msg.noTrips'));
    });

    test('From and To can never be the same place, swapping included', async ({ page }) => {
      await page.goto('/booking');
      const place = await places(page);
      const option = (field: ReturnType<typeof fromField>, label: string) =>
        field.locator('option', { hasText: label });

      await fromField(page).selectOption({ label: place.male });
      await expect(option(toField(page), place.male)).toBeDisabled();
      await toField(page).selectOption({ label: place.maafushi });
      await expect(option(fromField(page), place.maafushi)).toBeDisabled();
      await expect(option(fromField(page), place.male)).toBeEnabled();

      await page.getByRole('button', { name: text('search.swap') }).click();
      await expect(fromField(page).locator('option:checked')).toHaveText(place.maafushi);
      await expect(toField(page).locator('option:checked')).toHaveText(place.male);
      await expect(option(toField(page), place.maafushi)).toBeDisabled();
      await expect(option(fromField(page), place.male)).toBeDisabled();
    });

    test('Search with fields left empty marks each, tells why under it and focuses the first', async ({
      page,
    }) => {
      await page.goto('/booking');
      const place = await places(page);
      await searchButton(page).click();

      const expectError = async (field: ReturnType<typeof fromField>, message: string) => {
        await expect(field).toHaveAttribute('aria-invalid', 'true');
        await expect(field).toHaveAccessibleDescription(message);
      };
      await expect(dateField(page)).toBeFocused();
      await expectError(dateField(page), text('search.dateMissing'));
      await expectError(fromField(page), text('search.fromPick'));
      await expectError(toField(page), text('search.toPick'));
      await expectAccessible(page, `search errors ${language}`);

      // Filled in, a field is no longer in error; the first one still empty takes the focus.
      await dateField(page).fill(operatorDate(DAY));
      await expect(dateField(page)).not.toHaveAttribute('aria-invalid', 'true');
      await searchButton(page).click();
      await expect(fromField(page)).toBeFocused();
      await fromField(page).selectOption({ label: place.male });
      await searchButton(page).click();
      await expect(toField(page)).toBeFocused();
      await expectError(toField(page), text('search.toPick'));
      // Nothing was searched yet.
      await expect(page.getByRole('region', { name: text('vessel.trips') })).toHaveCount(0);
    });
  });
}
