import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  bookingRequest,
  codeFromSink,
  REQUEST_TIMEOUT_MS,
  submitBookingOverHttp,
} from '../setup/http-passenger.ts';
import type { SmtpSink } from '../setup/smtp-sink.ts';

/*
 * Passengers of the fault tests: each journey records how far it got, so a journey cut off by a
 * kill is visible afterwards. The HTTP steps are the shared ones of tests/setup/http-passenger.ts.
 */

const SLIP = path.resolve(import.meta.dirname, '../files/photo-exif-gps.jpg');
let slipBytes: Buffer | undefined;

export type SeatSlot = { scheduleId: string; travelDate: string; launchId: string; seat: string };
export type TripLeg = { scheduleId: string; travelDate: string; originId: string; destinationId: string };

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function getJson<T = unknown>(
  url: string,
  init: RequestInit = {},
): Promise<{ status: number; body: T; headers: Headers }> {
  const res = await fetch(url, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS), ...init });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: kept as text for the failure message
  }
  return { status: res.status, body: body as T, headers: res.headers };
}

/** Trip legs (first to last stop) and their free seats on `date`, from the public API. */
export async function freeSeats(base: string, date: string): Promise<{ leg: TripLeg; slots: SeatSlot[] }[]> {
  type Found = {
    scheduleId: string;
    travelDate: string;
    stops: { locationId: string }[];
    launchIds: string[];
  };
  // A search needs From and To: every ordered pair of places finds every trip of the day.
  const places = await getJson<{ id: string }[]>(`${base}/api/locations`);
  if (places.status !== 200) throw new Error(`locations failed: ${places.status}`);
  const found = new Map<string, Found>();
  for (const from of places.body) {
    for (const to of places.body) {
      if (from.id === to.id) continue;
      const trips = await getJson<Found[]>(`${base}/api/trips?date=${date}&from=${from.id}&to=${to.id}`);
      if (trips.status !== 200)
        throw new Error(`trip search failed: ${trips.status} ${JSON.stringify(trips.body)}`);
      for (const trip of trips.body) found.set(trip.scheduleId, trip);
    }
  }
  const trips = { body: [...found.values()] };
  const result: { leg: TripLeg; slots: SeatSlot[] }[] = [];
  for (const trip of trips.body) {
    const first = trip.stops[0]?.locationId;
    const last = trip.stops[trip.stops.length - 1]?.locationId;
    if (!first || !last) continue;
    const leg = {
      scheduleId: trip.scheduleId,
      travelDate: trip.travelDate,
      originId: first,
      destinationId: last,
    };
    for (const launchId of trip.launchIds) {
      const map = await getJson<{ seats: { label: string; state: string }[] }>(
        `${base}/api/trips/${trip.scheduleId}/seats?date=${trip.travelDate}&launchId=${launchId}`,
      );
      if (map.status !== 200) throw new Error(`seat map failed: ${map.status}`);
      const slots = map.body.seats
        .filter((s) => s.state === 'available')
        .map((s) => ({ scheduleId: trip.scheduleId, travelDate: trip.travelDate, launchId, seat: s.label }));
      result.push({ leg, slots });
    }
  }
  return result;
}

export type BookingAttempt = {
  email: string;
  seats: SeatSlot[];
  /** How far the passenger got: the code request was sent, the booking was submitted, answered. */
  stage: 'code' | 'verify' | 'lock' | 'submit' | 'done';
  status?: number;
  reference?: string;
  error?: string;
};

/** One passenger's whole journey; `attempt` is updated as it goes, so a cut-off journey is visible. */
export async function bookOverHttp(
  base: string,
  sink: SmtpSink,
  leg: TripLeg,
  attempt: BookingAttempt,
): Promise<void> {
  const { email, seats } = attempt;
  const json = (body: unknown, extra: Record<string, string> = {}) => ({
    method: 'POST',
    headers: { 'content-type': 'application/json', ...extra },
    body: JSON.stringify(body),
  });
  attempt.stage = 'code';
  const sent = await getJson(`${base}/api/email-codes`, json({ email }));
  if (sent.status !== 200) throw new Error(`code request: ${sent.status} ${JSON.stringify(sent.body)}`);
  const code = await codeFromSink(sink, email);
  attempt.stage = 'verify';
  const verified = await getJson<{ verificationToken: string }>(
    `${base}/api/email-codes/verify`,
    json({ email, code }),
  );
  if (verified.status !== 200) throw new Error(`verify: ${verified.status} ${JSON.stringify(verified.body)}`);

  const session = randomUUID();
  const first = seats[0];
  if (!first) throw new Error('no seats');
  attempt.stage = 'lock';
  const lock = await getJson(
    `${base}/api/seat-locks`,
    json(
      {
        scheduleId: first.scheduleId,
        travelDate: first.travelDate,
        launchId: first.launchId,
        seats: seats.map((s) => s.seat),
        verificationToken: verified.body.verificationToken,
      },
      { 'x-booking-session': session },
    ),
  );
  if (lock.status !== 200) throw new Error(`lock: ${lock.status} ${JSON.stringify(lock.body)}`);

  const booking = bookingRequest({
    ...leg,
    launchId: first.launchId,
    seats: seats.map((s) => s.seat),
    email,
    verificationToken: verified.body.verificationToken,
  });
  slipBytes ??= await readFile(SLIP);
  attempt.stage = 'submit';
  const submitted = await submitBookingOverHttp(base, booking, slipBytes, {
    session,
    idempotencyKey: `key-${randomUUID()}`,
  });
  const res = {
    status: submitted.status,
    body: (await submitted.json().catch(() => ({}))) as { reference: string },
  };
  attempt.status = res.status;
  attempt.stage = 'done';
  if (res.status !== 201) throw new Error(`booking: ${res.status} ${JSON.stringify(res.body)}`);
  attempt.reference = res.body.reference;
}

/** A small seeded generator (mulberry32), so a failing run can be repeated with its seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
