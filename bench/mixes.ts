// Realistic read mixes, unthrottled (docs/product.md section 12): 50 connections send requests as
// fast as the server answers, each request picking a random URL, and the throughput is compared
// with /api/health measured the same way in the same run: in rounds of health, search mix and
// seat-map mix, each mix against its round's health, and the median round decides.
//
// - search mix: every date x From x To search of the next 14 days (the demo's 5 stops: 280);
// - seat-map mix: the seat maps of 60 departures (schedule x launch), each request with a fresh
//   X-Booking-Session, as a new passenger on step 4 sends it; some departures carry live locks
//   and a booking, so the maps show every state;
// - on PGlite, search at a fixed 500 req/s, whose p99 must stay within 3x the p99 of the
//   unthrottled /api/health.
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { json } from './http.ts';
import type { Api, Trip } from './passenger.ts';
import { ms, type Section, table } from './report.ts';

const CONNECTIONS = 50;
const DAYS = 14;
const SEAT_MAP_DEPARTURES = 60;
const FIXED_SEARCH_RATE = 500;
const TARGETS = { search: 0.6, seatMap: 0.5, fixedP99OverHealthP99: 3 };

export type MixOptions = {
  /** Length of each measured run. */
  seconds: number;
  /** Turns of health, search mix and seat-map mix. */
  rounds: number;
  /** Run the fixed-rate search (the target is set on PGlite). */
  fixedRate: boolean;
  slip: Buffer;
  /** Trips other sections race or book on: their seats are left alone. */
  otherSections: string[];
};

type Row = {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  non2xx: number;
};

type Picker = () => { path: string; headers?: Record<string, string> };

function run(
  url: string,
  name: string,
  pick: Picker,
  opts: { seconds: number; rate?: number },
): Promise<Row> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: opts.seconds,
        ...(opts.rate ? { overallRate: opts.rate } : {}),
        requests: [
          {
            setupRequest: (req) => {
              const next = pick();
              return { ...req, path: next.path, headers: { ...req.headers, ...next.headers } };
            },
          },
        ],
      },
      (err, result) => {
        if (err) {
          reject(err);
          return;
        }
        resolve({
          name,
          rps: result.requests.average,
          p50: result.latency.p50,
          p99: result.latency.p99,
          requests: result.requests.total,
          errors: result.errors + result.timeouts,
          non2xx: result.non2xx,
        });
      },
    );
  });
}

/** A discarded warm-up, then the measured run. */
async function measure(url: string, name: string, pick: Picker, opts: { seconds: number; rate?: number }) {
  await run(url, name, pick, { ...opts, seconds: Math.min(5, opts.seconds) });
  return run(url, name, pick, opts);
}

const random = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

type Departure = { scheduleId: string; travelDate: string; launchId: string; from: string; to: string };

/**
 * Every search of the next 14 days, and the departures (schedule x launch) they find. When the
 * data has fewer than 60, the admin adds trips for tomorrow until it has.
 */
async function prepare(api: Api, slip: Buffer, otherSections: Set<string>) {
  const locations = await json<Array<{ id: string; name: string }>>(`${api.url}/api/locations`);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Indian/Maldives' }).format(new Date());
  const searches: string[] = [];
  for (let day = 0; day < DAYS; day++) {
    const date = addDays(today, day);
    for (const from of locations) {
      for (const to of locations) {
        if (from.id !== to.id) searches.push(`/api/trips?date=${date}&from=${from.id}&to=${to.id}`);
      }
    }
  }
  const departures = new Map<string, Departure>();
  let found = 0;
  for (const search of searches) {
    const trips = await json<
      Array<{
        scheduleId: string;
        travelDate: string;
        from: { id: string };
        to: { id: string };
        launchIds: string[];
      }>
    >(`${api.url}${search}`);
    found += trips.length;
    for (const trip of trips) {
      for (const launchId of trip.launchIds) {
        const key = `${trip.scheduleId}|${launchId}`;
        // Departing today: it may leave while the bench runs; the other days are plenty. The
        // race and submission trips are not touched: this section locks seats.
        if (trip.travelDate === today || departures.has(key) || otherSections.has(trip.scheduleId)) continue;
        departures.set(key, { ...trip, launchId, from: trip.from.id, to: trip.to.id });
      }
    }
  }
  if (found === 0) throw new Error('no search of the next 14 days found a trip');

  await api.logIn();
  const all = [...departures.values()];
  if (all.length < SEAT_MAP_DEPARTURES) {
    const missing = SEAT_MAP_DEPARTURES - all.length;
    const times = Array.from({ length: missing }, (_, i) => {
      const minutes = 6 * 60 + i * 10;
      return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    });
    const added = await api.addTrips({ capacity: 36, travelDate: addDays(today, 1), times });
    for (const t of added) {
      all.push({ ...t, from: t.originId, to: t.destinationId });
    }
  }
  const chosen = all.sort(() => Math.random() - 0.5).slice(0, SEAT_MAP_DEPARTURES);

  // Some passengers are mid-booking (live locks) and one booking holds seats, on a third of them.
  // One e-mail may hold only so many seats: a new passenger every few departures.
  let token = '';
  const seatsOf = new Map<string, string[]>();
  for (const [i, d] of chosen.entries()) {
    if (i % 3 !== 0) continue;
    if (i % 15 === 0) token = await api.verifiedToken(`mix-${randomUUID()}@example.com`);
    const map = await api.seatMap(asTrip(d), randomUUID());
    const labels = [...map.keys()];
    seatsOf.set(`${d.scheduleId}|${d.launchId}`, labels);
    const lock = await api.lockSeats(asTrip(d), randomUUID(), labels.slice(0, 2), token);
    if (lock.status !== 200) throw new Error(`seat lock failed: ${lock.status} ${lock.body}`);
  }
  const booked = chosen[0];
  const bookedSeats = booked ? seatsOf.get(`${booked.scheduleId}|${booked.launchId}`) : undefined;
  if (booked && bookedSeats && bookedSeats.length > 3) {
    await api.book(asTrip(booked, bookedSeats), bookedSeats.slice(2, 4), slip);
  }
  const seatMaps = chosen.map(
    (d) => `/api/trips/${d.scheduleId}/seats?date=${d.travelDate}&launchId=${d.launchId}`,
  );
  return { searches, seatMaps, found };
}

function asTrip(d: Departure, seats: string[] = []): Trip {
  return {
    scheduleId: d.scheduleId,
    travelDate: d.travelDate,
    launchId: d.launchId,
    originId: d.from,
    destinationId: d.to,
    seats,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

export async function benchMixes(api: Api, opts: MixOptions): Promise<Section> {
  const { searches, seatMaps } = await prepare(api, opts.slip, new Set(opts.otherSections));
  const url = api.url;
  const loads: Array<{ name: string; pick: Picker }> = [
    { name: '/api/health', pick: () => ({ path: '/api/health' }) },
    { name: `search mix (${searches.length} searches)`, pick: () => ({ path: random(searches) }) },
    {
      name: `seat-map mix (${seatMaps.length} departures)`,
      pick: () => ({ path: random(seatMaps), headers: { 'x-booking-session': randomUUID() } }),
    },
  ];
  // Warm every load once, then measure them in turns: each mix against the health run just
  // before it, so a machine that gets busier or quieter half-way moves both alike.
  const seconds = opts.seconds;
  for (const load of loads) await run(url, load.name, load.pick, { seconds: 3 });
  const rounds: Row[][] = [];
  for (let i = 0; i < opts.rounds; i++) {
    const round: Row[] = [];
    for (const load of loads) round.push(await run(url, load.name, load.pick, { seconds }));
    rounds.push(round);
  }
  const searchPick = loads[1]?.pick as Picker;
  const fixed = opts.fixedRate
    ? await measure(url, `search mix at ${FIXED_SEARCH_RATE} req/s`, searchPick, {
        seconds: seconds * 2,
        rate: FIXED_SEARCH_RATE,
      })
    : undefined;

  const ratios = (index: number) => rounds.map((r) => (r[index]?.rps ?? 0) / (r[0]?.rps ?? 1));
  const healthP99 = median(rounds.map((r) => r[0]?.p99 ?? Number.NaN));
  const rows = rounds.flat();
  if (fixed) rows.push(fixed);
  const failures: string[] = [];
  for (const r of rows) {
    if (r.errors > 0 || r.non2xx > 0) failures.push(`${r.name}: ${r.errors} errors, ${r.non2xx} non-2xx`);
  }
  const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
  const clean = rows.every((r) => r.errors === 0 && r.non2xx === 0);
  const summary = (label: string, index: number, target: number) => {
    const values = ratios(index);
    const mid = median(values);
    return (
      `${label}: ${mid.toFixed(2)} of /api/health (median of ${values.length} rounds; ` +
      `${Math.min(...values).toFixed(2)}-${Math.max(...values).toFixed(2)}), target >= ${target}: ` +
      verdict(mid >= target && clean)
    );
  };
  const targets = [
    summary('search mix', 1, TARGETS.search),
    summary('seat-map mix', 2, TARGETS.seatMap),
    ...(fixed
      ? [
          `search at ${FIXED_SEARCH_RATE} req/s: p99 ${ms(fixed.p99)} ms, target <= ` +
            `${TARGETS.fixedP99OverHealthP99} x ${ms(healthP99)} ms (unthrottled /api/health p99, median) = ` +
            `${ms(TARGETS.fixedP99OverHealthP99 * healthP99)} ms: ` +
            verdict(fixed.p99 <= TARGETS.fixedP99OverHealthP99 * healthP99 && clean),
        ]
      : []),
  ];
  return {
    title:
      `Read mixes, unthrottled, ${CONNECTIONS} connections, ${opts.rounds} rounds of ${seconds} s ` +
      'per load after a warm-up, against the same round’s /api/health',
    lines: [
      ...table(
        ['round', 'load', 'req/s', 'of /api/health', 'p50 ms', 'p99 ms', 'requests', 'errors', 'non-2xx'],
        [
          ...rounds.flatMap((round, i) =>
            round.map((r, j) => [
              i + 1,
              r.name,
              Math.round(r.rps),
              j === 0 ? '-' : (r.rps / (round[0]?.rps ?? 1)).toFixed(2),
              ms(r.p50),
              ms(r.p99),
              r.requests,
              r.errors,
              r.non2xx,
            ]),
          ),
          ...(fixed
            ? [
                [
                  '-',
                  fixed.name,
                  Math.round(fixed.rps),
                  '-',
                  ms(fixed.p50),
                  ms(fixed.p99),
                  fixed.requests,
                  fixed.errors,
                  fixed.non2xx,
                ],
              ]
            : []),
        ],
      ),
      '',
      ...targets,
    ],
    failures,
  };
}
