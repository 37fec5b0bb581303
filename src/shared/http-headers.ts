// Our own HTTP header names (the HTTP API in docs/architecture.md), shared by the web's requests and the
// server's schemas. Written in lower case: HTTP names are case-insensitive and Node.js hands the
// server every received name in lower case, so the server's header schemas key on these.

/** The wizard's per-run id (docs/product.md section 10.13): whose seat locks a request may touch. */
export const BOOKING_SESSION_HEADER = 'x-booking-session';

/** POST /api/bookings: a retry with the same key gets the first answer (docs/product.md section 11.8). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
