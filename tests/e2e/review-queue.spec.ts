import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import type { AdminTicket } from '#shared/admin-api.ts';
import { DEMO_ADMIN } from '#shared/constants.ts';
import { MSG } from '#shared/messages/api.ts';
import type { Location } from '#shared/schemas.ts';
import type { AdminLaunch, AdminSchedule } from '#shared/setup-api.ts';
import { expect, test } from './fixtures.ts';
import { bookScheduleViaApi, json, operatorDate } from './support/booking-api.ts';
import { expectAccessible, toast } from './support/ui.ts';

// The office's review queue, on a phone and at a desk: pending bookings by departure in compact
// rows, "Approve and next", the undo of an approval, and Delete kept apart from Approve.
const SHOTS = path.resolve(import.meta.dirname, '../../.tmp/queue-shots');

type Booked = { reference: string; id: string; time: string };

/**
 * Three departures on a day no other test books (a random one, far ahead), made in the order
 * 15:00, 07:30, 11:00 and booked in that order, so the queue's order is the server's doing.
 */
async function queueOfThree(api: APIRequestContext): Promise<{ date: string; booked: Booked[] }> {
  await json(await api.post('/api/auth/login', { data: DEMO_ADMIN }));
  const date = operatorDate(120 + Math.floor(Math.random() * 600));
  const locations = await json<Location[]>(await api.get('/api/locations'));
  const id = (name: string) => locations.find((l) => l.name === name)?.id ?? '';
  const launch = await json<AdminLaunch>(
    await api.post('/api/admin/launches', {
      data: {
        name: `Queue Launch ${crypto.randomUUID().slice(0, 8)}`,
        capacity: 4,
        seatNumbers: ['1', '2', '3', '4'],
      },
    }),
  );
  const booked: Booked[] = [];
  for (const time of ['15:00', '07:30', '11:00']) {
    const schedule = await json<AdminSchedule>(
      await api.post('/api/admin/schedules', {
        data: {
          travelDate: date,
          launchIds: [launch.id],
          routeStops: [
            { locationId: id('Malé'), departureTime: time },
            { locationId: id('Maafushi'), departureTime: '23:00' },
          ],
        },
      }),
    );
    const { reference } = await bookScheduleViaApi(api, schedule, launch.id, '1');
    const ticket = await json<AdminTicket>(await api.get(`/api/admin/tickets/by-reference/${reference}`));
    booked.push({ reference, id: ticket.id, time });
  }
  booked.sort((a, b) => a.time.localeCompare(b.time));
  return { date, booked };
}

const queueList = (page: Page) => page.getByRole('list', { name: 'Review queue, soonest departure first' });
const rowOf = (page: Page, reference: string) =>
  queueList(page).locator(`article[data-reference="${reference}"]`);
const detail = (page: Page) => page.getByRole('region', { name: 'Booking under review' });

async function shot(page: Page, name: string, project: string) {
  await page.screenshot({ path: path.join(SHOTS, `${project}-${name}.png`), fullPage: true });
}

test.describe('the review queue', () => {
  test('lists pending bookings soonest departure first in compact rows, three or more on a phone', async ({
    page,
  }, testInfo) => {
    const { date, booked } = await queueOfThree(page.request);
    if (testInfo.project.use.isMobile) await page.setViewportSize({ width: 412, height: 823 });
    await page.goto(`/admin/tickets?date=${date}`);
    const rows = queueList(page).locator('article');
    await expect(rows).toHaveCount(3);
    expect(await rows.evaluateAll((all) => all.map((row) => row.getAttribute('data-reference')))).toEqual(
      booked.map((b) => b.reference),
    );
    const first = rowOf(page, booked[0]?.reference ?? '');
    await expect(first).toContainText('Mariyam Ali');
    await expect(first).toContainText('Malé');
    await expect(first).toContainText('Maafushi');
    await expect(first).toContainText('07:30');
    await expect(first).toContainText('MVR');
    await expect(first.getByText('Pending', { exact: true })).toBeVisible();
    await expect(
      first.getByRole('button', { name: `View slip of booking ${booked[0]?.reference}` }),
    ).toBeVisible();

    // All three rows fit on the screen at once, below the filters and tabs.
    const viewport = page.viewportSize();
    const last = await rows.nth(2).boundingBox();
    expect(last && viewport && last.y + last.height).toBeLessThanOrEqual(viewport?.height ?? 0);
    await expectAccessible(page, 'queue');
    await shot(page, 'queue', testInfo.project.name);

    // The slip opens from its row.
    await first.getByRole('button', { name: `View slip of booking ${booked[0]?.reference}` }).click();
    const viewer = page.getByRole('dialog', { name: 'Payment Slip' });
    await expect(
      viewer.getByRole('img', { name: `Payment slip for booking ${booked[0]?.reference}` }),
    ).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(viewer).toHaveCount(0);
  });

  test('"Approve and next" approves and opens the next booking; Undo puts the approval back', async ({
    page,
  }, testInfo) => {
    const { date, booked } = await queueOfThree(page.request);
    const [first, second] = booked as [Booked, Booked, Booked];
    await page.goto(`/admin/tickets?date=${date}`);
    await rowOf(page, first.reference).getByRole('link').click();
    await expect(detail(page).getByRole('heading', { name: first.reference })).toBeVisible();
    await expect(detail(page).getByText('1 of 3 waiting')).toBeVisible();
    await expectAccessible(page, 'detail');
    await shot(page, 'detail', testInfo.project.name);

    await detail(page).getByRole('button', { name: 'Approve and next' }).click();
    await expect(toast(page, MSG.ticketApproved)).toBeVisible();
    await expect(detail(page).getByRole('heading', { name: second.reference })).toBeVisible();
    await expect(detail(page).getByText('1 of 2 waiting')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`[?&]open=${second.id}`));
    const banner = page.getByRole('status').filter({ hasText: `Approved ${first.reference}` });
    await expect(banner).toBeVisible();
    expect(
      (await json<AdminTicket>(await page.request.get(`/api/admin/tickets/${first.id}`))).ticketStatus,
    ).toBe('confirmed');
    // Nothing slow here (no screenshot): the undo must come within its 30 seconds.
    await expectAccessible(page, 'approved, undo offered');

    await banner.getByRole('button', { name: `Undo approval of ${first.reference}` }).click();
    await expect(toast(page, MSG.approvalUndone)).toBeVisible();
    await expect(banner).toHaveCount(0);
    // The booking undone is open again, pending, first in the queue once more.
    await expect(detail(page).getByRole('heading', { name: first.reference })).toBeVisible();
    await expect(detail(page).getByText('1 of 3 waiting')).toBeVisible();
    await expect(detail(page).getByRole('button', { name: 'Approve and next' })).toBeVisible();
    expect(
      (await json<AdminTicket>(await page.request.get(`/api/admin/tickets/${first.id}`))).ticketStatus,
    ).toBe('pending');

    await detail(page).getByRole('link', { name: 'Back to the queue' }).click();
    await expect(queueList(page).locator('article')).toHaveCount(3);
    await expect(queueList(page).locator('article').first()).toHaveAttribute(
      'data-reference',
      first.reference,
    );
  });

  test('Delete sits apart from Approve, smaller, and asks before it deletes', async ({ page }, testInfo) => {
    const { date, booked } = await queueOfThree(page.request);
    const [first, second] = booked as [Booked, Booked, Booked];
    await page.goto(`/admin/tickets?date=${date}&open=${first.id}`);
    const approve = detail(page).getByRole('button', { name: 'Approve and next' });
    const remove = detail(page).getByRole('button', { name: 'Delete', exact: true });
    await expect(approve).toBeVisible();
    const a = await approve.boundingBox();
    const d = await remove.boundingBox();
    if (!a || !d) throw new Error('both buttons are on screen');
    // Below Approve's row, on the other side, and not as big.
    expect(d.y).toBeGreaterThanOrEqual(a.y + a.height);
    expect(d.x + d.width).toBeLessThan(a.x);
    expect(d.height).toBeLessThan(a.height);

    await remove.click();
    const confirm = page.getByRole('alertdialog', { name: `Delete ticket ${first.reference}?` });
    await expect(confirm).toBeVisible();
    await expectAccessible(page, 'delete confirmation');
    await shot(page, 'delete-confirm', testInfo.project.name);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(detail(page).getByRole('heading', { name: first.reference })).toBeVisible();

    await remove.click();
    await confirm.getByRole('button', { name: 'Delete ticket' }).click();
    await expect(toast(page, MSG.ticketDeleted)).toBeVisible();
    // On to the next booking of the queue.
    await expect(detail(page).getByRole('heading', { name: second.reference })).toBeVisible();
    expect((await page.request.get(`/api/admin/tickets/${first.id}`)).status()).toBe(404);
  });
});
