import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tickets } from '#server/db/schema.ts';
import { announce } from '#server/lib/live-events.ts';
import { makeSchedule } from '../../../../tests/factories.ts';
import { signInAsAdmin } from '../../../../tests/setup/admin-session.ts';
import { bookViaApi } from '../../../../tests/setup/public-booking.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { testDatabaseKind } from '../../../../tests/setup/test-db.ts';

type Received = { event: string; data: unknown };

/** Reads an SSE stream the way a browser's EventSource does: frames split by a blank line. */
function sseReader(body: ReadableStream<Uint8Array>) {
  const received: Received[] = [];
  const comments: string[] = [];
  let waiters: Array<() => void> = [];
  const decoder = new TextDecoder();
  let buffer = '';
  const done = (async () => {
    const stream = body.getReader();
    for (;;) {
      const { value: chunk, done: ended } = await stream.read();
      if (ended) break;
      buffer += decoder.decode(chunk, { stream: true });
      let cut = buffer.indexOf('\n\n');
      while (cut >= 0) {
        const frame = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        let event = 'message';
        const data: string[] = [];
        for (const line of frame.split('\n')) {
          if (line.startsWith(':')) comments.push(line.slice(1).trim());
          else if (line.startsWith('event: ')) event = line.slice(7);
          else if (line.startsWith('data: ')) data.push(line.slice(6));
        }
        if (data.length > 0) received.push({ event, data: JSON.parse(data.join('\n')) });
        cut = buffer.indexOf('\n\n');
      }
      for (const wake of waiters) wake();
      waiters = [];
    }
  })().catch(() => {});
  /** Resolves once an event matching `predicate` has arrived (the test timeout bounds the wait). */
  async function waitFor(predicate: (r: Received) => boolean): Promise<Received> {
    for (;;) {
      const hit = received.find(predicate);
      if (hit) return hit;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  }
  return { received, comments, waitFor, done };
}

describe(`GET /api/admin/events (${testDatabaseKind})`, () => {
  let t: TestApp;
  let base: string;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_SCALE: '100' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    cookie = (await signInAsAdmin(t.app)).cookie;
  });
  afterAll(() => t.close());

  async function open(extraHeaders: Record<string, string> = {}) {
    const controller = new AbortController();
    const res = await fetch(`${base}/api/admin/events`, {
      headers: { cookie, 'accept-encoding': 'gzip, br', ...extraHeaders },
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
    const [ticket] = await t.database.db
      .select({ id: tickets.id })
      .from(tickets)
      .where(eq(tickets.paymentReference, booking.reference));
    const id = ticket?.id ?? '';

    const created = await reader.waitFor(
      (r) => r.event === 'ticket' && (r.data as { type: string }).type === 'created',
    );
    expect(created.data).toEqual({ type: 'created', ticketId: id });

    const approve = await t.app.inject({
      method: 'POST',
      url: `/api/admin/tickets/${id}/approve`,
      headers: { cookie },
    });
    expect(approve.statusCode).toBe(200);
    const updated = await reader.waitFor(
      (r) => r.event === 'ticket' && (r.data as { type: string }).type === 'updated',
    );
    expect(updated.data).toEqual({ type: 'updated', ticketId: id });

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/tickets/${id}`,
      headers: { cookie },
    });
    expect(del.statusCode).toBe(204);
    await reader.waitFor((r) => (r.data as { type: string }).type === 'deleted');
    expect(reader.comments).toContain('connected');
    controller.abort();
  });

  it('announces a trip status change as a schedule event', async () => {
    const { res, controller } = await open();
    const reader = sseReader(res.body as ReadableStream<Uint8Array>);
    const trip = await makeSchedule(t.database.db);
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/admin/schedules/${trip.schedule.id}/status`,
      headers: { cookie },
      payload: { status: 'completed' },
    });
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
        await announce(tx, { kind: 'ticket', data: { type: 'updated', ticketId: 'rolled-back' } });
        throw new Error('roll back');
      })
      .catch(() => {});
    await t.database.db.transaction(async (tx) => {
      await announce(tx, { kind: 'schedule', data: { type: 'updated', scheduleId: 'committed' } });
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
      await announce(tx, { kind: 'schedule', data: { type: 'created', scheduleId: 'fan-out' } });
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
      await announce(tx, { kind: 'schedule', data: { type: 'updated', scheduleId: 'after-drop' } });
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
