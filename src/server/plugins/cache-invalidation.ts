import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { BOOKING_SESSION_HEADER } from '#shared/http-headers.ts';
import { STATE_CHANGING } from './same-origin.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by a handler whose write turned out to change nothing (released no seat, replayed a booking). */
    changedNothing: boolean;
  }
  interface FastifyContextConfig {
    /** A seat lock: the seat-lock gate keeps its memory of the winners (lib/seat-lock-gate.ts). */
    keepsSeatLockGate?: boolean;
  }
}

/**
 * Writes that never touch what the micro-caches answer (trips, seats, bookings): signing in and
 * out, e-mail codes, banners, prices and branding.
 */
const NOT_INVENTORY = [
  '/api/auth/',
  '/api/email-codes',
  '/api/client-info',
  '/api/admin/banners',
  '/api/admin/payment-settings',
  '/api/admin/pwa-settings',
  '/api/admin/texts',
];

/**
 * A write on this instance (a lock, a booking, an admin change) is seen by the next search at
 * once: the cached answers go before the writer hears back. Only a write that changed something
 * clears them, so a stream of no-op requests cannot keep the caches cold. Another instance's
 * change arrives as a live event and clears them too.
 */
async function cacheInvalidation(app: FastifyInstance): Promise<void> {
  const {
    liveEvents,
    tripSearchCache,
    tripPricesCache,
    seatMapCache,
    bookingLookupCache,
    textOverridesCache,
    seatLockGate,
  } = app.deps;
  liveEvents.subscribe(() => {
    tripSearchCache.clear();
    tripPricesCache.clear();
    textOverridesCache.clear();
    seatMapCache.clear();
    bookingLookupCache.clear();
    seatLockGate.forget();
  });

  app.decorateRequest('changedNothing', false);
  app.addHook('onSend', async (req, reply, payload) => {
    const url = req.routeOptions.url ?? '';
    // Whatever came of it, a booking session's next seat map is read after its own write
    // (docs/decisions/015).
    const session = req.headers[BOOKING_SESSION_HEADER];
    if (STATE_CHANGING.has(req.method) && typeof session === 'string') {
      seatMapCache.noteWrite(session.trim().toLowerCase());
    }
    // A text correction shows on this instance's next page load; on another within the second.
    if (STATE_CHANGING.has(req.method) && reply.statusCode < 400 && url.startsWith('/api/admin/texts')) {
      textOverridesCache.clear();
    }
    if (
      STATE_CHANGING.has(req.method) &&
      reply.statusCode < 400 &&
      !req.changedNothing &&
      !NOT_INVENTORY.some((prefix) => url.startsWith(prefix))
    ) {
      tripSearchCache.clear();
      tripPricesCache.clear();
      seatMapCache.clear();
      bookingLookupCache.clear();
      // The gate's memory of recent winners is only a hint; it keeps track of locks itself.
      if (!req.routeOptions.config.keepsSeatLockGate) seatLockGate.forget();
    }
    return payload;
  });
}

export default fp(cacheInvalidation, { name: 'cache-invalidation', dependencies: ['app-deps'] });
