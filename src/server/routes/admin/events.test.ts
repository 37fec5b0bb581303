import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '#server/db/schema.ts';
import { announce } from '#server/lib/live-events.ts';
import { makePaymentSettings, makeSchedule } from '#tests/factories.ts';
import { useAdminApp } from '#tests/setup/admin-app.ts';
import { signInAsAdmin } from '#tests/setup/admin-session.ts';
import { bookViaApi, ticketByReference } from '#tests/setup/public-booking.ts';
import { sseReader } from '#tests/setup/sse-reader.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';
import { eventStreamOptions } from './events.ts';

describe(`GET /api/admin/events (${testDatabaseKind})`, () => {
  let base: string;

  const t = useAdminApp({}, async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    await makePaymentSettings(t.database.db);
  });

  async function open(extraHeaders: Record<string, string> = {}) {
    const controller = new AbortController();
    const res = await fetch(`${base}/api/admin/events`, {
      headers: { cookie: t.cookie, 'accept-encoding': 'gzip, br', ...extraHeaders },
      signal: controller.signal,
    });
    return { res, controller };
  }

  it('refuses without a session', async () => {
    const res = await fetch(`${base}/api/admin/events`);
    expect(res.status).toBe(401);
  });

  it('streams ticket events for a public booking and its approval, uncompressed', async () => {
    const { res, controller } = await open();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const reader = sseReader(res.body as ReadableStream<Uint8Array>);

    const trip = await makeSchedule(t.database.db);
    const booking = await bookViaApi(t.app, trip);
    const { id } = await ticketByReference(t.app, booking.reference);

    const created = await reader.waitFor(
      (r) => r.event === 'ticket' && (r.data as { type: string }).type === 'created',
    );
    expect(created.data).toEqual({ type: 'created', ticketId: id });

    const approve = await t.post(`/api/admin/tickets/${id}/approve`);
    expect(approve.statusCode).toBe(200);
    const updated = await reader.waitFor(
      (r) => r.event === 'ticket' && (r.data as { type: string }).type === 'updated',
    );
    expect(updated.data).toEqual({ type: 'updated', ticketId: id });

    const del = await t.del(`/api/admin/tickets/${id}`);
    expect(del.statusCode).toBe(204);
    await reader.waitFor((r) => (r.data as { type: string }).type === 'deleted');
    expect(reader.comments).toContain('connected');
    controller.abort();
  });

  it('announces a trip status change as a schedule event', async () => {
    const { res, controller } = await open();
    const reader = sseReader(res.body as ReadableStream<Uint8Array>);
    const trip = await makeSchedule(t.database.db);
    const done = await t.post(`/api/admin/schedules/${trip.schedule.id}/status`, { status: 'completed' });
    expect(done.statusCode).toBe(200);
    const hit = await reader.waitFor((r) => r.event === 'schedule');
    expect(hit.data).toEqual({ type: 'updated', scheduleId: trip.schedule.id });
    controller.abort();
  });

  it('announces nothing for a rolled-back change', async () => {
    const { res, controller } = await open();
    const reader = sseReader(res.body as ReadableStream<Uint8Array>);
    await t.database.db
      .transaction(async (tx) => {
        await announce({
          db: tx,
          event: { kind: 'ticket', data: { type: 'updated', ticketId: 'rolled-back' } },
        });
        throw new Error('roll back');
      })
      .catch(() => {});
    await t.database.db.transaction(async (tx) => {
      await announce({
        db: tx,
        event: { kind: 'schedule', data: { type: 'updated', scheduleId: 'committed' } },
      });
    });
    const hit = await reader.waitFor((r) => r.event === 'schedule');
    expect(hit.data).toEqual({ type: 'updated', scheduleId: 'committed' });
    expect(reader.received.some((r) => (r.data as { ticketId?: string }).ticketId === 'rolled-back')).toBe(
      false,
    );
    controller.abort();
  });

  it('fans one listener out to every open stream and cleans up closed ones', async () => {
    const a = await open();
    const b = await open();
    const readerA = sseReader(a.res.body as ReadableStream<Uint8Array>);
    const readerB = sseReader(b.res.body as ReadableStream<Uint8Array>);
    b.controller.abort();
    await readerB.done;
    await t.database.db.transaction(async (tx) => {
      await announce({
        db: tx,
        event: { kind: 'schedule', data: { type: 'created', scheduleId: 'fan-out' } },
      });
    });
    await readerA.waitFor((r) => (r.data as { scheduleId?: string }).scheduleId === 'fan-out');
    a.controller.abort();
  });

  it.skipIf(testDatabaseKind !== 'postgres')('listens again after its connection drops', async () => {
    const { res, controller } = await open();
    const reader = sseReader(res.body as ReadableStream<Uint8Array>);
    const listenerPids = async () => {
      const result = await t.database.db.execute<{ pid: number }>(
        sql`select pid from pg_stat_activity where datname = current_database() and query = 'LISTEN ferry_events'`,
      );
      return (result as unknown as { rows: { pid: number }[] }).rows.map((r) => r.pid);
    };
    const [old] = await listenerPids();
    expect(old).toBeTypeOf('number');
    // Ends the listening connection from the server side, as a PostgreSQL restart would.
    await t.database.db.execute(sql`select pg_terminate_backend(${old})`);
    // Wait (bounded by the test timeout) for a new listening connection, then announce.
    for (;;) {
      const pids = await listenerPids();
      if (pids.length > 0 && !pids.includes(old as number)) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await t.database.db.transaction(async (tx) => {
      await announce({
        db: tx,
        event: { kind: 'schedule', data: { type: 'updated', scheduleId: 'after-drop' } },
      });
    });
    await reader.waitFor((r) => (r.data as { scheduleId?: string }).scheduleId === 'after-drop');
    controller.abort();
  });

  it('closing the app ends open streams instead of waiting for them', async () => {
    const other = await createTestApp({});
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (other.app.server.address() as AddressInfo).port;
    const session = await signInAsAdmin(other.app);
    const res = await fetch(`http://127.0.0.1:${port}/api/admin/events`, {
      headers: { cookie: session.cookie },
    });
    const reader = sseReader(res.body as ReadableStream<Uint8Array>);
    await other.close();
    await reader.done;
    expect(reader.comments).toContain('connected');
    // Builds a second app of its own: room for a busy machine, not a timing check.
  }, 120_000);
});

describe(`GET /api/admin/events ends with its session (${testDatabaseKind})`, () => {
  // A short ping for the test; in service it is 25 s. Bounds below are generous multiples.
  const PING_MS = 200;
  const BOUND_MS = 10_000;
  const productionPing = eventStreamOptions.pingMs;
  let nowMs = Date.now();
  const clock = { now: () => new Date(nowMs) };
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    eventStreamOptions.pingMs = PING_MS;
    t = await createTestApp({ clock, env: { RATE_LIMIT_SCALE: '100' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    eventStreamOptions.pingMs = productionPing;
    await t.close();
  });

  /** A stream over a real socket, and the time it ends (or 'open' if it outlives `BOUND_MS`). */
  async function openStream(cookie: string) {
    const res = await fetch(`${base}/api/admin/events`, { headers: { cookie } });
    expect(res.status).toBe(200);
    const reader = sseReader(res.body as ReadableStream<Uint8Array>);
    const endedAt = reader.done.then(() => Date.now());
    const pings = () => reader.comments.filter((c) => c === 'ping').length;
    return {
      reader,
      pings,
      /** Resolves once `n` more pings have arrived: the stream is alive and re-checking. */
      async morePings(n: number) {
        const target = pings() + n;
        while (pings() < target) await new Promise((r) => setTimeout(r, 20));
      },
      /** Milliseconds from `since` until the stream ended, or null if still open after BOUND_MS. */
      endedWithin(since: number): Promise<number | null> {
        return Promise.race([
          endedAt.then((at) => at - since),
          new Promise<null>((resolve) => setTimeout(() => resolve(null), BOUND_MS)),
        ]);
      },
    };
  }

  const post = (url: string, cookie: string, body?: object) =>
    fetch(`${base}${url}`, {
      method: 'POST',
      headers: { cookie, origin: base, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });

  it('ends when its session signs out', async () => {
    const { cookie } = await signInAsAdmin(t.app);
    const stream = await openStream(cookie);
    await stream.morePings(2);
    const since = Date.now();
    expect((await post('/api/auth/logout', cookie)).status).toBe(204);
    const ms = await stream.endedWithin(since);
    console.log(`[events] stream ended ${ms} ms after sign-out (ping ${PING_MS} ms)`);
    expect(ms).not.toBeNull();
    // The browser is told not to knock again at once: it would only get a 401.
    expect(stream.reader.retries).toEqual([3_000, 600_000]);
  });

  it('ends within a ping when another instance ends its session', async () => {
    const { cookie, admin } = await signInAsAdmin(t.app);
    const stream = await openStream(cookie);
    await stream.morePings(1);
    const since = Date.now();
    // What a sign-out on another instance leaves behind: the row gone, nobody here told.
    await t.database.db.delete(sessions).where(eq(sessions.userId, admin.id));
    const ms = await stream.endedWithin(since);
    console.log(`[events] stream ended ${ms} ms after its session row went (ping ${PING_MS} ms)`);
    expect(ms).not.toBeNull();
    expect(stream.reader.retries.at(-1)).toBe(600_000);
  });

  it('ends when a password change elsewhere ends its session; the changing session keeps its stream', async () => {
    const first = await signInAsAdmin(t.app);
    const second = await signInAsAdmin(t.app, { admin: first.admin });
    const ended = await openStream(first.cookie);
    const kept = await openStream(second.cookie);
    const since = Date.now();
    const change = await post('/api/auth/password', second.cookie, {
      currentPassword: first.admin.password,
      newPassword: 'a-brand-new-passphrase',
    });
    expect(change.status).toBe(204);
    expect(await ended.endedWithin(since)).not.toBeNull();
    await kept.morePings(3);
    expect(kept.reader.comments).toContain('connected');
    await post('/api/auth/logout', second.cookie);
    expect(await kept.endedWithin(Date.now())).not.toBeNull();
  });

  it('never keeps an idle session alive by itself, and ends when it expires', async () => {
    const { cookie, admin } = await signInAsAdmin(t.app);
    const stream = await openStream(cookie);
    const lastSeen = async () =>
      (await t.database.db.select().from(sessions).where(eq(sessions.userId, admin.id)))[0]?.lastSeenAt;
    const before = await lastSeen();
    // Well past the minute after which a request would move last_seen_at; still within the idle time.
    nowMs += 30 * 60_000;
    await stream.morePings(3);
    expect(await lastSeen()).toEqual(before);
    // The idle time (120 minutes) runs out with no request but the stream's own re-checks.
    nowMs += 91 * 60_000;
    expect(await stream.endedWithin(Date.now())).not.toBeNull();
  });
});
