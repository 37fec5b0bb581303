import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { IMAGE_MAX_BYTES } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';
import type { BookingLookup, Trip } from '#shared/schemas.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { AppError, errorBody } from './lib/errors.ts';
import { createLiveEvents, type LiveEvents } from './lib/live-events.ts';
import type { Mailer } from './lib/mailer.ts';
import { createMicroCache, type MicroCache } from './lib/micro-cache.ts';
import { rateLimitPluginOptions } from './lib/rate-limit.ts';
import { createSeatLockGate, type SeatLockGate } from './lib/seat-lock-gate.ts';
import { createStorage, type Storage } from './lib/storage.ts';
import adminBannerRoutes from './routes/admin/banners.ts';
import adminEventRoutes from './routes/admin/events.ts';
import adminRoutes from './routes/admin/index.ts';
import adminLaunchRoutes from './routes/admin/launches.ts';
import adminLocationRoutes from './routes/admin/locations.ts';
import adminScheduleRoutes from './routes/admin/schedules.ts';
import adminSettingsRoutes from './routes/admin/settings.ts';
import adminTicketRoutes from './routes/admin/tickets.ts';
import adminTripRoutes from './routes/admin/trips.ts';
import authRoutes from './routes/auth.ts';
import bookingRoutes from './routes/public/bookings.ts';
import catalogueRoutes from './routes/public/catalogue.ts';
import clientInfoRoutes from './routes/public/client-info.ts';
import emailCodeRoutes from './routes/public/email-codes.ts';
import fileRoutes from './routes/public/files.ts';
import tripRoutes, { SEAT_LOCKS_ROUTE } from './routes/public/trips.ts';

export type AppDeps = {
  config: Config;
  database: Database;
  storage: Storage;
  clock: Clock;
  /** Absent in tests that do not exercise delivery; mails then wait in the outbox. */
  mailer: Mailer | undefined;
  /** This process's LISTEN on the live-events channel, shared by every SSE stream. */
  liveEvents: LiveEvents;
  /** Trip search answers, shared for a second (ARCHITECTURE.md section 6: the busiest read). */
  tripSearchCache: MicroCache<Trip[]>;
  bookingLookupCache: MicroCache<BookingLookup>;
  seatLockGate: SeatLockGate;
};

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** Every route as registered (method, url), for the test that checks the admin guard covers them. */
    registeredRoutes: { method: string; url: string }[];
  }
}

export const DIST_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist');

export type BuildAppOptions = {
  config: Config;
  database: Database;
  storage?: Storage;
  clock?: Clock;
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
  /** Serve the built SPA from this folder (default dist/ when it exists). */
  webRoot?: string | false;
};

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** How long one trip search answer serves identical searches (seat counts may lag this much). */
const TRIP_SEARCH_CACHE_MS = 1_000;

// Connection-level failures of the database: the service is down for a moment, not broken.
const DB_UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08006',
  '08001',
  '08003',
]);

function isDatabaseUnavailable(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && DB_UNAVAILABLE_CODES.has(code)) return true;
    const message = (e as { message?: unknown }).message;
    if (
      typeof message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect/i.test(message)
    )
      return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** PostgreSQL refuses NUL in text (22021) and unconvertible characters (22P05): bad input, not a fault. */
const DB_BAD_TEXT_CODES = new Set(['22021', '22P05']);

function isBadTextForDatabase(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && DB_BAD_TEXT_CODES.has(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** True when a NUL character hides anywhere in a parsed body or query (strings, arrays, objects). */
function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, v]) => key.includes('\u0000') || containsNul(v, depth + 1));
}

function expectedOrigin(config: Config, host: string | undefined, protocol: string): string | undefined {
  if (config.publicUrl) return new URL(config.publicUrl).origin;
  return host ? `${protocol}://${host}` : undefined;
}

/** TRUST_PROXY as .env.example documents it: true/false, a hop count, or proxy addresses. */
export function trustProxyOption(
  value: string | undefined,
): boolean | string | ((address: string, hop: number) => boolean) {
  if (value === undefined) return false;
  const v = value.trim().toLowerCase();
  if (['true', 'yes', 'on'].includes(v)) return true;
  if (['false', 'no', 'off', '', '0'].includes(v)) return false;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return (_address, hop) => hop < hops;
  }
  return value.trim();
}

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const app = Fastify({
    logger: opts.logger ?? { level: config.logLevel },
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.decorate('deps', {
    config,
    database,
    storage: opts.storage ?? createStorage(config),
    clock: opts.clock ?? systemClock,
    mailer: opts.mailer,
    liveEvents: createLiveEvents(database, app.log),
    tripSearchCache: createMicroCache<Trip[]>({ ttlMs: TRIP_SEARCH_CACHE_MS, maxEntries: 10_000 }),
    bookingLookupCache: createMicroCache<BookingLookup>({ ttlMs: TRIP_SEARCH_CACHE_MS, maxEntries: 10_000 }),
    seatLockGate: createSeatLockGate({ ttlMs: TRIP_SEARCH_CACHE_MS }),
  });
  // Another instance's booking or schedule change, when this one listens: forget at once
  // (otherwise its answers are at most TRIP_SEARCH_CACHE_MS old).
  app.deps.liveEvents.subscribe(() => {
    app.deps.tripSearchCache.clear();
    app.deps.bookingLookupCache.clear();
    app.deps.seatLockGate.forget();
  });
  app.addHook('onClose', async () => {
    await app.deps.liveEvents.close();
  });
  const registeredRoutes: { method: string; url: string }[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) registeredRoutes.push({ method, url: route.url });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const https = config.publicUrl?.startsWith('https://') ?? false;
  const s3Origin = config.s3
    ? new URL(config.s3.publicUrl ?? config.s3.endpoint ?? 'https://s3.amazonaws.com').origin
    : undefined;
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Inline style attributes come from React and the toast library; scripts stay strict.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(s3Origin ? [s3Origin] : [])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Dynamic responses: fast brotli; built assets are precompressed at maximum level.
    brotliOptions: { params: { [(await import('node:zlib')).constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, {
    limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 20, fieldSize: 64 * 1024 },
  });
  await app.register(fastifyRateLimit, rateLimitPluginOptions(config));

  // Cross-site requests never change anything (ARCHITECTURE.md section 4): SameSite=Strict
  // cookies plus this check of Sec-Fetch-Site and Origin.
  app.addHook('onRequest', async (req) => {
    if (!STATE_CHANGING.has(req.method)) return;
    const site = req.headers['sec-fetch-site'];
    if (typeof site === 'string' && site !== 'same-origin' && site !== 'none') {
      throw new AppError('cross_site_request', MSG.crossSite, 403);
    }
    const origin = req.headers.origin;
    if (typeof origin === 'string') {
      const expected = expectedOrigin(config, req.headers.host, req.protocol);
      if (origin !== expected) throw new AppError('cross_site_request', MSG.crossSite, 403);
    }
  });

  // A write on this instance (a lock, a booking, an admin change) is seen by the next search at
  // once: the cached answers go before the writer hears back.
  // The seat-lock gate's memory of recent winners is only a hint; it keeps track of locks itself.
  app.addHook('onSend', async (req, reply, payload) => {
    if (STATE_CHANGING.has(req.method) && reply.statusCode < 400) {
      app.deps.tripSearchCache.clear();
      app.deps.bookingLookupCache.clear();
      if (!(req.method === 'POST' && req.routeOptions.url === SEAT_LOCKS_ROUTE))
        app.deps.seatLockGate.forget();
    }
    return payload;
  });

  // No text the database could not store gets past the edge (a NUL byte in a path, a query or
  // a JSON body): a 400 with SPEC.md's message instead of a failed statement.
  app.addHook('preValidation', async (req) => {
    if (/%00/.test(req.url) || containsNul(req.params) || containsNul(req.query) || containsNul(req.body)) {
      throw new AppError('validation_error', MSG.checkRequiredFields, 400);
    }
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).send(errorBody(err));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        fields[key] ??= issue.message ?? 'Invalid value';
      }
      return reply
        .status(400)
        .send(errorBody(new AppError('validation_error', MSG.checkRequiredFields, 400, { fields })));
    }
    if (err.statusCode === 429) {
      return reply.status(429).send(errorBody(new AppError('rate_limited', MSG.tooManyRequests, 429)));
    }
    if (
      err.code === 'FST_REQ_FILE_TOO_LARGE' ||
      err.code === 'FST_FILES_LIMIT' ||
      err.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
    ) {
      return reply.status(413).send(errorBody(new AppError('payload_too_large', MSG.imageSize, 413)));
    }
    if (isBadTextForDatabase(err)) {
      return reply
        .status(400)
        .send({ error: { code: 'validation_error', message: MSG.checkRequiredFields } });
    }
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err }, 'database unavailable');
      return reply
        .status(503)
        .header('Retry-After', '5')
        .send(errorBody(new AppError('service_unavailable', MSG.databaseUnavailable, 503)));
    }
    if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
      const code = err.code ? err.code.toLowerCase().replace(/^fst_(err_)?/, '') : 'bad_request';
      return reply.status(err.statusCode).send(errorBody(new AppError(code, err.message, err.statusCode)));
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send(errorBody(new AppError('internal_error', MSG.serverError, 500)));
  });

  await app.register(fileRoutes, { storage: app.deps.storage });
  await app.register(catalogueRoutes);
  await app.register(emailCodeRoutes);
  await app.register(bookingRoutes);
  await app.register(tripRoutes);
  await app.register(clientInfoRoutes);
  await app.register(authRoutes);
  await app.register(adminRoutes, {
    modules: [
      adminTicketRoutes,
      adminTripRoutes,
      adminEventRoutes,
      // The catalogue (schedules, launches, locations, banners, payment and branding settings).
      adminScheduleRoutes,
      adminLaunchRoutes,
      adminLocationRoutes,
      adminBannerRoutes,
      adminSettingsRoutes,
    ],
  });
  if (!config.isProduction) {
    const { default: devOutboxRoutes } = await import('./routes/dev/outbox.ts');
    await app.register(devOutboxRoutes, { db: database.db });
  }

  const webRoot =
    opts.webRoot === undefined
      ? existsSync(path.join(DIST_DIR, 'index.html'))
        ? DIST_DIR
        : false
      : opts.webRoot;
  if (webRoot) {
    await app.register(fastifyStatic, {
      root: webRoot,
      prefix: '/',
      index: ['index.html'],
      preCompressed: true,
      setHeaders(res, filePath) {
        // Hashed build assets never change; everything else is revalidated.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        } else {
          res.header('Cache-Control', 'no-cache');
        }
      },
    });
  }

  app.setNotFoundHandler(async (req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    const isApi =
      url.startsWith('/api/') || url === '/api' || url.startsWith('/files/') || url.startsWith('/dev/');
    const looksLikeFile = /\.[a-z0-9]{1,8}$/i.test(url);
    if (webRoot && (req.method === 'GET' || req.method === 'HEAD') && !isApi && !looksLikeFile) {
      // Client-side routes: the SPA decides what to show, including its own 404 page.
      reply.header('Cache-Control', 'no-cache');
      return reply.sendFile('index.html');
    }
    return reply.status(404).send(errorBody(new AppError('not_found', MSG.notFound, 404)));
  });

  return app;
}
