import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminTicket, TicketList } from '#shared/admin-api.ts';
import type { SeatMap, Trip, TripLaunch } from '#shared/schemas.ts';
import {
  adminCookie,
  bookingRequest,
  lockSeatsOverHttp,
  OPEN_HOLD_LIMITS,
  operatorDate,
  submitBookingOverHttp,
  verifyEmailOverHttp,
} from './setup/http-passenger.ts';
import { type S3Server, startS3Server } from './setup/s3-server.ts';
import {
  createScratchPostgres,
  freePort,
  type ScratchPostgres,
  type ServerProcess,
  startServer,
  waitForHealth,
} from './setup/server-process.ts';
import { type SmtpSink, startSmtpSink } from './setup/smtp-sink.ts';

/*
 * docs/deploy.md: the app server is stateless. Two real server processes share one
 * PostgreSQL database and one S3 bucket (s3rver, as docs/deploy.md sets several instances up);
 * whatever one instance does, the other sees: live events (LISTEN/NOTIFY), admin sessions, seat
 * locks, verification codes, idempotency records, uploads (images, payment slips) and the trip
 * search.
 */

const SLIP = path.resolve(import.meta.dirname, 'files/photo-exif-gps.jpg');
const ADMIN = { email: 'scale-admin@example.com', password: 'Scale-out-admin-1' };
const RACERS_PER_INSTANCE = 25;

type SseEvent = { event: string; data: unknown };

/** An open `GET /api/admin/events` stream, read with fetch, recording every event it delivers. */
type EventStream = {
  events: SseEvent[];
  waitFor(match: (e: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  close(): void;
};

async function waitUntil<T>(
  what: string,
  probe: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function openEventStream(base: string, cookie: string): Promise<EventStream> {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/admin/events`, { headers: { cookie }, signal: controller.signal });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const body = res.body;
  if (!body) throw new Error('no stream body');
  const events: SseEvent[] = [];
  let buffer = '';
  let connected = false;
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (frame.includes(': connected')) connected = true;
        let event = 'message';
        const data: string[] = [];
        for (const line of frame.split('\n')) {
          if (line.startsWith('event:')) event = line.slice(6).trim();
          else if (line.startsWith('data:')) data.push(line.slice(5).trim());
        }
        if (data.length > 0) events.push({ event, data: JSON.parse(data.join('\n')) });
      }
    }
  })().catch(() => {
    // Aborted by close().
  });
  // The server writes ': connected' once its LISTEN is in place.
  await waitUntil('the event stream to connect', () => (connected ? true : undefined));
  return {
    events,
    waitFor: (match, timeoutMs = 10_000) => waitUntil('a live event', () => events.find(match), timeoutMs),
    close() {
      controller.abort();
    },
  };
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('scale-out: two instances on one PostgreSQL', () => {
  let database: ScratchPostgres | undefined;
  let dataDir: string | undefined;
  let sink: SmtpSink | undefined;
  let bucket: S3Server | undefined;
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  let A = '';
  let B = '';
  let trip: Trip;
  let launch: TripLaunch;
  let slip: Buffer;
  const usedSeats = new Set<string>();

  beforeAll(async () => {
    database = await createScratchPostgres(process.env.TEST_DATABASE_URL ?? '', 'ferry_scaleout');
    dataDir = await mkdtemp(path.join(tmpdir(), 'ferry-scaleout-'));
    sink = await startSmtpSink();
    bucket = await startS3Server();
    slip = await readFile(SLIP);
    const env = {
      DATABASE_URL: database.url,
      // Shared for the stand-in ticket signing key; uploads go to the bucket, not DATA_DIR/uploads.
      DATA_DIR: dataDir,
      ...bucket.env,
      SEED_DEMO: 'true',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SMTP_URL: sink.url,
      RATE_LIMIT_SCALE: '100000',
      ...OPEN_HOLD_LIMITS,
    };
    // A migrates and seeds the empty database; B starts on it afterwards with the same settings.
    a = startServer(env, await freePort());
    await waitForHealth(a, 90_000);
    b = startServer(env, await freePort());
    await waitForHealth(b, 90_000);
    A = a.url;
    B = b.url;

    // A demo trip two days ahead: the search needs a From and a To, so try the pairs in turn.
    const date = operatorDate(2);
    const locations = (await (await fetch(`${A}/api/locations`)).json()) as { id: string }[];
    let found: Trip | undefined;
    for (const from of locations) {
      for (const to of locations) {
        if (found || from.id === to.id) continue;
        const res = await fetch(`${A}/api/trips?date=${date}&from=${from.id}&to=${to.id}`);
        found = ((await res.json()) as Trip[])[0];
      }
    }
    if (!found) throw new Error(`no demo trip on ${date}`);
    trip = found;
    const launches = (await (
      await fetch(`${A}/api/trips/${trip.scheduleId}/launches?date=${trip.travelDate}`)
    ).json()) as TripLaunch[];
    const roomiest = [...launches].sort((x, y) => y.capacity - x.capacity)[0];
    if (!roomiest) throw new Error('no launch on the demo trip');
    launch = roomiest;
  }, 180_000);

  afterAll(async () => {
    await Promise.allSettled([a?.stop(), b?.stop()]);
    await Promise.allSettled([a?.kill9(), b?.kill9()]);
    await sink?.close().catch(() => {});
    await bucket?.close().catch(() => {});
    await database?.drop().catch(() => {});
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  /** A seat of the test launch that no other test in this file has used. */
  function freshSeat(): string {
    const seat = launch.seatNumbers.find((s) => !usedSeats.has(s));
    if (!seat) throw new Error('out of seats');
    usedSeats.add(seat);
    return seat;
  }

  function send(
    base: string,
    method: string,
    url: string,
    opts: { body?: unknown; cookie?: string; session?: string } = {},
  ) {
    const headers: Record<string, string> = { origin: base };
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    if (opts.cookie) headers.cookie = opts.cookie;
    if (opts.session) headers['x-booking-session'] = opts.session;
    return fetch(`${base}${url}`, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
  }

  const sinkOf = (): SmtpSink => {
    if (!sink) throw new Error('the SMTP sink is not running');
    return sink;
  };
  const login = (base: string) => adminCookie(base, ADMIN.email, ADMIN.password);

  const booking = (seat: string, email: string, verificationToken: string) =>
    bookingRequest({
      scheduleId: trip.scheduleId,
      travelDate: trip.travelDate,
      originId: trip.from.id,
      destinationId: trip.to.id,
      launchId: launch.id,
      seats: [seat],
      email,
      verificationToken,
    });

  /** The whole passenger flow on one instance: code, verify, lock, submit. */
  async function bookEndToEnd(base: string, seat: string): Promise<{ reference: string; email: string }> {
    const email = `scale-${randomUUID()}@example.com`;
    const token = await verifyEmailOverHttp(sinkOf(), email, base);
    const session = randomUUID();
    const lock = await lockSeatsOverHttp(base, session, {
      scheduleId: trip.scheduleId,
      travelDate: trip.travelDate,
      launchId: launch.id,
      seats: [seat],
      verificationToken: token,
    });
    expect(lock.status).toBe(200);
    const res = await submitBookingOverHttp(base, booking(seat, email, token), slip, {
      session,
      idempotencyKey: `key-${randomUUID()}`,
    });
    expect(res.status).toBe(201);
    const { reference } = (await res.json()) as { reference: string };
    return { reference, email };
  }

  async function ticketByReference(base: string, cookie: string, reference: string): Promise<AdminTicket> {
    const res = await fetch(`${base}/api/admin/tickets/by-reference/${reference}`, { headers: { cookie } });
    expect(res.status).toBe(200);
    return (await res.json()) as AdminTicket;
  }

  async function ticketsOnSeat(base: string, cookie: string, seat: string): Promise<AdminTicket[]> {
    const res = await fetch(`${base}/api/admin/tickets?date=${trip.travelDate}`, { headers: { cookie } });
    expect(res.status).toBe(200);
    const { tickets } = (await res.json()) as TicketList;
    return tickets.filter(
      (t) => t.scheduleId === trip.scheduleId && t.launch?.id === launch.id && t.seatNumbers.includes(seat),
    );
  }

  async function seatState(base: string, seat: string, session?: string): Promise<string | undefined> {
    const res = await fetch(
      `${base}/api/trips/${trip.scheduleId}/seats?date=${trip.travelDate}&launchId=${launch.id}`,
      { headers: session ? { 'x-booking-session': session } : {} },
    );
    expect(res.status).toBe(200);
    return ((await res.json()) as SeatMap).seats.find((s) => s.label === seat)?.state;
  }

  async function availableOn(base: string): Promise<number> {
    const res = await fetch(
      `${base}/api/trips?date=${trip.travelDate}&from=${trip.from.id}&to=${trip.to.id}`,
    );
    expect(res.status).toBe(200);
    const found = ((await res.json()) as Trip[]).find((t) => t.scheduleId === trip.scheduleId);
    if (!found) throw new Error('trip missing from the search');
    return found.availableSeats;
  }

  it('the second instance starts on the first one’s database without migrating or seeding again', async () => {
    const [locationsA, locationsB, bannersA, bannersB] = await Promise.all([
      fetch(`${A}/api/locations`).then((r) => r.json() as Promise<{ id: string }[]>),
      fetch(`${B}/api/locations`).then((r) => r.json() as Promise<{ id: string }[]>),
      fetch(`${A}/api/banners`).then((r) => r.json() as Promise<{ id: string; imageUrl: string }[]>),
      fetch(`${B}/api/banners`).then((r) => r.json() as Promise<{ id: string; imageUrl: string }[]>),
    ]);
    expect(locationsA).toHaveLength(5);
    expect(locationsB.map((l) => l.id).sort()).toEqual(locationsA.map((l) => l.id).sort());
    expect(bannersB.map((x) => x.id)).toEqual(bannersA.map((x) => x.id));
    // A's seeded banner image is in the shared bucket, its URL the bucket's; B serves it too.
    const banner = bannersA[0];
    if (!banner) throw new Error('no demo banner');
    const publicPrefix = `${bucket?.endpoint}/${bucket?.bucket}/public/`;
    expect(banner.imageUrl.startsWith(publicPrefix)).toBe(true);
    const fromBucket = await fetch(banner.imageUrl);
    expect(fromBucket.status).toBe(200);
    const fromB = await fetch(`${B}/files/${banner.imageUrl.slice(publicPrefix.length)}`);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('content-type')).toBe('image/webp');
    expect(Buffer.from(await fromB.arrayBuffer())).toEqual(Buffer.from(await fromBucket.arrayBuffer()));
    expect(existsSync(path.join(dataDir ?? '', 'uploads'))).toBe(false);
    expect(b?.output()).not.toMatch(/"level":(50|60)/);
  });

  it('a booking and its approval on A reach the admin event stream on B; B serves the slip', async () => {
    const cookieB = await login(B);
    const cookieA = await login(A);
    const stream = await openEventStream(B, cookieB);
    try {
      const { reference } = await bookEndToEnd(A, freshSeat());
      const ticket = await ticketByReference(B, cookieB, reference);
      const created = await stream.waitFor(
        (e) => e.event === 'ticket' && (e.data as { ticketId?: string }).ticketId === ticket.id,
      );
      expect(created.data).toEqual({ type: 'created', ticketId: ticket.id });

      const approve = await send(A, 'POST', `/api/admin/tickets/${ticket.id}/approve`, { cookie: cookieA });
      expect(approve.status).toBe(200);
      const updated = await stream.waitFor(
        (e) =>
          e.event === 'ticket' &&
          (e.data as { type?: string }).type === 'updated' &&
          (e.data as { ticketId?: string }).ticketId === ticket.id,
      );
      expect(updated.data).toEqual({ type: 'updated', ticketId: ticket.id });
      expect((await ticketByReference(B, cookieB, reference)).ticketStatus).toBe('confirmed');

      // A stored the slip in the bucket, privately; B reads it from there.
      const slipPut = bucket?.requests.find(
        (r) =>
          r.method === 'PUT' && r.url.startsWith(`/${bucket?.bucket}/private/payment-slips/${reference}/`),
      );
      expect(slipPut).toBeDefined();
      const slipRes = await fetch(`${B}/api/admin/tickets/${ticket.id}/slip`, {
        headers: { cookie: cookieB },
      });
      expect(slipRes.status).toBe(200);
      expect(slipRes.headers.get('content-type')).toBe('image/webp');
      const bytes = Buffer.from(await slipRes.arrayBuffer());
      expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
      expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
      expect(existsSync(path.join(dataDir ?? '', 'uploads'))).toBe(false);
    } finally {
      stream.close();
    }
  });

  it('an admin session from a login on A works on B, and a logout on B ends it on A', async () => {
    const cookie = await login(A);
    const me = await fetch(`${B}/api/auth/me`, { headers: { cookie } });
    expect(((await me.json()) as { user: { email: string } | null }).user?.email).toBe(ADMIN.email);
    expect((await fetch(`${B}/api/admin/tickets`, { headers: { cookie } })).status).toBe(200);

    const out = await send(B, 'POST', '/api/auth/logout', { cookie });
    expect(out.status).toBe(204);
    expect((await fetch(`${A}/api/admin/tickets`, { headers: { cookie } })).status).toBe(401);
    expect((await fetch(`${B}/api/admin/tickets`, { headers: { cookie } })).status).toBe(401);
  });

  it('one seat raced by sessions split over both instances is locked exactly once', async () => {
    const seat = freshSeat();
    const body = {
      scheduleId: trip.scheduleId,
      travelDate: trip.travelDate,
      launchId: launch.id,
      seats: [seat],
      verificationToken: await verifyEmailOverHttp(sinkOf(), `racer-${randomUUID()}@example.com`, A),
    };
    const racers = Array.from({ length: 2 * RACERS_PER_INSTANCE }, (_, i) => ({
      base: i % 2 === 0 ? A : B,
      session: randomUUID(),
    }));
    const results = await Promise.all(
      racers.map(async (r) => {
        const res = await send(r.base, 'POST', '/api/seat-locks', { body, session: r.session });
        return { ...r, status: res.status, body: (await res.json()) as { error?: { code: string } } };
      }),
    );
    expect(results.filter((r) => r.status >= 500)).toEqual([]);
    const winners = results.filter((r) => r.status === 200);
    expect(winners).toHaveLength(1);
    const losers = results.filter((r) => r.status !== 200);
    expect(losers).toHaveLength(2 * RACERS_PER_INSTANCE - 1);
    for (const loser of losers) {
      expect(loser.status).toBe(409);
      expect(loser.body.error?.code).toBe('seats_unavailable');
    }
    // Both instances took part in the race.
    expect(new Set(results.map((r) => r.base)).size).toBe(2);

    const winner = winners[0]?.session;
    const loser = losers[0]?.session;
    for (const base of [A, B]) {
      expect(await seatState(base, seat, winner)).toBe('mine');
      expect(await seatState(base, seat, loser)).toBe('locked');
      expect(await seatState(base, seat)).toBe('locked');
    }
  });

  it('two bookings of one free seat, one on each instance at once: one 201, one 409, one ticket', async () => {
    const seat = freshSeat();
    const buyers = await Promise.all(
      [A, B].map(async (base) => {
        const email = `race-${randomUUID()}@example.com`;
        return {
          base,
          text: JSON.stringify(booking(seat, email, await verifyEmailOverHttp(sinkOf(), email, base))),
        };
      }),
    );
    const results = await Promise.all(
      buyers.map(async ({ base, text }) => {
        const res = await submitBookingOverHttp(base, text, slip, {
          session: randomUUID(),
          idempotencyKey: `key-${randomUUID()}`,
        });
        return { status: res.status, body: (await res.json()) as { error?: { code: string } } };
      }),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)?.body.error?.code).toBe('seats_unavailable');

    const cookie = await login(A);
    expect(await ticketsOnSeat(A, cookie, seat)).toHaveLength(1);
    expect(await ticketsOnSeat(B, cookie, seat)).toHaveLength(1);
  });

  it('a code requested on A verifies on B, and an Idempotency-Key replayed to B returns A’s booking', async () => {
    const seat = freshSeat();
    const email = `idem-${randomUUID()}@example.com`;
    const token = await verifyEmailOverHttp(sinkOf(), email, A, B);
    const text = JSON.stringify(booking(seat, email, token));
    const session = randomUUID();
    const key = `key-${randomUUID()}`;

    const first = await submitBookingOverHttp(A, text, slip, { session, idempotencyKey: key });
    expect(first.status).toBe(201);
    const created = (await first.json()) as { reference: string };
    const replay = await submitBookingOverHttp(B, text, slip, { session, idempotencyKey: key });
    expect(replay.status).toBe(201);
    expect(await replay.json()).toEqual(created);

    const cookie = await login(B);
    const tickets = await ticketsOnSeat(B, cookie, seat);
    expect(tickets.map((t) => t.reference)).toEqual([created.reference]);
    expect(tickets[0]?.passengerEmail).toBe(email);
  });

  it('B’s cached trip search shows a booking made on A within a bounded wait', async () => {
    // Warm B's cache with the count before the booking.
    const before = await availableOn(B);
    expect(await availableOn(B)).toBe(before);
    await bookEndToEnd(A, freshSeat());
    const bookedAt = Date.now();
    const after = await waitUntil(
      'B’s search to show the booking',
      async () => {
        const n = await availableOn(B);
        return n < before ? n : undefined;
      },
      3_000,
    );
    console.log(`B's trip search showed A's booking after ${Date.now() - bookedAt} ms`);
    expect(after).toBe(before - 1);
  });

  /** The link of the newest mail to `email` in the sink, its quoted-printable soft breaks undone. */
  async function mailedLink(email: string): Promise<string> {
    return waitUntil(`a link mailed to ${email}`, () => {
      for (const mail of [...sinkOf().received].reverse()) {
        if (!mail.to.includes(email)) continue;
        const text = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
        const url = /https?:\/\/\S+#[A-Za-z0-9_-]+/.exec(text)?.[0];
        if (url) return url;
      }
      return undefined;
    });
  }

  /** A person invited on A who joins on B, as the e-mailed link lets them. */
  async function staffMember(
    ownerCookie: string,
  ): Promise<{ id: string; cookie: string; email: string; password: string }> {
    const email = `crew-${randomUUID()}@example.com`;
    const invited = await send(A, 'POST', '/api/admin/staff/invitations', {
      cookie: ownerCookie,
      body: { email, role: 'office' },
    });
    expect(invited.status).toBe(201);
    const token = (await mailedLink(email)).split('#')[1];
    const password = 'harbour-lights-2026';
    const joined = await send(B, 'POST', '/api/auth/links/complete', { body: { token, password } });
    expect(joined.status).toBe(200);
    const { user } = (await joined.json()) as { user: { id: string } };
    const cookie = joined.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    return { id: user.id, cookie, email, password };
  }

  // The streams' own re-check runs every 25 s: within the 10 s of waitFor, only the live event can
  // have closed them.
  it('a deactivation on A closes the person’s event stream on B at once, and B refuses them', async () => {
    const owner = await login(A);
    const person = await staffMember(owner);
    const stream = await openEventStream(B, person.cookie);
    try {
      const off = await send(A, 'PATCH', `/api/admin/staff/${person.id}`, {
        cookie: owner,
        body: { active: false },
      });
      expect(off.status).toBe(200);
      await stream.waitFor((e) => e.event === 'session');
      expect((await fetch(`${B}/api/admin/tickets`, { headers: { cookie: person.cookie } })).status).toBe(
        401,
      );
    } finally {
      stream.close();
    }
  });

  it('signing out everywhere on A, or out of one session on B, closes those streams on the other instance', async () => {
    const owner = await login(A);
    const person = await staffMember(owner);
    // Two sessions of one person: a sign-out ends only its own stream elsewhere.
    const other = await adminCookie(A, person.email, person.password);
    const streamB = await openEventStream(B, person.cookie);
    const streamOther = await openEventStream(B, other);
    try {
      const out = await send(A, 'POST', '/api/auth/logout', { cookie: other });
      expect(out.status).toBe(204);
      await streamOther.waitFor((e) => e.event === 'session');
      // The first session's stream hears nothing of it.
      await new Promise((r) => setTimeout(r, 500));
      expect(streamB.events.filter((e) => e.event === 'session')).toEqual([]);

      const everywhere = await send(A, 'POST', '/api/auth/logout-everywhere', { cookie: person.cookie });
      expect(everywhere.status).toBe(204);
      await streamB.waitFor((e) => e.event === 'session');
    } finally {
      streamB.close();
      streamOther.close();
    }
  });

  // An approval's mail waits out the time its undo is allowed (APPROVAL_UNDO_SECONDS) before it
  // goes: the outbox drains that much later.
  it('every queued mail goes out exactly once though both instances run the outbox', async () => {
    const client = new pg.Client({ connectionString: database?.url });
    await client.connect();
    try {
      const rows = await waitUntil(
        'the outbox to drain',
        async () => {
          const { rows } = await client.query<{ id: string; status: string }>(
            'select id, status from mail_outbox',
          );
          return rows.every((r) => r.status === 'sent') ? rows : undefined;
        },
        100_000,
      );
      // Codes and booking mails from every test above, queued on either instance.
      expect(rows.length).toBeGreaterThan(5);
      const delivered = (sink?.received ?? []).map((m) => /^<([^@]+)@/.exec(m.messageId ?? '')?.[1]);
      expect(delivered.length).toBe(rows.length);
      expect(new Set(delivered)).toEqual(new Set(rows.map((r) => r.id)));
    } finally {
      await client.end();
    }
  }, 120_000);
});
