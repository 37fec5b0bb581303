// Departures the browser tests make for themselves through the admin API (signed in as the
// demo Owner): today's, late enough in the day to be sold and boarded whenever the suite runs.
import type { APIRequestContext } from '@playwright/test';
import type { Location } from '#shared/schemas.ts';
import type { AdminLaunch, AdminSchedule } from '#shared/setup-api.ts';
import { json, operatorDate } from './booking-api.ts';

export type Departure = { schedule: AdminSchedule; launch: AdminLaunch; stops: string[] };

/** The demo's places by name, and a launch of its own with seats numbered 1 to `seats`. */
async function placesAndLaunch(api: APIRequestContext, seats: number, launchName: string) {
  const locations = await json<Location[]>(await api.get('/api/locations'));
  const id = (name: string) => locations.find((l) => l.name === name)?.id ?? '';
  const launch = await json<AdminLaunch>(
    await api.post('/api/admin/launches', {
      data: {
        name: `${launchName} ${crypto.randomUUID().slice(0, 8)}`,
        capacity: seats,
        seatNumbers: Array.from({ length: seats }, (_, i) => String(i + 1)),
      },
    }),
  );
  return { id, launch };
}

/** Today's departure of a launch of its own, Malé -> Airport -> Maafushi, late in the day. */
export async function todaysDeparture(
  api: APIRequestContext,
  seats: number,
  launchName = 'Boarding Launch',
): Promise<Departure> {
  const { id, launch } = await placesAndLaunch(api, seats, launchName);
  const schedule = await json<AdminSchedule>(
    await api.post('/api/admin/schedules', {
      data: {
        travelDate: operatorDate(0),
        launchIds: [launch.id],
        routeStops: [
          { locationId: id('Malé'), departureTime: '23:57' },
          { locationId: id('Airport'), departureTime: '23:58' },
          { locationId: id('Maafushi'), departureTime: '23:59' },
        ],
      },
    }),
  );
  return { schedule, launch, stops: ['Malé', 'Airport', 'Maafushi'] };
}

/**
 * A departure Malé -> Maafushi at 10:00 on a day of its own: a random one years ahead (past the
 * review queue's days), with no other departure, so the office's list filtered to that day holds
 * this test's bookings alone, whatever the other workers book meanwhile.
 */
export async function departureOnOwnDay(
  api: APIRequestContext,
  seats: number,
  launchName = 'Own Day Launch',
): Promise<Departure & { date: string }> {
  const { id, launch } = await placesAndLaunch(api, seats, launchName);
  for (let attempt = 0; attempt < 5; attempt++) {
    const date = operatorDate(800 + Math.floor(Math.random() * 1000));
    const { schedules: taken } = await json<{ schedules: AdminSchedule[] }>(
      await api.get('/api/admin/schedules', { params: { date } }),
    );
    if (taken.length > 0) continue;
    const schedule = await json<AdminSchedule>(
      await api.post('/api/admin/schedules', {
        data: {
          travelDate: date,
          launchIds: [launch.id],
          routeStops: [
            { locationId: id('Malé'), departureTime: '10:00' },
            { locationId: id('Maafushi'), departureTime: '23:00' },
          ],
        },
      }),
    );
    return { schedule, launch, stops: ['Malé', 'Maafushi'], date };
  }
  throw new Error('five random days in a row had departures already');
}
