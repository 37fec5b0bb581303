// Our own HTTP header names (ARCHITECTURE.md section 3), shared by the web's requests and the
// server's schemas. Written in lower case: HTTP names are case-insensitive and Node.js hands the
// server every received name in lower case, so the server's header schemas key on these.

/** The wizard's per-run id (ARCHITECTURE.md section 8.13): whose seat locks a request may touch. */
export const BOOKING_SESSION_HEADER = 'x-booking-session';

/** POST /api/bookings: a retry with the same key gets the first answer (ARCHITECTURE.md 2.8). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
