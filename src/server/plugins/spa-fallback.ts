import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MSG } from '#shared/messages/api.ts';
import { ROUTE_PAGES } from '#shared/route-pages.ts';
import { AppError, errorBody } from '../lib/errors.ts';

/** `/bookings/<reference>/manage`, whose `?k=` is the booking's manage link. */
const MANAGE_PAGE = /^\/bookings\/[^/]+\/manage\/?$/;

/**
 * The built web app (when there is one) and what answers a path no route has: the SPA's
 * index.html for a client route, the JSON 404 for the API, uploads and anything that looks
 * like a file.
 */
async function spaFallback(app: FastifyInstance, opts: { webRoot: string | false }): Promise<void> {
  const { webRoot } = opts;
  // A public route's own page (its code preloaded) when the build wrote one; index.html else.
  const pages = new Map(
    Object.entries(ROUTE_PAGES).filter(([, file]) => webRoot && existsSync(path.join(webRoot, file))),
  );
  if (webRoot) {
    await app.register(fastifyStatic, {
      root: webRoot,
      prefix: '/',
      // `/` is a client route like the others: sent below, with its page.
      index: false,
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

  if (webRoot) {
    app.get('/', { schema: { hide: true } }, async (_req, reply) => {
      reply.header('Cache-Control', 'no-cache');
      return reply.sendFile(pages.get('/') ?? 'index.html');
    });
  }

  app.setNotFoundHandler(async (req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    // `/metrics` is a scraper's, never a page: where it is not served it is a 404 a scraper understands.
    const isApi =
      url.startsWith('/api/') ||
      url === '/api' ||
      url.startsWith('/files/') ||
      url.startsWith('/dev/') ||
      url === '/metrics';
    const looksLikeFile = /\.[a-z0-9]{1,8}$/i.test(url);
    if (webRoot && (req.method === 'GET' || req.method === 'HEAD') && !isApi && !looksLikeFile) {
      // Client-side routes: the SPA decides what to show, including its own 404 page.
      reply.header('Cache-Control', 'no-cache');
      // An e-ticket's address is its token, a manage page's carries its link: no request from
      // either page names it to another host.
      if (url.startsWith('/t/') || MANAGE_PAGE.test(url)) reply.header('Referrer-Policy', 'no-referrer');
      return reply.sendFile(pages.get(url) ?? 'index.html');
    }
    return reply.status(404).send(errorBody(new AppError('not_found', MSG.notFound, 404)));
  });
}

export default fp(spaFallback, { name: 'spa-fallback' });
