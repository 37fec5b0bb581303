// What the bench does through the public and admin API, as a browser would: sign in as the
// operator to add a launch and trips, verify a passenger's e-mail with the code from the mail,
// lock seats and submit a booking with a payment slip.
import { randomBytes, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { SmtpSink } from '../tests/setup/smtp-sink.ts';
import { type Answer, json, request } from './http.ts';
import { ADMIN } from './server.ts';

export type Trip = {
  scheduleId: string;
  travelDate: string;
  launchId: string;
  originId: string;
  destinationId: string;
  seats: string[];
};

export class Api {
  private cookie = '';
  readonly url: string;
  readonly sink: SmtpSink;

  constructor(url: string, sink: SmtpSink) {
    this.url = url;
    this.sink = sink;
  }

  /** Same-origin header the server's cross-site check asks for on every state change. */
  get origin(): Record<string, string> {
    return { origin: this.url };
  }

  async logIn(): Promise<void> {
    const res = await request(`${this.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...this.origin },
      body: JSON.stringify(ADMIN),
    });
    if (res.status !== 200) throw new Error(`admin login failed: ${res.status} ${res.body}`);
    const setCookie = res.headers['set-cookie'] ?? [];
    this.cookie = setCookie.map((c) => c.split(';')[0]).join('; ');
  }

  /** A request as the signed-in Owner, answered whatever its status. */
  adminRequest(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> {
    return request(`${this.url}${path}`, {
      method,
      headers: {
        cookie: this.cookie,
        ...this.origin,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }

  /** A multipart upload as the signed-in Owner, answered whatever its status. */
  adminUpload(path: string, payload: Buffer, headers: Record<string, string>): Promise<Answer> {
    return request(`${this.url}${path}`, {
      method: 'POST',
      headers: { cookie: this.cookie, ...this.origin, ...headers },
      body: payload,
    });
  }

  private admin<T>(path: string, body: unknown): Promise<T> {
    return json<T>(`${this.url}${path}`, {
      method: 'POST',
      headers: { cookie: this.cookie, ...this.origin },
      body,
    });
  }

  /** A launch with `capacity` seats (S1..Sn) and one trip on it between two seeded stops, per departure time. */
  async addTrips(opts: { capacity: number; travelDate: string; times: string[] }): Promise<Trip[]> {
    const locations = await json<Array<{ id: string; name: string }>>(`${this.url}/api/locations`);
    const [from, to] = locations;
    if (!from || !to) throw new Error('the demo seed has fewer than two locations');
    const seats = Array.from({ length: opts.capacity }, (_, i) => `S${i + 1}`);
    const launch = await this.admin<{ id: string }>('/api/admin/launches', {
      name: `Bench ${opts.capacity} ${randomUUID().slice(0, 8)}`,
      capacity: opts.capacity,
      seatNumbers: seats,
      status: 'active',
    });
    const trips: Trip[] = [];
    for (const time of opts.times) {
      const schedule = await this.admin<{ id: string }>('/api/admin/schedules', {
        travelDate: opts.travelDate,
        launchIds: [launch.id],
        routeStops: [
          { locationId: from.id, departureTime: time },
          // The arrival, an hour later (times are on the hour or half hour before 23:00).
          { locationId: to.id, departureTime: arrival(time) },
        ],
      });
      trips.push({
        scheduleId: schedule.id,
        travelDate: opts.travelDate,
        launchId: launch.id,
        originId: from.id,
        destinationId: to.id,
        seats,
      });
    }
    return trips;
  }

  /**
   * Requests a code, waits for its mail in the sink (at most `waitMs`: the outbox sends in the
   * order mail was queued, so a code waits for any mail due before it) and sends it back.
   */
  async verifiedToken(email: string, waitMs = 30_000): Promise<string> {
    await json(`${this.url}/api/email-codes`, { method: 'POST', headers: this.origin, body: { email } });
    const deadline = Date.now() + waitMs;
    let code: string | undefined;
    while (!code && Date.now() < deadline) {
      const mail = this.sink.received.find((m) => m.to.includes(email));
      code = /\b(\d{6})\b/.exec(`${mail?.subject ?? ''} ${mail?.raw ?? ''}`)?.[1];
      if (!code) await new Promise((r) => setTimeout(r, 20));
    }
    if (!code) throw new Error(`no code mail reached ${email}`);
    const { verificationToken } = await json<{ verificationToken: string }>(
      `${this.url}/api/email-codes/verify`,
      { method: 'POST', headers: this.origin, body: { email, code } },
    );
    return verificationToken;
  }

  /** A lock needs step 2's verification token (one verified e-mail can serve many sessions). */
  lockSeats(trip: Trip, session: string, seats: string[], verificationToken: string) {
    return request(`${this.url}/api/seat-locks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-booking-session': session, ...this.origin },
      body: JSON.stringify({
        scheduleId: trip.scheduleId,
        travelDate: trip.travelDate,
        launchId: trip.launchId,
        seats,
        verificationToken,
      }),
    });
  }

  async seatMap(trip: Trip, session: string): Promise<Map<string, string>> {
    const query = `date=${trip.travelDate}&launchId=${trip.launchId}`;
    const map = await json<{ seats: Array<{ label: string; state: string }> }>(
      `${this.url}/api/trips/${trip.scheduleId}/seats?${query}`,
      { headers: { 'x-booking-session': session } },
    );
    return new Map(map.seats.map((s) => [s.label, s.state]));
  }

  /** The multipart body the wizard sends; built ahead so only the upload itself is timed. */
  bookingBody(trip: Trip, opts: { seats: string[]; email: string; token: string; slip: Buffer }) {
    const booking = {
      scheduleId: trip.scheduleId,
      travelDate: trip.travelDate,
      originId: trip.originId,
      destinationId: trip.destinationId,
      launchId: trip.launchId,
      seats: opts.seats,
      tickets: [{ type: 'local', category: 'adult', quantity: opts.seats.length }],
      passenger: {
        name: 'Aishath Mohamed Ali',
        email: opts.email,
        phone: '7771234',
        nationality: 'Maldivian',
        countryCode: '+960',
      },
      paymentCurrency: 'MVR',
      verificationToken: opts.token,
    };
    const boundary = `----bench${randomBytes(12).toString('hex')}`;
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="booking"\r\n\r\n${JSON.stringify(booking)}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="slip"; filename="slip.jpg"\r\n` +
          'Content-Type: image/jpeg\r\n\r\n',
      ),
      opts.slip,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { body, contentType: `multipart/form-data; boundary=${boundary}` };
  }

  submitBooking(session: string, form: { body: Buffer; contentType: string }) {
    return request(`${this.url}/api/bookings`, {
      method: 'POST',
      headers: {
        'content-type': form.contentType,
        'x-booking-session': session,
        'idempotency-key': `bench-${randomUUID()}`,
        ...this.origin,
      },
      body: form.body,
    });
  }

  /** Verifies an e-mail, locks the seats and books them; returns the booking reference. */
  async book(trip: Trip, seats: string[], slip: Buffer): Promise<string> {
    const email = `bench-${randomUUID()}@example.com`;
    const session = randomUUID();
    const token = await this.verifiedToken(email);
    const lock = await this.lockSeats(trip, session, seats, token);
    if (lock.status !== 200) throw new Error(`seat lock failed: ${lock.status} ${lock.body}`);
    const res = await this.submitBooking(session, this.bookingBody(trip, { seats, email, token, slip }));
    if (res.status !== 201) throw new Error(`booking failed: ${res.status} ${res.body}`);
    return (JSON.parse(res.body) as { reference: string }).reference;
  }
}

/**
 * A real JPEG of about `bytes`, as a phone takes it: `photo` is a 3000x2250 picture (a gradient
 * with sensor-like grain, the grain tuned until the file has the size); `noise` is pure random
 * noise, the worst case for the server's re-encoding (it never compresses below the slip limit).
 */
export async function slipJpeg(bytes: number, kind: 'photo' | 'noise'): Promise<Buffer> {
  if (kind === 'noise') {
    let side = Math.round(Math.sqrt(bytes / 1.2));
    let jpeg = Buffer.alloc(0);
    for (let i = 0; i < 4; i++) {
      const pixels = randomBytes(side * side * 3);
      jpeg = await sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
        .jpeg({ quality: 80 })
        .toBuffer();
      if (Math.abs(jpeg.length - bytes) / bytes < 0.05) break;
      side = Math.round(side * Math.sqrt(bytes / jpeg.length));
    }
    return jpeg;
  }
  const width = 3000;
  const height = 2250;
  const grain = randomBytes(width * height * 3);
  const encode = (amplitude: number) => {
    const pixels = Buffer.alloc(width * height * 3);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 3;
        const base = [200 - (y * 60) / height, 190 + (x * 40) / width, 180];
        for (let c = 0; c < 3; c++) {
          const g = (((grain[i + c] as number) - 128) / 128) * amplitude;
          pixels[i + c] = Math.max(0, Math.min(255, Math.round((base[c] as number) + g)));
        }
      }
    }
    return sharp(pixels, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 90 })
      .toBuffer();
  };
  let [low, high] = [0, 64];
  let jpeg = await encode(high);
  for (let i = 0; i < 7 && Math.abs(jpeg.length - bytes) / bytes >= 0.05; i++) {
    const mid = (low + high) / 2;
    jpeg = await encode(mid);
    if (jpeg.length > bytes) high = mid;
    else low = mid;
  }
  return jpeg;
}

/** Tomorrow in the operator's time zone, so no departure has passed while the bench runs. */
export function tomorrow(timeZone = 'Indian/Maldives'): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(Date.now() + 24 * 3600 * 1000));
}

/** 'HH:MM' an hour later. */
const arrival = (time: string) =>
  `${String(Number(time.slice(0, 2)) + 1).padStart(2, '0')}${time.slice(2, 5)}`;
