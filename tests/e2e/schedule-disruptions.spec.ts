import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page, TestInfo } from '@playwright/test';
import type { AdminTicket } from '#shared/admin-api.ts';
import { DEMO_ADMIN } from '#shared/constants.ts';
import type { OutboxMail } from '#shared/schemas.ts';
import { expect, test } from './fixtures.ts';
import { bookScheduleViaApi, json } from './support/booking-api.ts';
import { todaysDeparture } from './support/departures.ts';
import { expectAccessible, toast } from './support/ui.ts';

// Delaying and cancelling a departure from the Schedules screen (docs/decisions/026): the card's
// own buttons open Ticketing's dialogs, whose preview shows the message each passenger gets
// before anything is sent; a cancelled departure's card says so and offers no completion.
const SHOTS = path.resolve(import.meta.dirname, '../../.tmp/screens');

/** The viewport (a dialog's backdrop stretches oddly on a full page), with `focus` in view. */
async function shot(page: Page, focus: Locator, name: string, testInfo: TestInfo) {
  await mkdir(SHOTS, { recursive: true });
  await focus.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS, `${name}-${testInfo.project.name}.png`) });
}

/** The mail's text as the preview shows it: the manage link without its key. */
const withoutKey = (text: string) => text.replace(/(\/manage\?k=)\S+/g, '$1…');

test.describe('disruptions from the Schedules screen', () => {
  test.beforeEach(async ({ page }) => {
    await json(await page.request.post('/api/auth/login', { data: DEMO_ADMIN }));
  });

  test('a delay, then a cancel, from a schedule card, each showing the message to passengers first', async ({
    page,
  }, testInfo) => {
    // A real booking (e-mail code), two disruptions and their mails.
    test.slow();
    const departure = await todaysDeparture(page.request, 4, 'Schedule Card');
    const { reference } = await bookScheduleViaApi(
      page.request,
      departure.schedule,
      departure.launch.id,
      '1',
    );
    // A second passenger reads Dhivehi: their message is written in it, right to left.
    const dhivehi = await bookScheduleViaApi(
      page.request,
      departure.schedule,
      departure.launch.id,
      '2',
      'dv',
    );
    const ticket = await json<AdminTicket>(
      await page.request.get(`/api/admin/tickets/by-reference/${reference}`),
    );
    const outbox = async () =>
      json<OutboxMail[]>(await page.request.get('/dev/outbox', { params: { to: ticket.passengerEmail } }));

    await page.goto(`/admin/schedule?date=${departure.schedule.travelDate}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Schedule Management' })).toBeVisible();
    const card = page.locator(`article[data-schedule-id="${departure.schedule.id}"]`);
    await expect(card.getByText('2 active bookings')).toBeVisible();
    for (const name of ['Mark completed', 'Delay departure', 'Move bookings', 'Cancel departure']) {
      await expect(card.getByRole('button', { name, exact: true })).toBeVisible();
    }
    await expectAccessible(page, 'schedules with disruption actions');
    await shot(page, card, 'schedule-card-actions', testInfo);

    // Delay: the message shows once the times are new and a reason is chosen.
    await card.getByRole('button', { name: 'Delay departure' }).click();
    const delay = page.getByRole('dialog', { name: 'Delay the 23:57 departure?' });
    await expect(delay).toBeFocused();
    await expect(delay.getByTestId('delay-bookings')).toHaveText('2');
    await expect(delay.getByTestId('delay-mails')).toHaveText('2');
    const delayMessage = delay.getByRole('region', { name: 'Message to passengers' });
    await delayMessage.locator('summary').click();
    await expect(delayMessage).toContainText(
      'Give the new times and a reason to see the message each passenger gets.',
    );
    await delay.getByLabel('Malé').fill('23:58');
    await delay.getByLabel('Airport').fill('23:59');
    await delay.getByRole('radio', { name: 'Weather' }).check();
    const delaySample = delayMessage.locator('article[data-language="en"]');
    await expect(delaySample.getByTestId('message-subject')).toHaveText(`New departure time: ${reference}`);
    await expect(delaySample.getByTestId('message-text')).toContainText(
      'New departure time: 23:58 (it was 23:57).',
    );
    await expect(delaySample).toContainText('English · 1 passenger');
    const delayDhivehi = delayMessage.locator('article[data-language="dv"]');
    await expect(delayDhivehi).toContainText(
      `Dhivehi · 1 passenger · as booking ${dhivehi.reference} gets it`,
    );
    await expect(delayDhivehi.getByTestId('message-subject')).toContainText('ފުރާ ގަޑި ބަދަލުވެއްޖެ');
    await expect(delayDhivehi.locator('[lang="dv"]')).toHaveAttribute('dir', 'rtl');
    const previewed = (await delaySample.getByTestId('message-text').textContent()) ?? '';
    await expectAccessible(page, 'delay dialog with its message');
    await shot(page, delayDhivehi, 'schedule-delay-message', testInfo);

    await delay.getByRole('button', { name: 'Delay departure', exact: true }).click();
    await expect(toast(page, 'Departure delayed: 2 passengers told')).toBeVisible();
    await expect(delay).toBeHidden();
    await expect(card.getByRole('list', { name: 'Stops' })).toContainText('Malé23:58');
    // The passenger got the message the preview showed, word for word.
    await expect
      .poll(async () => (await outbox()).find((m) => m.subject === `New departure time: ${reference}`)?.text)
      .toBeTruthy();
    const delayed = (await outbox()).find((m) => m.subject === `New departure time: ${reference}`);
    expect(withoutKey(delayed?.text ?? '')).toBe(previewed);

    // Cancel: the message waits for a reason, then gives the reason and the note.
    await card.getByRole('button', { name: 'Cancel departure' }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancel the 23:58 departure?' });
    await expect(cancel).toBeFocused();
    await expect(cancel.getByTestId('cancel-bookings')).toHaveText('2');
    const message = cancel.getByRole('region', { name: 'Message to passengers' });
    await message.locator('summary').click();
    await expect(message).toContainText('Choose a reason to see the message each passenger gets.');
    await cancel.getByRole('radio', { name: 'Weather' }).check();
    await cancel.getByLabel('Note (optional)').fill('Red alert from the Met Service');
    const sample = message.locator('article[data-language="en"]');
    await expect(sample.getByTestId('message-subject')).toHaveText(`Departure cancelled: ${reference}`);
    await expect(sample.getByTestId('message-text')).toContainText('Reason: the weather');
    await expect(sample.getByTestId('message-text')).toContainText('Red alert from the Met Service');
    await expect(message.locator('article[data-language="dv"]').getByTestId('message-text')).toContainText(
      'Red alert from the Met Service',
    );
    await expectAccessible(page, 'cancel dialog with its message');
    await shot(page, sample, 'schedule-cancel-message', testInfo);

    await cancel.getByRole('button', { name: 'Cancel departure', exact: true }).click();
    await expect(toast(page, 'Departure cancelled: 2 passengers told, 2 refunds requested')).toBeVisible();
    await expect(cancel).toBeHidden();

    // The card says it is cancelled and offers neither completion nor another disruption.
    await expect(card.getByText('Cancelled', { exact: true })).toBeVisible();
    await expect(card.getByText('This departure is cancelled')).toBeVisible();
    await expect(card.getByText('0 active bookings')).toBeVisible();
    for (const name of ['Mark completed', 'Delay departure', 'Move bookings', 'Cancel departure']) {
      await expect(card.getByRole('button', { name, exact: true })).toHaveCount(0);
    }
    await expect(card.getByRole('button', { name: 'Edit' })).toBeVisible();
    await expectAccessible(page, 'schedules with a cancelled departure');
    await shot(page, card, 'schedule-card-cancelled', testInfo);
    await expect
      .poll(async () => (await outbox()).map((m) => m.subject))
      .toContain(`Departure cancelled: ${reference}`);
  });
});
