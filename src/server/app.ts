import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { IMAGE_MAX_BYTES } from '#shared/constants.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { withLogRedaction } from './lib/log-redaction.ts';
import type { Mailer } from './lib/mailer.ts';
import { createPaymentProvider } from './lib/payments/create-payment-provider.ts';
import type { PaymentProvider } from './lib/payments/types.ts';
import { rateLimitPluginOptions } from './lib/rate-limit.ts';
import { createStorage, type Storage } from './lib/storage.ts';
import appDeps from './plugins/app-deps.ts';
import cacheInvalidation from './plugins/cache-invalidation.ts';
import compression from './plugins/compression.ts';
import errorHandler from './plugins/error-handler.ts';
import metrics from './plugins/metrics.ts';
import nulGuard from './plugins/nul-guard.ts';
import openapi from './plugins/openapi.ts';
import responseCheck from './plugins/response-check.ts';
import routeList from './plugins/route-list.ts';
import sameOrigin from './plugins/same-origin.ts';
import securityHeaders from './plugins/security-headers.ts';
import spaFallback from './plugins/spa-fallback.ts';
import validation from './plugins/validation.ts';
import routes from './routes/index.ts';

const DIST_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist');

type BuildAppOptions = {
  config: Config;
  database: Database;
  storage?: Storage;
  clock?: Clock;
  mailer?: Mailer;
  /** The card gateway; by default the one the configuration names (docs/decisions/042). */
  payments?: PaymentProvider | null;
  logger?: FastifyServerOptions['logger'];
  /** Serve the built SPA from this folder (default dist/ when it exists). */
  webRoot?: string | false;
  /** Check every JSON answer against its route's response schema (the tests turn this on). */
  checkResponses?: boolean;
};

/**
 * The app as a list of plugins (docs/architecture.md has the request flow): each plugin in
 * src/server/plugins/ does one thing for every route; the routes in src/server/routes/ are
 * thin and call one service each. Tests inject into what this returns.
 */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const app = Fastify({
    // Every logger, the tests' included, redacts URL tokens and drops SQL values (log-redaction.ts).
    logger: withLogRedaction(opts.logger ?? { level: config.logLevel }),
    // A hop count trusts that many proxies in front; a list trusts those addresses only.
    // Fastify trusts nothing for a bare number, so the count goes in as proxy-addr's test: hop 0
    // is the connection's peer, hop 1 the last X-Forwarded-For entry (the address the nearest
    // proxy appended), and the client is the first hop not trusted.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // The test gateway's sealed transaction ids run to a few hundred characters (docs/decisions/042).
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2000 },
  });

  await app.register(appDeps, {
    config,
    database: opts.database,
    storage: opts.storage ?? createStorage(config),
    clock: opts.clock ?? systemClock,
    mailer: opts.mailer,
    payments: opts.payments === undefined ? createPaymentProvider(config) : opts.payments,
  });
  await app.register(routeList);
  // First of the hooks: every answer is counted, whichever plugin answers it.
  await app.register(metrics);
  await app.register(validation);
  await app.register(errorHandler);
  await app.register(openapi);
  // Before compression: it reads each answer as the text the route sent.
  if (opts.checkResponses) await app.register(responseCheck);
  await app.register(securityHeaders);
  await app.register(compression);
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, {
    limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 20, fieldSize: 64 * 1024 },
  });
  await app.register(fastifyRateLimit, rateLimitPluginOptions(config));
  await app.register(sameOrigin);
  await app.register(cacheInvalidation);
  await app.register(nulGuard);

  await app.register(routes);

  const webRoot =
    opts.webRoot === undefined
      ? existsSync(path.join(DIST_DIR, 'index.html'))
        ? DIST_DIR
        : false
      : opts.webRoot;
  await app.register(spaFallback, { webRoot });
  return app;
}
