// Helpers for browser tests that talk to the public API directly: the operator's calendar, the
// dev outbox's one-time codes, seat maps as another visitor sees them and real bookings.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext, APIResponse } from '@playwright/test';
import type { Language } from '#shared/languages.ts';
import type {
  BookingCreated,
  BookingRequest,
  EmailVerifyResponse,
  Location,
  SeatMap,
  SeatState,
  Trip,
  TripLaunch,
} from '#shared/schemas.ts';
import { expect } from '../fixtures.ts';

/** A small WebP that the server accepts as a payment slip. */
export const SLIP_WEBP = path.resolve(import.meta.dirname, '../../files/banner.webp');

/** The operator's calendar date (Indian/Maldives), `daysAhead` days from today, as YYYY-MM-DD. */
export function operatorDate(daysAhead = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Indian/Maldives' }).format(new Date());
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + daysAhead);
  return date.toISOString().slice(0, 10);
}

/** The body of a successful response; anything else fails the test with the status and body. */
export async function json<T>(response: APIResponse): Promise<T> {
  expect(response.ok(), `${response.url()}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** The newest one-time code the dev mail transport recorded for this address (waits for it). */
export async function latestCode(api: APIRequestContext, email: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const mails = await json<{ text: string }[]>(await api.get('/dev/outbox', { params: { to: email } }));
      code = /\b(\d{6})\b/.exec(mails[0]?.text ?? '')?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/** Asks for a code, reads it from the outbox and verifies it: the token a booking carries. */
export async function verifiedToken(api: APIRequestContext, email: string): Promise<string> {
  await json(await api.post('/api/email-codes', { data: { email } }));
  const code = await latestCode(api, email);
  const verified = await json<EmailVerifyResponse>(
    await api.post('/api/email-codes/verify', { data: { email, code } }),
  );
  return verified.verificationToken;
}

/** The first trip of the day between two stops (by name) and its launches. */
export async function findTrip(
  api: APIRequestContext,
  date: string,
  from: string,
  to: string,
): Promise<{ trip: Trip; launches: TripLaunch[] }> {
  const locations = await json<Location[]>(await api.get('/api/locations'));
  const idOf = (name: string) => {
    const id = locations.find((l) => l.name === name)?.id;
    if (!id) throw new Error(`the demo seed has no stop named ${name}`);
    return id;
  };
  const [trip] = await json<Trip[]>(
    await api.get('/api/trips', { params: { date, from: idOf(from), to: idOf(to) } }),
  );
  if (!trip) throw new Error(`the demo seed has no ${from} -> ${to} trip on ${date}`);
  const launches = await json<TripLaunch[]>(
    await api.get(`/api/trips/${trip.scheduleId}/launches`, { params: { date } }),
  );
  return { trip, launches };
}

/**
 * A launch's seat map as one booking session sees it; without a session, as a fresh visitor
 * (another person) sees it, so this session's own holds show as 'locked', not 'mine'.
 */
export async function seatMap(
  api: APIRequestContext,
  where: { scheduleId: string; date: string; launchId: string },
  session: string = randomUUID(),
): Promise<SeatMap> {
  return json<SeatMap>(
    await api.get(`/api/trips/${where.scheduleId}/seats`, {
      params: { date: where.date, launchId: where.launchId },
      headers: { 'X-Booking-Session': session },
    }),
  );
}

/** The state of each of these seats in a seat map, by label. */
export function seatStates(map: SeatMap, labels: readonly string[]): Record<string, SeatState | undefined> {
  return Object.fromEntries(labels.map((label) => [label, map.seats.find((s) => s.label === label)?.state]));
}

export type CreateBookingOptions = {
  /** Days from the operator's today; 5 by default, clear of the wizard tests' first days. */
  daysAhead?: number;
  /** Stop names as the demo seed has them; Malé -> Rasdhoo (a four-stop trip) by default. */
  from?: string;
  to?: string;
  /** Local adult tickets, one seat each; 1 by default. */
  seats?: number;
  /** A passenger verified before (several bookings of one e-mail); a new one by default. */
  passenger?: { email: string; verificationToken: string };
  /** The passenger's name as they type it; 'Aishath Mohamed' by default. */
  passengerName?: string;
};

export type CreatedBooking = BookingCreated & {
  trip: Trip;
  launch: TripLaunch;
  travelDate: string;
  seats: string[];
  email: string;
  passengerName: string;
};

/** A real booking made through the public API, as the wizard would make it (pending review). */
export async function createBookingViaApi(
  api: APIRequestContext,
  opts: CreateBookingOptions = {},
): Promise<CreatedBooking> {
  const { daysAhead = 5, from = 'Malé', to = 'Rasdhoo', seats: count = 1 } = opts;
  const email = opts.passenger?.email ?? `booking-${randomUUID()}@example.com`;
  const passengerName = opts.passengerName ?? 'Aishath Mohamed';
  const verificationToken = opts.passenger?.verificationToken ?? (await verifiedToken(api, email));
  const date = operatorDate(daysAhead);
  const { trip, launches } = await findTrip(api, date, from, to);
  const launch = launches.find((l) => l.freeSeats >= count);
  if (!launch) throw new Error(`no launch with ${count} free seat(s)`);
  const slip = await readFile(SLIP_WEBP);
  // The server checks the Origin of a booking against its own.
  const origin = new URL((await api.get('/api/health')).url()).origin;

  // Parallel workers may reach for the same seats: random free ones, and others on a clash.
  for (let attempt = 0; attempt < 5; attempt++) {
    const map = await seatMap(api, { scheduleId: trip.scheduleId, date, launchId: launch.id });
    const free = map.seats.filter((s) => s.state === 'available').map((s) => s.label);
    if (free.length < count) throw new Error(`fewer than ${count} free seat(s)`);
    const seats = [...free].sort(() => Math.random() - 0.5).slice(0, count);
    const booking: BookingRequest = {
      scheduleId: trip.scheduleId,
      travelDate: date,
      originId: trip.from.id,
      destinationId: trip.to.id,
      launchId: launch.id,
      seats,
      tickets: [{ type: 'local', category: 'adult', quantity: count }],
      passenger: { name: passengerName, email, phone: '7771234' },
      paymentCurrency: 'MVR',
      verificationToken,
    };
    const response = await api.post('/api/bookings', {
      headers: { 'X-Booking-Session': randomUUID(), 'Idempotency-Key': randomUUID(), Origin: origin },
      multipart: {
        booking: JSON.stringify(booking),
        slip: { name: 'slip.webp', mimeType: 'image/webp', buffer: slip },
      },
    });
    if (response.status() === 409) continue;
    const created = await json<BookingCreated>(response);
    return { ...created, trip, launch, travelDate: date, seats, email, passengerName };
  }
  throw new Error('could not book free seats');
}

/** The admin's view of a schedule, as much as a booking on it needs. */
type OwnSchedule = {
  id: string;
  travelDate: string;
  routeStops: { stopOrder: number; locationId: string }[];
};

/** A pending booking of seat `seat` from the first to the last stop of a schedule a test made. */
export async function bookScheduleViaApi(
  api: APIRequestContext,
  schedule: OwnSchedule,
  launchId: string,
  seat: string,
  /** The language the passenger books in (their mails' language); English if not given. */
  language?: Language,
): Promise<BookingCreated> {
  const email = `schedule-guard-${randomUUID()}@example.com`;
  const verificationToken = await verifiedToken(api, email);
  const stops = [...schedule.routeStops].sort((a, b) => a.stopOrder - b.stopOrder);
  const booking: BookingRequest = {
    scheduleId: schedule.id,
    travelDate: schedule.travelDate,
    originId: stops[0]?.locationId ?? '',
    destinationId: stops.at(-1)?.locationId ?? '',
    launchId,
    seats: [seat],
    tickets: [{ type: 'local', category: 'adult', quantity: 1 }],
    passenger: { name: 'Mariyam Ali', email, phone: '7771234' },
    paymentCurrency: 'MVR',
    verificationToken,
  };
  const origin = new URL((await api.get('/api/health')).url()).origin;
  const response = await api.post('/api/bookings', {
    headers: { 'X-Booking-Session': randomUUID(), 'Idempotency-Key': randomUUID(), Origin: origin },
    multipart: {
      booking: JSON.stringify(booking),
      slip: { name: 'slip.webp', mimeType: 'image/webp', buffer: await readFile(SLIP_WEBP) },
      ...(language ? { language } : {}),
    },
  });
  return json<BookingCreated>(response);
}

/** A return booked through the public API, and what a test of it needs to look it up again. */
export type ReturnBooking = {
  created: BookingCreated;
  out: { trip: Trip; launches: TripLaunch[] };
  back: { trip: Trip; launches: TripLaunch[] };
  outSeat: { launchId: string; seat: string };
  backSeat: { launchId: string; seat: string };
};

/**
 * A return (docs/decisions/037-return-trips.md) on `date`: the demo's morning Malé -> Rasdhoo and
 * its afternoon run back, one local adult, a random free seat on each, pending review.
 */
export async function bookReturnViaApi(
  api: APIRequestContext,
  opts: { date: string; email: string },
): Promise<ReturnBooking> {
  const { date, email } = opts;
  const out = await findTrip(api, date, 'Malé', 'Rasdhoo');
  const back = await findTrip(api, date, 'Rasdhoo', 'Malé');
  const verificationToken = await verifiedToken(api, email);
  const freeSeat = async (trip: typeof out) => {
    const launch = trip.launches[0];
    if (!launch) throw new Error('no launch');
    const map = await seatMap(api, { scheduleId: trip.trip.scheduleId, date, launchId: launch.id });
    const free = map.seats.filter((s) => s.state === 'available').map((s) => s.label);
    return { launchId: launch.id, seat: free[Math.floor(Math.random() * free.length)] ?? '' };
  };
  const outSeat = await freeSeat(out);
  const backSeat = await freeSeat(back);
  const booking: BookingRequest = {
    scheduleId: out.trip.scheduleId,
    travelDate: date,
    originId: out.trip.from.id,
    destinationId: out.trip.to.id,
    launchId: outSeat.launchId,
    seats: [outSeat.seat],
    tickets: [{ type: 'local', category: 'adult', quantity: 1 }],
    passenger: {
      name: 'Aishath Mohamed',
      email,
      phone: '7771234',
      nationality: 'Maldivian',
      countryCode: '+960',
    },
    paymentCurrency: 'MVR',
    verificationToken,
    return: {
      scheduleId: back.trip.scheduleId,
      travelDate: date,
      launchId: backSeat.launchId,
      originId: back.trip.from.id,
      destinationId: back.trip.to.id,
      seats: [backSeat.seat],
    },
  };
  const origin = new URL((await api.get('/api/health')).url()).origin;
  const created = await json<BookingCreated>(
    await api.post('/api/bookings', {
      headers: { 'X-Booking-Session': randomUUID(), 'Idempotency-Key': randomUUID(), Origin: origin },
      multipart: {
        booking: JSON.stringify(booking),
        slip: { name: 'slip.webp', mimeType: 'image/webp', buffer: await readFile(SLIP_WEBP) },
      },
    }),
  );
  return { created, out, back, outSeat, backSeat };
}
