// Booking submission with a 2 MB slip: passengers verify their e-mail (code read from the SMTP
// sink) and lock distinct seats first; then the submissions alone are timed, a few at a time,
// while trip search runs at a moderate fixed rate beside them.
import { randomUUID } from 'node:crypto';
import { percentile } from './http.ts';
import { measureWarm, startLoad } from './load.ts';
import type { Api, Trip } from './passenger.ts';
import { ms, type Section, table } from './report.ts';

const SEATS_EACH = 2;

async function inBatches<T>(count: number, width: number, work: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, count) }, async () => {
      while (next < count) {
        const i = next++;
        out[i] = await work(i);
      }
    }),
  );
  return out;
}

export async function benchSubmit(
  api: Api,
  trip: Trip,
  opts: {
    bookings: number;
    concurrency: number;
    slip: Buffer;
    slipKind: string;
    searchRate: number;
    seconds: number;
  },
): Promise<Section> {
  const seatsNeeded = opts.bookings * SEATS_EACH;
  if (seatsNeeded > trip.seats.length) throw new Error(`${opts.bookings} bookings need ${seatsNeeded} seats`);
  const search = `/api/trips?date=${trip.travelDate}&from=${trip.originId}&to=${trip.destinationId}`;

  const prepared = await inBatches(opts.bookings, 8, async (i) => {
    const email = `bench-${randomUUID()}@example.com`;
    const session = randomUUID();
    const seats = trip.seats.slice(i * SEATS_EACH, (i + 1) * SEATS_EACH);
    const token = await api.verifiedToken(email);
    const lock = await api.lockSeats(trip, session, seats, token);
    if (lock.status !== 200) throw new Error(`seat lock failed: ${lock.status} ${lock.body}`);
    return { session, form: api.bookingBody(trip, { seats, email, token, slip: opts.slip }) };
  });

  const idle = await measureWarm(api.url, search, { rate: opts.searchRate, seconds: opts.seconds });
  const load = startLoad(api.url, search, { rate: opts.searchRate, seconds: 600 });
  const started = performance.now();
  const answers = await inBatches(opts.bookings, opts.concurrency, (i) => {
    const p = prepared[i];
    if (!p) throw new Error('missing prepared booking');
    return api.submitBooking(p.session, p.form);
  });
  const wallS = (performance.now() - started) / 1000;
  load.stop();
  const busy = await load.done;

  const created = answers.filter((a) => a.status === 201);
  const latencies = created.map((a) => a.ms);
  const failures: string[] = [];
  const failed = answers.filter((a) => a.status !== 201);
  if (failed.length > 0) {
    failures.push(`${failed.length} submissions failed: ${failed.map((a) => `${a.status} ${a.body}`)[0]}`);
  }
  for (const [name, row] of [
    ['idle', idle],
    ['during uploads', busy],
  ] as const) {
    if (row.errors > 0 || row.non2xx > 0)
      failures.push(`search ${name}: ${row.errors} errors, ${row.non2xx} non-2xx`);
  }
  // The booked seats must show as occupied to everyone.
  const map = await api.seatMap(trip, randomUUID());
  const occupied = trip.seats.slice(0, seatsNeeded).filter((s) => map.get(s) === 'occupied').length;
  if (occupied !== created.length * SEATS_EACH) {
    failures.push(`${occupied} seats occupied after ${created.length} bookings of ${SEATS_EACH}`);
  }

  const mb = (opts.slip.length / 1024 / 1024).toFixed(2);
  return {
    title: `Booking submission with a ${mb} MB ${opts.slipKind} JPEG slip (${opts.bookings} bookings of ${SEATS_EACH} seats, ${opts.concurrency} at a time)`,
    lines: [
      ...table(
        ['bookings', 'created', 'p50 ms', 'p95 ms', 'max ms', 'bookings/s', 'seats occupied after'],
        [
          [
            opts.bookings,
            created.length,
            ms(percentile(latencies, 50)),
            ms(percentile(latencies, 95)),
            ms(Math.max(...latencies)),
            (created.length / wallS).toFixed(1),
            `${occupied} of ${seatsNeeded}`,
          ],
        ],
      ),
      '',
      ...table(
        ['trip search at a fixed rate', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'non-2xx'],
        [
          ['idle', idle.rps, ms(idle.p50), ms(idle.p99), idle.errors, idle.non2xx],
          ['during the uploads', busy.rps, ms(busy.p50), ms(busy.p99), busy.errors, busy.non2xx],
        ],
      ),
    ],
    failures,
  };
}
