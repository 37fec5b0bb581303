// The passenger's manage page, for the browser tests (docs/decisions/027): departures of its
// own, the link and the codes the booking's e-mails carry, a code typed into the page.
import type { APIRequestContext, Locator, Page, PlaywrightWorkerArgs } from '@playwright/test';
import { DEMO_ADMIN } from '#shared/constants.ts';
import MANAGE from '#shared/messages/manage.ts';
import type { Location, OutboxMail, Trip } from '#shared/schemas.ts';
import type { AdminLaunch, AdminSchedule } from '#shared/setup-api.ts';
import { expect } from '../fixtures.ts';
import { json, operatorDate } from './booking-api.ts';
import type { Passenger } from './camera.ts';

/** Clear of the days the other specs book; far enough ahead for the policy's best tier. */
export const DAYS_AHEAD = 10;

/** The office, signed in apart from the passenger's browser (which must see no staff tools). */
export async function officeApi(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string | undefined) {
  const office = await playwright.request.newContext({ baseURL });
  await json(await office.post('/api/auth/login', { data: DEMO_ADMIN }));
  return office;
}

/** A random minute in each of `hours` that none of `trips` departs at. */
function freeTimes(trips: Trip[], hours: number[]) {
  const taken = new Set(trips.map((trip) => trip.departureTime));
  return hours.map((hour) => {
    const free = Array.from({ length: 60 }, (_, m) => `${hour}:${String(m).padStart(2, '0')}`).filter(
      (time) => !taken.has(time),
    );
    const time = free[Math.floor(Math.random() * free.length)];
    if (!time) throw new Error(`no free minute at ${hour}h on the test day`);
    taken.add(time);
    return time;
  });
}

/** The time 45 minutes after an HH:MM, past midnight if need be. */
function arrivalAfter(time: string): string {
  const minutes = (Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)) + 45) % (24 * 60);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * Departures Malé -> Maafushi in `hours` on one day, all run by one new 8-seat launch, each at
 * a time no other departure of that day has, so the page's list names it alone (both projects,
 * and retries, book the same day: a time another test took meanwhile is tried again).
 */
export async function departures(office: APIRequestContext, hours: number[]) {
  const locations = await json<Location[]>(await office.get('/api/locations'));
  const id = (name: string) => locations.find((l) => l.name === name)?.id ?? '';
  const travelDate = operatorDate(DAYS_AHEAD);
  const tripsOfDay = async () =>
    json<Trip[]>(
      await office.get('/api/trips', { params: { date: travelDate, from: id('Malé'), to: id('Maafushi') } }),
    );
  const launch = await json<AdminLaunch>(
    await office.post('/api/admin/launches', {
      data: {
        name: `Manage Launch ${crypto.randomUUID().slice(0, 8)}`,
        capacity: 8,
        seatNumbers: Array.from({ length: 8 }, (_, i) => String(i + 1)),
      },
    }),
  );
  for (let attempt = 0; attempt < 5; attempt++) {
    const times = freeTimes(await tripsOfDay(), hours);
    const schedules: AdminSchedule[] = [];
    for (const time of times) {
      schedules.push(
        await json<AdminSchedule>(
          await office.post('/api/admin/schedules', {
            data: {
              travelDate,
              launchIds: [launch.id],
              routeStops: [
                { locationId: id('Malé'), departureTime: time },
                // The arrival, 45 minutes on (past midnight for a late departure).
                { locationId: id('Maafushi'), departureTime: arrivalAfter(time) },
              ],
            },
          }),
        ),
      );
    }
    const after = await tripsOfDay();
    if (times.every((time) => after.filter((trip) => trip.departureTime === time).length === 1)) {
      return { launch, schedules, times };
    }
  }
  throw new Error('every try at departures with times of their own met another test’s');
}

/** The newest code mailed for changing `reference` after `since` (ms). */
export async function mailedCode(
  api: APIRequestContext,
  passenger: Passenger,
  since: number,
): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const mails = await json<OutboxMail[]>(
        await api.get('/dev/outbox', { params: { to: passenger.email } }),
      );
      const mail = mails.find(
        (m) =>
          m.subject.includes(passenger.reference) &&
          /code/i.test(m.subject) &&
          Date.parse(m.createdAt) >= since - 2000,
      );
      code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/** The manage link in the booking's e-mails (the approval mail carries it). */
export async function mailedLink(api: APIRequestContext, passenger: Passenger): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      const mails = await json<OutboxMail[]>(
        await api.get('/dev/outbox', { params: { to: passenger.email } }),
      );
      const text = mails.map((m) => m.text).join('\n');
      link =
        new RegExp(`/bookings/${passenger.reference}/manage\\?k=[^\\s\\u2066-\\u2069]+`).exec(text)?.[0] ??
        '';
      return link;
    })
    .not.toBe('');
  return link;
}

/**
 * A change's dialog sends its code as it opens: waits for the page to say so and returns the
 * code from the mail (sent after `since`), for the test to type.
 */
export async function dialogCode(
  dialog: Locator,
  api: APIRequestContext,
  passenger: Passenger,
  since: number,
  texts: { codeLabel: string; sendCode: string } = MANAGE,
): Promise<string> {
  await expect(dialog.getByRole('textbox', { name: texts.codeLabel })).toBeVisible();
  await expect(dialog.getByRole('button', { name: texts.sendCode })).toHaveCount(0);
  return mailedCode(api, passenger, since);
}

/** Asks for a code on the page and types it into the field `label`. */
export async function enterCode(
  page: Page,
  api: APIRequestContext,
  passenger: Passenger,
  scope = page.locator('body'),
) {
  const since = Date.now();
  await scope.getByRole('button', { name: MANAGE.sendCode }).click();
  await expect(scope.getByText(/A code is on its way|If this booking exists/)).toBeVisible();
  await scope.getByRole('textbox', { name: MANAGE.codeLabel }).fill(await mailedCode(api, passenger, since));
}
