import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox } from '#server/db/schema.ts';
import { enqueueMail } from '#server/lib/mailer.ts';
import { type MetricsServer, serveMetrics } from '#server/lib/metrics.ts';
import { readOutboxCounts } from '#server/services/read-outbox-counts.ts';
import type { CounterSaleRequest } from '#shared/counter.ts';
import { makePaymentSettings, makeSchedule, seatLabels } from '#tests/factories.ts';
import { useAdminApp } from '#tests/setup/admin-app.ts';
import {
  bookViaApi,
  postBooking,
  seatLockRequest,
  tripBookingRequest,
  verifiedToken,
} from '#tests/setup/public-booking.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

const TOKEN = 'metrics-test-token-0123456789abcdef';

type Sample = { name: string; labels: Record<string, string>; value: number };

/** The samples of a Prometheus text answer, as a scraper reads them. */
function samplesOf(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!m) throw new Error(`not a sample: ${line}`);
      const labels = Object.fromEntries(
        [...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]),
      );
      return { name: m[1] ?? '', labels, value: Number(m[3]) };
    });
}

/** The value of the sample named `name` whose labels include `labels`; undefined when none. */
function sampleValue(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  return samplesOf(text).find(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  )?.value;
}

describe(`GET /metrics with METRICS_TOKEN (${testDatabaseKind})`, () => {
  const t = useAdminApp({ env: { METRICS_TOKEN: TOKEN } }, async () => {
    await makePaymentSettings(t.database.db);
  });

  const scrape = (headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) =>
    t.app.inject({ method: 'GET', url: '/metrics', headers });
  const scraped = async () => {
    const res = await scrape();
    expect(res.statusCode, res.body).toBe(200);
    return res.body;
  };

  it('answers 401 in the JSON error shape without the token, or with a wrong one', async () => {
    const wrong: Record<string, string>[] = [
      {},
      { authorization: 'Bearer ' },
      { authorization: 'Bearer not-the-token' },
      { authorization: `Bearer ${TOKEN.slice(0, -1)}` },
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Basic ${Buffer.from(`prometheus:${TOKEN}`).toString('base64')}` },
      { authorization: TOKEN },
    ];
    for (const headers of wrong) {
      const res = await scrape(headers);
      expect({ headers, status: res.statusCode }).toEqual({ headers, status: 401 });
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({
        error: { code: 'metrics_token_required', message: 'The metrics need a valid bearer token.' },
      });
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.body).not.toContain('http_requests_total');
    }
  });

  it('answers the token with Prometheus text, never cached, never rate-limited, whatever site asks', async () => {
    // A GET changes nothing, so the same-origin check does not stand in a scraper's way.
    const res = await scrape({
      authorization: `bearer ${TOKEN}`,
      'sec-fetch-site': 'cross-site',
      origin: 'https://elsewhere.example',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-ratelimit-limit']).toBeUndefined();
    expect(() => samplesOf(res.body)).not.toThrow();
    for (let i = 0; i < 50; i++) expect((await scrape()).statusCode).toBe(200);
  });

  it('counts and times each request by its route pattern, never its URL', async () => {
    const reference = `Z${randomUUID().slice(0, 9)}`;
    const lookup = await t.app.inject({ method: 'GET', url: `/api/bookings/${reference}` });
    expect(lookup.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/nowhere-${reference}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    const text = await scraped();
    expect(text).not.toContain(reference);
    const looked = { route: '/api/bookings/:reference', method: 'GET', status: '404' };
    expect(sampleValue(text, 'http_requests_total', looked)).toBe(1);
    expect(
      sampleValue(text, 'http_requests_total', { route: 'unmatched', method: 'GET', status: '404' }),
    ).toBe(1);
    expect(sampleValue(text, 'http_requests_total', { route: '/api/health', status: '200' })).toBe(1);
    expect(sampleValue(text, 'http_request_duration_seconds_bucket', { ...looked, le: '+Inf' })).toBe(1);
    expect(sampleValue(text, 'http_request_duration_seconds_count', looked)).toBe(1);
    expect(sampleValue(text, 'http_request_duration_seconds_sum', looked)).toBeGreaterThan(0);
    // The refused scrapes of the first test are requests like any other.
    expect(sampleValue(text, 'http_requests_total', { route: '/metrics', status: '401' })).toBeGreaterThan(0);
  });

  it('reports the mails waiting in the outbox and the mails failed', async () => {
    const before = await scraped();
    const { db } = t.database;
    const mail = (to: string) => ({ to, subject: 'Metrics', text: 'A mail the metrics count.' });
    await enqueueMail({ db, mail: mail('waiting@example.com') });
    await enqueueMail({ db, mail: mail('held@example.com'), heldUntil: new Date(Date.now() + 3_600_000) });
    const failed = await enqueueMail({ db, mail: mail('failed@example.com') });
    await db.update(mailOutbox).set({ status: 'failed', attempts: 6 }).where(eq(mailOutbox.id, failed));
    const after = await scraped();

    const change = (name: string, labels: Record<string, string> = {}) =>
      (sampleValue(after, name, labels) ?? Number.NaN) - (sampleValue(before, name, labels) ?? Number.NaN);
    expect(change('mail_outbox_waiting', { status: 'pending' })).toBe(1);
    expect(change('mail_outbox_waiting', { status: 'held' })).toBe(1);
    expect(change('mail_outbox_failed')).toBe(1);
    // Nothing sends mail in this app: the oldest due mail has been waiting since it was queued...
    expect(sampleValue(after, 'mail_outbox_oldest_due_seconds')).toBeGreaterThanOrEqual(0);
    const inAMinute = await readOutboxCounts({ db, now: new Date(Date.now() + 60_000) });
    expect(inAMinute.oldestDueSeconds).toBeGreaterThanOrEqual(60);
    // ...and a held mail waits from its time on, not from when it was queued.
    await db.delete(mailOutbox).where(inArray(mailOutbox.status, ['pending', 'failed']));
    expect((await readOutboxCounts({ db, now: new Date(Date.now() + 60_000) })).oldestDueSeconds).toBe(0);
    const twoHours = await readOutboxCounts({ db, now: new Date(Date.now() + 7_200_000) });
    expect(twoHours.oldestDueSeconds).toBeGreaterThan(3_500);
    expect(twoHours.oldestDueSeconds).toBeLessThan(3_700);
  });

  it('counts bookings made and seat locks refused, online and at the counter', async () => {
    const before = await scraped();
    const trip = await makeSchedule(t.database.db);
    const [first = '', second = '', third = ''] = seatLabels(12);

    await bookViaApi(t.app, trip, { seats: [first] });
    // A retried submission (same session, same Idempotency-Key) is one booking.
    const email = `metrics-${randomUUID()}@example.com`;
    const verificationToken = await verifiedToken(t.app, email);
    const booking = tripBookingRequest(trip, { seats: [second], email, verificationToken });
    const retry = { session: randomUUID(), key: `key-${randomUUID()}` };
    expect((await postBooking(t.app, booking, retry)).statusCode).toBe(201);
    expect((await postBooking(t.app, booking, retry)).statusCode).toBe(201);

    // The first seat is booked: a passenger's lock and the counter's are refused.
    const online = await seatLockRequest(t.app, 'POST', trip, [first], { token: verificationToken });
    expect(online.statusCode).toBe(409);
    const seller = await t.signInAs('counter');
    expect(
      (await seller.post('/api/admin/counter/shift', { floats: { MVR: '500', USD: '20' } })).statusCode,
    ).toBe(201);
    const lock = {
      scheduleId: trip.schedule.id,
      travelDate: trip.schedule.travelDate,
      launchId: trip.launchIds[0] ?? '',
      originId: trip.stops[0]?.locationId ?? '',
      seats: [first],
    };
    const counterLock = await seller.post('/api/admin/counter/locks', lock);
    expect(counterLock.json().error.code).toBe('seats_unavailable');
    // Refusals for another reason are no seat conflict.
    const unknownSeat = await seller.post('/api/admin/counter/locks', { ...lock, seats: ['Z99'] });
    expect(unknownSeat.statusCode).toBe(400);

    const sale: CounterSaleRequest = {
      ...lock,
      destinationId: trip.stops[trip.stops.length - 1]?.locationId ?? '',
      seats: [third],
      tickets: [{ type: 'local', category: 'adult', quantity: 1 }],
      passenger: { name: 'Aminath Walk-in', nationality: 'Maldivian' },
      language: 'en',
      currency: 'MVR',
      payment: { method: 'cash', received: '1000' },
      saleId: randomUUID(),
    };
    expect((await seller.post('/api/admin/counter/sales', sale)).statusCode).toBe(201);
    // The same sale again answers 200 and sells nothing.
    expect((await seller.post('/api/admin/counter/sales', sale)).statusCode).toBe(200);

    const after = await scraped();
    const change = (name: string, channel: string) =>
      (sampleValue(after, name, { channel }) ?? Number.NaN) -
      (sampleValue(before, name, { channel }) ?? Number.NaN);
    expect(change('bookings_made_total', 'online')).toBe(2);
    expect(change('bookings_made_total', 'counter')).toBe(1);
    expect(change('seat_hold_conflicts_total', 'online')).toBe(1);
    expect(change('seat_hold_conflicts_total', 'counter')).toBe(1);
  });

  it('is in the OpenAPI document with its answers, as every route is', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const operation = res.json().paths['/metrics']?.get;
    expect(Object.keys(operation?.responses ?? {})).toEqual(expect.arrayContaining(['200', '4XX', '5XX']));
  });

  it("reports the event loop's lag, the process and the database's connections", async () => {
    const text = await scraped();
    expect(sampleValue(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sampleValue(text, 'process_cpu_seconds_total')).toBeGreaterThan(0);
    expect(sampleValue(text, 'reminders_sent_total', { kind: 'day_before' })).toBe(0);
    expect(sampleValue(text, 'reminders_sent_total', { kind: 'payment_due' })).toBe(0);
    if (testDatabaseKind === 'pglite') {
      expect(sampleValue(text, 'db_pool_clients')).toBe(1);
      expect(text).toMatch(/^# HELP db_pool_clients .*PGlite/m);
      expect(sampleValue(text, 'db_pool_idle_clients')).toBeUndefined();
    } else {
      expect(sampleValue(text, 'db_pool_clients')).toBeGreaterThanOrEqual(1);
      expect(sampleValue(text, 'db_pool_idle_clients')).toBeGreaterThanOrEqual(0);
      expect(sampleValue(text, 'db_pool_waiting_requests')).toBe(0);
    }
  });
});

describe(`GET /metrics without METRICS_TOKEN or METRICS_PORT (${testDatabaseKind})`, () => {
  const t = useTestApp();

  it('is off: 404 like any unknown route, and nothing is counted', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
    expect(t.app.metrics).toBeNull();
  });
});

describe(`METRICS_PORT: the metrics on a port of their own (${testDatabaseKind})`, () => {
  let server: MetricsServer;
  const t = useTestApp({ env: { METRICS_PORT: '9464', METRICS_TOKEN: TOKEN } }, async () => {
    if (!t.app.metrics) throw new Error('metrics are off');
    // What main.ts starts on METRICS_PORT, here on a free port.
    server = await serveMetrics({
      metrics: t.app.metrics,
      host: '127.0.0.1',
      port: 0,
      token: TOKEN,
      log: t.app.log,
    });
  });
  const url = (path: string) => `http://127.0.0.1:${server.port}${path}`;

  it('serves them there, for the token when one is set, and not on the main port', async () => {
    const main = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(main.statusCode).toBe(404);

    const refused = await fetch(url('/metrics'));
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('metrics_token_required');

    const res = await fetch(url('/metrics'), { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    // The main port's requests, the refused /metrics among them.
    expect(sampleValue(text, 'http_requests_total', { route: 'unmatched', status: '404' })).toBe(1);
    expect(text).toContain('nodejs_eventloop_lag_seconds');

    const elsewhere = await fetch(url('/api/health'), { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(elsewhere.status).toBe(404);
    expect(((await elsewhere.json()) as { error: { code: string } }).error.code).toBe('not_found');
    await server.close();
  });
});
