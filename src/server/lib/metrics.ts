import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { MSG } from '#shared/messages/api.ts';
import type { Database } from '../db/client.ts';
import { AppError, errorBody } from './errors.ts';

/*
 * Prometheus metrics (docs/decisions/044-prometheus-metrics.md): one registry per app, never
 * prom-client's global one, so every app a test builds counts its own requests. docs/deploy.md
 * ("Metrics") has the scrape configuration and the alert rules built on these names.
 */

/** Where a booking is made, and where a seat lock is asked for. */
export type Channel = 'online' | 'counter';
const CHANNELS: readonly Channel[] = ['online', 'counter'];

/** The reminder mails: the day before departure, and a pay-later transfer falling due. */
export type ReminderKind = 'day_before' | 'payment_due';
const REMINDER_KINDS: readonly ReminderKind[] = ['day_before', 'payment_due'];

/** The route label of a request no route answered (the 404 handler, the web app's pages). */
export const UNMATCHED_ROUTE = 'unmatched';

/** The outbox as one scrape reads it (services/read-outbox-counts.ts). */
export type OutboxGauges = { pending: number; held: number; failed: number; oldestDueSeconds: number };

export type Metrics = {
  registry: Registry;
  httpRequests: Counter<'route' | 'method' | 'status'>;
  httpDuration: Histogram<'route' | 'method' | 'status'>;
  bookingsMade: Counter<'channel'>;
  seatHoldConflicts: Counter<'channel'>;
  remindersSent: Counter<'kind'>;
};

export type CreateMetricsOptions = {
  database: Pick<Database, 'kind' | 'pool'>;
  readOutbox: () => Promise<OutboxGauges>;
  /** A scrape whose outbox read failed: its gauges keep their last values, the rest still answers. */
  onOutboxError: (err: unknown) => void;
};

export function createMetrics(opts: CreateMetricsOptions): Metrics {
  const registry = new Registry();
  const registers = [registry];
  // The event loop's lag, heap, GC, CPU and open handles of this process.
  collectDefaultMetrics({ register: registry });

  const httpLabels = ['route', 'method', 'status'] as const;
  const httpRequests = new Counter({
    name: 'http_requests_total',
    help: `HTTP requests answered, by route pattern (${UNMATCHED_ROUTE}: no route, such as a 404 or a page of the web app), method and status`,
    labelNames: httpLabels,
    registers,
  });
  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by route pattern, method and status',
    labelNames: httpLabels,
    registers,
  });
  const bookingsMade = new Counter({
    name: 'bookings_made_total',
    help: 'Bookings committed, by channel (online: the booking wizard, counter: a sale at the jetty); a retried submission counts once',
    labelNames: ['channel'] as const,
    registers,
  });
  const seatHoldConflicts = new Counter({
    name: 'seat_hold_conflicts_total',
    help: 'Seat locks refused because another booking session or a ticket holds a seat asked for (409 seats_unavailable), by channel',
    labelNames: ['channel'] as const,
    registers,
  });
  const remindersSent = new Counter({
    name: 'reminders_sent_total',
    help: 'Reminders queued for passengers by this instance, by kind (day_before: the day before departure; payment_due: a pay-later transfer falling due)',
    labelNames: ['kind'] as const,
    registers,
  });
  // Every series exists from the start, so rate() and increase() see the first event.
  for (const channel of CHANNELS) {
    bookingsMade.inc({ channel }, 0);
    seatHoldConflicts.inc({ channel }, 0);
  }
  for (const kind of REMINDER_KINDS) remindersSent.inc({ kind }, 0);

  // The outbox gauges are read on scrape, all three from one query: a scrape collects every
  // metric at once, so the collectors share the read in flight.
  let reading: Promise<OutboxGauges | undefined> | undefined;
  const outbox = () => {
    reading ??= opts
      .readOutbox()
      .catch((err: unknown) => {
        opts.onOutboxError(err);
        return undefined;
      })
      .finally(() => {
        reading = undefined;
      });
    return reading;
  };
  new Gauge({
    name: 'mail_outbox_waiting',
    help: 'Mails in the outbox not sent yet, by status (pending: to send or to retry; held: kept back until their time, such as an approval inside its undo window); the outbox is shared, so every instance reports the same',
    labelNames: ['status'] as const,
    registers,
    async collect() {
      const counts = await outbox();
      if (!counts) return;
      this.set({ status: 'pending' }, counts.pending);
      this.set({ status: 'held' }, counts.held);
    },
  });
  new Gauge({
    name: 'mail_outbox_failed',
    help: 'Mails in the outbox that failed their last try and are not retried',
    registers,
    async collect() {
      const counts = await outbox();
      if (counts) this.set(counts.failed);
    },
  });
  new Gauge({
    name: 'mail_outbox_oldest_due_seconds',
    help: 'How long the longest-waiting mail that is due has waited to be sent (since queued, or since a held mail came due); 0 when none',
    registers,
    async collect() {
      const counts = await outbox();
      if (counts) this.set(counts.oldestDueSeconds);
    },
  });

  const { pool } = opts.database;
  new Gauge({
    name: 'db_pool_clients',
    help:
      opts.database.kind === 'postgres'
        ? 'Connections the PostgreSQL pool holds, busy and idle (at most 10 per instance)'
        : 'Connections to the database: PGlite, the embedded database, has one, in this process, so always 1',
    registers,
    collect() {
      this.set(pool ? pool.totalCount : 1);
    },
  });
  if (pool) {
    new Gauge({
      name: 'db_pool_idle_clients',
      help: 'Connections the PostgreSQL pool holds that are idle',
      registers,
      collect() {
        this.set(pool.idleCount);
      },
    });
    new Gauge({
      name: 'db_pool_waiting_requests',
      help: 'Queries waiting for a connection of the PostgreSQL pool, all being busy',
      registers,
      collect() {
        this.set(pool.waitingCount);
      },
    });
  }

  return { registry, httpRequests, httpDuration, bookingsMade, seatHoldConflicts, remindersSent };
}

/**
 * Whether an Authorization header carries `Bearer <token>`. Both sides are hashed first, so the
 * comparison takes the same time whatever the header holds, its length included.
 */
export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const given = /^Bearer +(\S+) *$/i.exec(authorization ?? '')?.[1];
  const digest = (value: string) => createHash('sha256').update(value).digest();
  const same = timingSafeEqual(digest(given ?? ''), digest(token));
  return same && given !== undefined;
}

/** What a scrape without the right token is answered: 401, asking for the bearer token. */
export const metricsTokenRequired = () =>
  new AppError('metrics_token_required', 'The metrics need a valid bearer token.', 401);

/** Told on every 401, as RFC 6750 asks. */
export const BEARER_CHALLENGE = 'Bearer realm="metrics"';

export type MetricsServer = { port: number; close(): Promise<void> };

/**
 * GET /metrics on a port of its own (METRICS_PORT), off the public one: a plain HTTP server,
 * asking for `token` when one is set; anything else is the JSON 404.
 */
export async function serveMetrics(opts: {
  metrics: Metrics;
  host: string;
  port: number;
  token: string | undefined;
  log: { error(obj: object, msg: string): void };
}): Promise<MetricsServer> {
  const { registry } = opts.metrics;
  const answer = (res: ServerResponse, status: number, type: string, body: string) => {
    res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' });
    res.end(body);
  };
  const answerError = (res: ServerResponse, err: AppError) =>
    answer(res, err.status, 'application/json; charset=utf-8', JSON.stringify(errorBody(err)));

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0]?.replace(/\/$/, '');
    if (path !== '/metrics' || !(req.method === 'GET' || req.method === 'HEAD')) {
      return answerError(res, new AppError('not_found', MSG.notFound, 404));
    }
    if (opts.token !== undefined && !bearerMatches(req.headers.authorization, opts.token)) {
      res.setHeader('WWW-Authenticate', BEARER_CHALLENGE);
      return answerError(res, metricsTokenRequired());
    }
    const text = await registry.metrics();
    return answer(res, 200, registry.contentType, req.method === 'HEAD' ? '' : text);
  };
  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      opts.log.error({ err }, 'metrics scrape failed');
      if (!res.headersSent) answerError(res, new AppError('internal_error', MSG.serverError, 500));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // A scraper's kept-alive connection would hold the close open until it times out.
        server.closeIdleConnections();
      }),
  };
}
