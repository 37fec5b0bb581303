import { z } from 'zod';
import { BEARER_CHALLENGE, bearerMatches, metricsTokenRequired } from '#server/lib/metrics.ts';
import { defineRoutes } from './define-routes.ts';

/**
 * GET /metrics on the main port, for METRICS_TOKEN's bearer only (docs/decisions/044): the
 * Prometheus text of plugins/metrics.ts. A GET changes nothing, so the same-origin check lets a
 * scraper through; no rate limit, since a scraper asks every few seconds from one address and
 * the token is too long to guess; logged only when it fails, not on every scrape.
 */
export default defineRoutes(async (app, { config }) => {
  const token = config.metrics?.token;
  const { metrics } = app;
  if (!token || !metrics) return;
  app.get(
    '/metrics',
    {
      logLevel: 'warn',
      schema: {
        description: 'Prometheus metrics in its text format (needs Authorization: Bearer <METRICS_TOKEN>).',
        response: { 200: z.string() },
      },
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      if (!bearerMatches(req.headers.authorization, token)) {
        reply.header('WWW-Authenticate', BEARER_CHALLENGE);
        throw metricsTokenRequired();
      }
      reply.type(metrics.registry.contentType);
      return metrics.registry.metrics();
    },
  );
});
