// The operator's concessions in the passenger's wizard (docs/decisions/036-fare-categories.md):
// the demo's seniors (free, 65 and over) and students (half the adult fare, 12 to 25), both
// checked by ID at boarding. Counted in step 1's party, priced at the trip's pair in step 2, and
// each person named under the concession's own name, on a phone and a desktop, in English and
// Dhivehi. Screenshots go to .tmp/screens/concessions-*.png (or to E2E_SCREENS_DIR when set).
import { percentOff } from '#shared/money.ts';
import type { Location } from '#shared/schemas.ts';
import { expect, test } from './fixtures.ts';
import { findTrip, json, operatorDate } from './support/booking-api.ts';
import { expectAccessible } from './support/ui.ts';
import { screen, texts } from './support/wizard-texts.ts';

const DAY = 9;

for (const language of ['en', 'dv'] as const) {
  test.describe(`concession fares in the wizard, in ${language === 'en' ? 'English' : 'Dhivehi'}`, () => {
    test.use({ locale: language === 'en' ? 'en-US' : 'dv-MV' });
    const say = texts(language);

    test('a senior and a student counted, priced at the trip’s pair and named under their fares', async ({
      page,
      request,
    }, testInfo) => {
      const shot = (step: string) => screen(page, `concessions-${language}-${testInfo.project.name}-${step}`);
      const places = await json<Location[]>(await request.get('/api/locations'));
      const placeName = (name: string) => {
        const place = places.find((p) => p.name === name);
        return (language === 'dv' && place?.nameDv) || name;
      };
      const senior = language === 'dv' ? 'މުސްކުޅި މީހާ (65+)' : 'Senior (65+)';
      const student = language === 'dv' ? 'ދަރިވަރު' : 'Student';
      const local = (name: string) => ({ name, type: 'local' });

      const { trip } = await findTrip(request, operatorDate(DAY), 'Malé', 'Maafushi');
      const studentPrice = percentOff(trip.prices?.localAdultPrice ?? '', '50');

      // Step 1: the party, a senior and a student, each with who may travel on it.
      await page.goto('/booking');
      await page.getByLabel(say('search.date')).fill(operatorDate(DAY));
      await page.getByLabel(say('search.from'), { exact: true }).selectOption({ label: placeName('Malé') });
      await page.getByLabel(say('search.to'), { exact: true }).selectOption({ label: placeName('Maafushi') });
      await page.getByRole('button', { name: say('search.search') }).click();
      await page.getByRole('button', { name: say('booking.party', { n: 1 }) }).click();
      const counters = page.getByRole('group', { name: say('passenger.concessionsLegend') });
      const addSenior = counters.getByRole('button', { name: say('passenger.addConcession', local(senior)) });
      await expect(addSenior).toHaveAccessibleDescription(
        `${say('passenger.agesFrom', { min: 65 })} ${say('passenger.concessionIdNote')}`,
      );
      await expect(counters.getByText(say('passenger.concessionFree')).first()).toBeVisible();
      await expect(
        counters.getByText(say('passenger.concessionPercent', { percent: 50 })).first(),
      ).toBeVisible();
      await addSenior.click();
      await counters.getByRole('button', { name: say('passenger.addConcession', local(student)) }).click();
      await expect(
        counters.getByRole('status', { name: say('passenger.countConcession', local(senior)) }),
      ).toHaveText('1');
      await expect(page.getByRole('button', { name: say('booking.party', { n: 2 }) })).toBeVisible();
      // Each trip's fare is the party's: the senior free, the student at half the adult fare.
      await expect(
        page
          .getByRole('listitem')
          .filter({ hasText: `MVR ${studentPrice}` })
          .first(),
      ).toBeVisible();
      await expectAccessible(page, 'step 1');
      await shot('step1');
      await page
        .getByRole('button', { name: say('vessel.selectTrip') })
        .first()
        .click();

      // Step 2: the prices of the pair, as the server charges them; each person under the fare's name.
      await expect(page.getByRole('heading', { name: say('passenger.title') })).toBeVisible();
      const tickets = page.getByTestId('concession-counters');
      await expect(tickets.getByText(`MVR ${studentPrice}`).first()).toBeVisible();
      await expect(tickets.getByText('MVR 0.00').first()).toBeVisible();
      await expect(page.getByTestId('ticket-totals')).toContainText(`MVR ${studentPrice}`);
      await expect(
        page.getByRole('group', {
          name: say('passenger.contactLegend', {
            person: say('passenger.personLabel', { category: 'senior', name: senior, n: 1 }),
          }),
        }),
      ).toBeVisible();
      await expect(
        page.getByRole('group', {
          name: say('passenger.personLabel', { category: 'student', name: student, n: 1 }),
        }),
      ).toBeVisible();
      await expectAccessible(page, 'step 2');
      await shot('step2');
    });
  });
}
