import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mailOutbox, tickets } from '#server/db/schema.ts';
import type { BookingCreated, BookingRequest } from '#shared/schemas.ts';
import { type MadeSchedule, type Ticket, uniqueSuffix } from '../factories.ts';
import { bookingRequest } from './http-passenger.ts';
import { multipartBody } from './multipart.ts';

const SLIP = path.resolve(import.meta.dirname, '../files/photo-exif-gps.jpg');

/** The one-time code of the newest mail to `email`, read from the outbox as a person reads it. */
export async function mailedCode(app: FastifyInstance, email: string): Promise<string | undefined> {
  const [mail] = await app.deps.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email.toLowerCase()))
    .orderBy(desc(mailOutbox.seq))
    .limit(1);
  return /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
}

/** The code of the newest mail to `email` that asks to change a booking (undefined when none). */
export async function mailedManageCode(app: FastifyInstance, email: string): Promise<string | undefined> {
  const [mail] = await app.deps.database.db
    .select({ text: mailOutbox.text })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), like(mailOutbox.subject, '%code to change%')))
    .orderBy(desc(mailOutbox.seq))
    .limit(1);
  return /\bis (\d{6})\./.exec(mail?.text ?? '')?.[1];
}

/** The ticket row of a booking reference; throws when there is none. */
export async function ticketByReference(app: FastifyInstance, reference: string): Promise<Ticket> {
  const [row] = await app.deps.database.db
    .select()
    .from(tickets)
    .where(eq(tickets.paymentReference, reference));
  if (!row) throw new Error(`no ticket ${reference}`);
  return row;
}

/** The same, for a test that expects the code: throws when no mail to `email` carries one. */
export async function codeMailedTo(app: FastifyInstance, email: string): Promise<string> {
  const code = await mailedCode(app, email);
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

/**
 * Verifies a fresh e-mail the way a passenger does: request a code, read it from the outbox, send
 * it back (from `ip` when given).
 */
export async function verifiedToken(
  app: FastifyInstance,
  email: string,
  opts: { ip?: string } = {},
): Promise<string> {
  const from = opts.ip ? { remoteAddress: opts.ip } : {};
  const sent = await app.inject({ method: 'POST', url: '/api/email-codes', payload: { email }, ...from });
  if (sent.statusCode !== 200) throw new Error(`code request failed: ${sent.body}`);
  const code = await mailedCode(app, email);
  const res = await app.inject({
    method: 'POST',
    url: '/api/email-codes/verify',
    payload: { email, code },
    ...from,
  });
  if (res.statusCode !== 200) throw new Error(`code verification failed: ${res.body}`);
  return res.json().verificationToken;
}

/**
 * Fair-hold limits opened up, for tests that hold many seats from one address (the limits have
 * tests of their own in fair-holds.test.ts).
 */
export const MANY_HOLDS_PER_ADDRESS = { SEAT_HOLD_PER_IP: '10000', SEAT_HOLD_MAX_SHARE: '1' } as const;

/** E-mail verification limits opened up, for tests that verify many addresses from one. */
export const MANY_VERIFICATIONS_PER_ADDRESS = {
  EMAIL_VERIFICATIONS_PER_IP_HOUR: '1000',
  EMAIL_VERIFICATIONS_PER_IP_DAY: '1000',
} as const;

/** The wizard's booking body for `seats` on a trip, from its first stop to its last, on its first launch. */
export function tripBookingRequest(
  trip: MadeSchedule,
  opts: { seats: string[]; email: string; verificationToken: string; name?: string },
): BookingRequest {
  return bookingRequest({
    scheduleId: trip.schedule.id,
    travelDate: trip.schedule.travelDate,
    originId: trip.stops[0]?.locationId ?? '',
    destinationId: trip.stops[trip.stops.length - 1]?.locationId ?? '',
    launchId: trip.launchIds[0] ?? '',
    ...opts,
  });
}

/** Books seats on a trip through the public API (multipart with a real slip), as the wizard does. */
export async function bookViaApi(
  app: FastifyInstance,
  trip: MadeSchedule,
  opts: { seats?: string[]; name?: string } = {},
): Promise<BookingCreated & { email: string }> {
  const email = `p-${uniqueSuffix()}@example.com`;
  const seats = opts.seats ?? ['A1'];
  const booking = tripBookingRequest(trip, {
    seats,
    email,
    verificationToken: await verifiedToken(app, email),
    ...(opts.name ? { name: opts.name } : {}),
  });
  const res = await postBooking(app, booking);
  if (res.statusCode !== 201) throw new Error(`booking failed: ${res.statusCode} ${res.body}`);
  return { ...res.json(), email };
}

/**
 * POST /api/bookings as the wizard sends it: multipart, the request as JSON and the slip as a
 * JPEG (a real photo unless `slip` is given; none with `slip: null`, as a booking paid later or
 * by card is sent), from a fresh session with a fresh idempotency key unless told otherwise.
 */
export async function postBooking(
  app: FastifyInstance,
  booking: object,
  opts: { slip?: Buffer | null; session?: string; ip?: string; language?: string; key?: string } = {},
) {
  const body = await multipartBody(
    { booking: JSON.stringify(booking), ...(opts.language ? { language: opts.language } : {}) },
    opts.slip === null
      ? {}
      : { slip: { body: opts.slip ?? (await readFile(SLIP)), type: 'image/jpeg', name: 'slip.jpg' } },
  );
  return app.inject({
    method: 'POST',
    url: '/api/bookings',
    payload: body.payload,
    headers: {
      ...body.headers,
      'x-booking-session': opts.session ?? randomUUID(),
      'idempotency-key': opts.key ?? `key-${randomUUID()}`,
    },
    ...(opts.ip ? { remoteAddress: opts.ip } : {}),
  });
}

/**
 * GET /api/trips as the search page asks it: the trip's date, from its stop `from` (the first
 * unless told) to its stop `to` (the second unless told; -1 is the last).
 */
export function searchTrips(
  app: FastifyInstance,
  trip: MadeSchedule,
  opts: { from?: number; to?: number; ip?: string } = {},
) {
  return app.inject({
    method: 'GET',
    url: '/api/trips',
    query: {
      date: trip.schedule.travelDate,
      from: trip.stops.at(opts.from ?? 0)?.locationId ?? '',
      to: trip.stops.at(opts.to ?? 1)?.locationId ?? '',
    },
    ...(opts.ip ? { remoteAddress: opts.ip } : {}),
  });
}

/**
 * POST (hold) or DELETE (release) /api/seat-locks for seats of a trip's departure, on its first
 * launch unless told, from a fresh booking session unless told (`null`: no session header). A hold
 * carries the verification token when given.
 */
export function seatLockRequest(
  app: FastifyInstance,
  method: 'POST' | 'DELETE',
  trip: MadeSchedule,
  seats: string[],
  opts: {
    session?: string | null;
    token?: string;
    launchId?: string;
    originId?: string;
    destinationId?: string;
    ip?: string;
  } = {},
) {
  const session = opts.session === undefined ? randomUUID() : opts.session;
  return app.inject({
    method,
    url: '/api/seat-locks',
    headers: session ? { 'x-booking-session': session } : {},
    payload: {
      scheduleId: trip.schedule.id,
      travelDate: trip.schedule.travelDate,
      launchId: opts.launchId ?? trip.launchIds[0],
      seats,
      ...(opts.token ? { verificationToken: opts.token } : {}),
      ...(opts.originId ? { originId: opts.originId } : {}),
      ...(opts.destinationId ? { destinationId: opts.destinationId } : {}),
    },
    ...(opts.ip ? { remoteAddress: opts.ip } : {}),
  });
}
