import type { BookingRequest } from '#shared/schemas.ts';
import type { SmtpSink } from './smtp-sink.ts';

/*
 * A passenger and an administrator talking to a real server over HTTP, as a browser does: the
 * one-time code comes from the SMTP sink the server mails to. Shared by the process-level
 * tests (faults, scale-out, backup) and the benchmarks.
 */

/**
 * The fair-hold limits opened up, for servers that process tests and benchmarks drive from one
 * address to race or to load, not to abuse (the limits have tests of their own).
 */
export const OPEN_HOLD_LIMITS = {
  SEAT_HOLD_PER_IP: '1000000',
  SEAT_HOLD_MAX_SHARE: '1',
  EMAIL_VERIFICATIONS_PER_IP_HOUR: '1000000',
  EMAIL_VERIFICATIONS_PER_IP_DAY: '1000000',
  PENDING_BOOKINGS_PER_EMAIL: '1000000',
} as const;

/** Longer than any answer of a healthy server; a killed server shows up as a network error at once. */
export const REQUEST_TIMEOUT_MS = 60_000;

/** YYYY-MM-DD `days` after today in the demo's operator time zone. */
export function operatorDate(days: number, timeZone = 'Indian/Maldives'): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The wizard's booking body for `seats` on one leg, all local adults, paid in MVR. */
export function bookingRequest(opts: {
  scheduleId: string;
  travelDate: string;
  originId: string;
  destinationId: string;
  launchId: string;
  seats: string[];
  email: string;
  verificationToken: string;
  name?: string;
}): BookingRequest {
  return {
    scheduleId: opts.scheduleId,
    travelDate: opts.travelDate,
    originId: opts.originId,
    destinationId: opts.destinationId,
    launchId: opts.launchId,
    seats: opts.seats,
    tickets: [{ type: 'local', category: 'adult', quantity: opts.seats.length }],
    passenger: {
      name: opts.name ?? 'Aishath Mohamed Ali',
      email: opts.email,
      phone: '7771234',
      nationality: 'Maldivian',
      countryCode: '+960',
    },
    paymentCurrency: 'MVR',
    verificationToken: opts.verificationToken,
  };
}

const CODE = /\b(\d{6})\b/;

/** The six-digit code of the newest mail to `email` that carries one, waiting for it to arrive. */
export async function codeFromSink(sink: SmtpSink, email: string, timeoutMs = 30_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const mail of [...sink.received].reverse()) {
      if (!mail.to.includes(email)) continue;
      const body = mail.raw
        .split(/\r?\n\r?\n/)
        .slice(1)
        .join('\n');
      const code = CODE.exec(`${mail.subject ?? ''}\n${body}`)?.[1];
      if (code) return code;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no code mail reached ${email}`);
}

function postJson(base: string, url: string, body: unknown): Promise<Response> {
  return fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
}

/**
 * Verifies `email` as a passenger does: asks `requestOn` for a code, reads it from the sink and
 * sends it back to `verifyOn` (another instance, if given). Returns the verification token.
 */
export async function verifyEmailOverHttp(
  sink: SmtpSink,
  email: string,
  requestOn: string,
  verifyOn = requestOn,
): Promise<string> {
  const sent = await postJson(requestOn, '/api/email-codes', { email });
  if (sent.status !== 200) throw new Error(`code request: ${sent.status} ${await sent.text()}`);
  const code = await codeFromSink(sink, email);
  const verified = await postJson(verifyOn, '/api/email-codes/verify', { email, code });
  if (verified.status !== 200) throw new Error(`verify: ${verified.status} ${await verified.text()}`);
  return ((await verified.json()) as { verificationToken: string }).verificationToken;
}

/** Locks seats for a booking session; the answer is returned as it came. */
export function lockSeatsOverHttp(
  base: string,
  session: string,
  body: {
    scheduleId: string;
    travelDate: string;
    launchId: string;
    seats: string[];
    verificationToken: string;
  },
): Promise<Response> {
  return fetch(`${base}/api/seat-locks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, 'x-booking-session': session },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
}

/** Submits a booking (multipart, with the slip as a JPEG file) as the wizard's last step does. */
export function submitBookingOverHttp(
  base: string,
  booking: BookingRequest | string,
  slip: Uint8Array,
  headers: { session: string; idempotencyKey: string },
): Promise<Response> {
  const form = new FormData();
  form.append('booking', typeof booking === 'string' ? booking : JSON.stringify(booking));
  form.append('slip', new Blob([new Uint8Array(slip)], { type: 'image/jpeg' }), 'slip.jpg');
  return fetch(`${base}/api/bookings`, {
    method: 'POST',
    headers: {
      origin: base,
      'x-booking-session': headers.session,
      'idempotency-key': headers.idempotencyKey,
    },
    body: form,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
}

/** Signs in and returns the Cookie header value for later requests. */
export async function adminCookie(base: string, email: string, password: string): Promise<string> {
  const res = await postJson(base, '/api/auth/login', { email, password });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
