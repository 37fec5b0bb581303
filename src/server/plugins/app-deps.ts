import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { BookingLookup } from '#shared/schemas.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import { createLiveEvents, type LiveEvents } from '../lib/live-events.ts';
import type { Mailer, WriteLaterMail } from '../lib/mailer.ts';
import { configureManageLinks } from '../lib/manage-links.ts';
import { createMicroCache, type MicroCache } from '../lib/micro-cache.ts';
import type { PaymentProvider } from '../lib/payments/types.ts';
import { createSeatLockGate, type SeatLockGate } from '../lib/seat-lock-gate.ts';
import { createSessionFreshCache, type SessionFreshCache } from '../lib/session-fresh-cache.ts';
import type { Storage } from '../lib/storage.ts';
import { loadTicketSigner, type TicketSigner } from '../lib/ticket-signing.ts';
import type { SharedSeatMap } from '../services/load-shared-seat-map.ts';
import type { TripDay } from '../services/load-trip-day.ts';
import type { CompiledTextOverrides } from '../services/read-compiled-text-overrides.ts';
import type { TripPrices } from '../services/search-trips.ts';
import { writeLaterMail } from '../services/write-later-mail.ts';

export type AppDeps = {
  config: Config;
  database: Database;
  storage: Storage;
  clock: Clock;
  /** Absent in tests that do not exercise delivery; mails then wait in the outbox. */
  mailer: Mailer | undefined;
  /** This process's LISTEN on the live-events channel, shared by every SSE stream. */
  liveEvents: LiveEvents;
  /** Each date's trips, shared by every search of that date for a second (the busiest read). */
  tripSearchCache: MicroCache<TripDay>;
  /** Each From -> To pair's prices (and a return's discount), for a second: cleared with the trips. */
  tripPricesCache: MicroCache<TripPrices>;
  /** What every session sees of a departure's seats, for a second (docs/decisions/015). */
  seatMapCache: SessionFreshCache<SharedSeatMap>;
  bookingLookupCache: MicroCache<BookingLookup>;
  /** The operator's text corrections, compiled, for every page's branding read, for a second. */
  textOverridesCache: MicroCache<CompiledTextOverrides>;
  seatLockGate: SeatLockGate;
  /**
   * The e-ticket signer (lib/ticket-signing.ts), loaded on first use: a production server
   * without TICKET_SIGNING_KEY fails where it would sign, saying how to make one.
   */
  ticketSigner: () => TicketSigner;
  /**
   * Writes the mails queued to be written when sent (docs/decisions/041), with this server's
   * e-ticket links and signer: the mailer's, and the dev outbox's for mails still held.
   */
  writeLaterMail: WriteLaterMail;
  /** The card gateway (docs/decisions/042), or null: bank transfer only. */
  payments: PaymentProvider | null;
};

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

/** How long a shared answer (a date's trips, a departure's seats, a lookup) serves; seat counts may lag this much. */
const TRIP_SEARCH_CACHE_MS = 1_000;

/**
 * What every route and hook reaches through `app.deps`: the configuration, the database, file
 * storage, the clock, the mailer, the live-events listener and the micro-caches.
 */
async function appDeps(
  app: FastifyInstance,
  opts: Pick<AppDeps, 'config' | 'database' | 'storage' | 'clock' | 'mailer' | 'payments'>,
): Promise<void> {
  let signer: TicketSigner | undefined;
  configureManageLinks(opts.config);
  app.decorate('deps', {
    ...opts,
    liveEvents: createLiveEvents(opts.database, app.log),
    tripSearchCache: createMicroCache<TripDay>({ ttlMs: TRIP_SEARCH_CACHE_MS, maxEntries: 10_000 }),
    tripPricesCache: createMicroCache<TripPrices>({ ttlMs: TRIP_SEARCH_CACHE_MS, maxEntries: 10_000 }),
    seatMapCache: createSessionFreshCache<SharedSeatMap>({ ttlMs: TRIP_SEARCH_CACHE_MS, maxEntries: 10_000 }),
    bookingLookupCache: createMicroCache<BookingLookup>({ ttlMs: TRIP_SEARCH_CACHE_MS, maxEntries: 10_000 }),
    textOverridesCache: createMicroCache<CompiledTextOverrides>({
      ttlMs: TRIP_SEARCH_CACHE_MS,
      maxEntries: 1,
    }),
    seatLockGate: createSeatLockGate({ ttlMs: TRIP_SEARCH_CACHE_MS }),
    ticketSigner: () => {
      signer ??= loadTicketSigner({
        signingKey: opts.config.ticketSigningKey,
        verifyKeys: opts.config.ticketVerifyKeys,
        isProduction: opts.config.isProduction,
        dataDir: opts.config.dataDir,
      });
      return signer;
    },
    writeLaterMail: (db, later) => {
      let usable: TicketSigner | undefined;
      try {
        usable = app.deps.ticketSigner();
      } catch (err) {
        app.log.error({ err }, 'e-tickets cannot be signed');
      }
      return writeLaterMail({ db, later, eTicketBase: opts.config.linkBase, signer: usable });
    },
  });
  // Production signs with TICKET_SIGNING_KEY (the configuration requires it): a key that does
  // not load stops the start here, not an approval or a boarding device at the jetty later.
  if (opts.config.isProduction) app.deps.ticketSigner();
  app.addHook('onClose', async () => {
    await app.deps.liveEvents.close();
  });
}

export default fp(appDeps, { name: 'app-deps' });
