import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Channel, createMetrics, type Metrics, UNMATCHED_ROUTE } from '../lib/metrics.ts';
import { readOutboxCounts } from '../services/read-outbox-counts.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's Prometheus metrics (lib/metrics.ts); null while METRICS_TOKEN and METRICS_PORT are unset. */
    metrics: Metrics | null;
  }
  interface FastifyContextConfig {
    /** A seat lock route: a refusal for a seat someone else holds is counted for this channel. */
    seatLockChannel?: Channel;
  }
}

/**
 * Prometheus metrics (docs/decisions/044-prometheus-metrics.md), when configured: every answer
 * counted and timed by its route's pattern (never the URL, whose ids and tokens would make a
 * series per request), and seat locks refused for a taken seat. The scrape itself is served by
 * routes/metrics.ts, or on METRICS_PORT by the server main.ts starts. Off, it adds no hook.
 */
async function metricsPlugin(app: FastifyInstance): Promise<void> {
  const { config, database, clock } = app.deps;
  if (!config.metrics) {
    app.decorate('metrics', null);
    return;
  }
  const metrics = createMetrics({
    database,
    readOutbox: () => readOutboxCounts({ db: database.db, now: clock.now() }),
    onOutboxError: (err) => app.log.warn({ err }, 'metrics: the mail outbox could not be read'),
  });
  app.decorate('metrics', metrics);

  app.addHook('onResponse', async (req, reply) => {
    const labels = {
      route: req.routeOptions.url ?? UNMATCHED_ROUTE,
      method: req.method,
      status: String(reply.statusCode),
    };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
  });

  app.addHook('onError', async (req, _reply, err) => {
    const channel = req.routeOptions.config.seatLockChannel;
    if (channel && (err as { code?: unknown }).code === 'seats_unavailable') {
      metrics.seatHoldConflicts.inc({ channel });
    }
  });
}

export default fp(metricsPlugin, { name: 'metrics', dependencies: ['app-deps'] });
