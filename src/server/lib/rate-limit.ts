import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import { MSG } from '#shared/messages/api.ts';

/*
 * Per-IP request limits (docs/product.md sections 4 and 8.10) on top of @fastify/rate-limit,
 * registered with `global: false`: only routes whose config carries a limit are counted.
 * Counters live in each instance's memory, so behind a load balancer a client gets up to the
 * limit per instance; the limits that guard real resources (e-mail code sends, login failures,
 * seat holds) belong in the database with their services, not here.
 */

type RateLimitConfig = { rateLimitScale: number };
type TimeWindow = string | number;
type RouteRateLimit = { rateLimit: { max: number; timeWindow: TimeWindow } };

/**
 * A route `config` with a per-IP limit of `max` requests per `timeWindow` (ms or an `ms`
 * string such as '10 minutes'). RATE_LIMIT_SCALE multiplies max so load tests can run from
 * one address; the result is rounded and never below 1.
 */
export function limit(config: RateLimitConfig, max: number, timeWindow: TimeWindow): RouteRateLimit {
  return { rateLimit: { max: Math.max(1, Math.round(max * config.rateLimitScale)), timeWindow } };
}

/** Named per-IP limits: `config: routeLimit(config, 'lookup')` on the route. */
export const RATE_LIMITS = {
  // Public lookup: generous for a person retyping a reference (8.10), slow for enumerating
  // references.
  lookup: [30, '1 minute'],
  // "Send my e-ticket again": each request may send a mail (one per reference per window too).
  eTicketResend: [5, '1 hour'],
  // Trip, launch and seat-map reads: the wizard polls the seat map every 5 s (docs/product.md
  // section 9) and a family behind one NAT may book together.
  tripSearch: [120, '1 minute'],
  seatMap: [120, '1 minute'],
  // Locking and releasing seats: a few tries per booking; a cap stops one client from
  // holding a whole vessel by cycling sessions.
  seatLock: [30, '1 minute'],
  // Each submission stores an image and holds seats until an admin acts.
  bookingSubmit: [10, '10 minutes'],
  // Code requests send mail to any address; the per-address rule (3 an hour, 60 s apart)
  // lives in the service, this caps one client spraying many addresses.
  emailCode: [10, '10 minutes'],
  // Wrong codes are limited per code (5 tries); this caps guessing across many codes.
  emailVerify: [30, '10 minutes'],
  // Manage-page codes: each may send a mail (3 per reference an hour, 60 s apart, in the service).
  manageCode: [10, '10 minutes'],
  // A passenger's own changes: each needs a fresh code's grant, so this only stops hammering.
  manageChange: [20, '10 minutes'],
  // Coarse cap on login requests per IP; the failure throttle per IP and per e-mail
  // (LOGIN_MAX_FAILURES) is separate and never scaled.
  login: [20, '15 minutes'],
  // Re-checks the current password, so it is a password-guessing surface like login.
  passwordChange: [10, '15 minutes'],
  // Staff links (an invitation, a password reset): 256-bit tokens, so this only stops a client
  // from hammering the check or the slow password hash.
  staffLink: [20, '15 minutes'],
  // Ends every session of the signed-in person.
  signOutEverywhere: [10, '15 minutes'],
  // Each call may reach the geolocation provider, which has its own quota.
  clientInfo: [30, '1 minute'],
  // The card gateway's callbacks (docs/decisions/042): signed, and each asks the gateway back,
  // so this caps a stranger making us call it; the gateway itself sends far fewer.
  paymentCallback: [120, '1 minute'],
  // The return page asks every 2 s while the payment is open; each may ask the gateway.
  paymentStatus: [60, '1 minute'],
  // Another try at the gateway, or the switch to a transfer: each opens a payment or holds seats longer.
  paymentChange: [10, '10 minutes'],
} as const satisfies Record<string, readonly [number, TimeWindow]>;

type RateLimitName = keyof typeof RATE_LIMITS;

export function routeLimit(config: RateLimitConfig, name: RateLimitName): RouteRateLimit {
  const [max, timeWindow] = RATE_LIMITS[name];
  return limit(config, max, timeWindow);
}

/**
 * What @fastify/rate-limit throws when a limit is hit. The plugin throws the object
 * errorResponseBuilder returns, so it behaves like an error for any handler (statusCode,
 * code, message) while serialising to exactly our error shape: those three are
 * non-enumerable and only `error` reaches JSON.
 */
type RateLimitedError = {
  readonly statusCode: number;
  readonly code: string;
  readonly message: string;
  readonly error: { code: string; message: string };
};

export function rateLimitedError(statusCode = 429): RateLimitedError {
  const body = { error: { code: 'rate_limited', message: MSG.tooManyRequests } };
  return Object.defineProperties(body, {
    statusCode: { value: statusCode, enumerable: false },
    code: { value: 'rate_limited', enumerable: false },
    message: { value: MSG.tooManyRequests, enumerable: false },
  }) as typeof body & RateLimitedError;
}

/** Options for `app.register(rateLimit, rateLimitPluginOptions(config))`. */
export function rateLimitPluginOptions(_config: RateLimitConfig): RateLimitPluginOptions {
  return {
    global: false,
    // The plugin's own defaults when a route gives no max or window; every limited route here
    // states both through limit().
    max: 100,
    timeWindow: '1 minute',
    // Retry-After and the x-ratelimit-* headers tell clients when to try again.
    addHeaders: {
      'x-ratelimit-limit': true,
      'x-ratelimit-remaining': true,
      'x-ratelimit-reset': true,
      'retry-after': true,
    },
    errorResponseBuilder: (_request, context) => rateLimitedError(context.statusCode),
  };
}
