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
// `npm run bench` measures them on the demo; `npm run bench:year` on the demo and on a year,
// where it hands over the year's departures and its own goals.
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { json } from './http.ts';
import type { Api, Trip } from './passenger.ts';
import { ms, type Section, table } from './report.ts';

const CONNECTIONS = 50;
const DAYS = 14;
const SEAT_MAP_DEPARTURES = 60;
const FIXED_SEARCH_RATE = 500;
/** A code mail waits for the mail queued before it (on a year, tomorrow's trip reminders). */
const CODE_MAIL_WAIT_MS = 180_000;
/** docs/product.md section 12: each mix's throughput as a share of /api/health's. */
export const MIX_TARGETS = { search: 0.6, seatMap: 0.5 };
const FIXED_P99_OVER_HEALTH_P99 = 3;

/** One departure of the seat-map mix: a schedule on a date, one of its launches, its first and last stop. */
export type Departure = {
  scheduleId: string;
  travelDate: string;
  launchId: string;
  from: string;
  to: string;
};

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
  /**
   * The departures the seat-map mix picks its 60 from (none departing today). By default those
   * the searches find, with trips added for tomorrow when there are fewer than 60.
   */
  departures?: Departure[];
  /** The mixes' goals as shares of /api/health; docs/product.md section 12's by default. */
  targets?: { search: number; seatMap: number };
};

/** One mix over the rounds: its throughput as a share of the same round's /api/health. */
export type MixFigure = {
  name: string;
  /** The median round's share, and the lowest and highest. */
  median: number;
  min: number;
  max: number;
  /** Errors, timeouts and non-2xx answers over every round. */
  errors: number;
  target: number;
  met: boolean;
};

/** The printed section, and each mix's figure for a caller that compares runs. */
export type MixSection = Section & { search: MixFigure; seatMap: MixFigure };

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

/** Today in the operator's time zone. */
const operatorToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Indian/Maldives' }).format(new Date());

/** Every date x From x To search of the next 14 days. */
async function searchesOf(api: Api, today: string): Promise<string[]> {
  const locations = await json<Array<{ id: string; name: string }>>(`${api.url}/api/locations`);
  const searches: string[] = [];
  for (let day = 0; day < DAYS; day++) {
    const date = addDays(today, day);
    for (const from of locations) {
      for (const to of locations) {
        if (from.id !== to.id) searches.push(`/api/trips?date=${date}&from=${from.id}&to=${to.id}`);
      }
    }
  }
  return searches;
}

/** The departures (schedule x launch) the searches find, but today's and other sections'. */
async function foundDepartures(
  api: Api,
  searches: string[],
  today: string,
  otherSections: Set<string>,
): Promise<Departure[]> {
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
  return [...departures.values()];
}

/**
 * 60 of the departures for the seat-map mix (the admin adds trips for tomorrow when there are
 * fewer), a third of them with live locks and one with a booking.
 */
async function seatMapsOf(
  api: Api,
  departures: Departure[],
  slip: Buffer,
  today: string,
): Promise<{ seatMaps: string[]; notes: string[] }> {
  const notes: string[] = [];
  await api.logIn();
  const all = [...departures];
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
    if (i % 15 === 0) {
      const asked = performance.now();
      token = await api.verifiedToken(`mix-${randomUUID()}@example.com`, CODE_MAIL_WAIT_MS);
      const waited = performance.now() - asked;
      // The outbox may hold mail queued before the code (on a year, the trip reminders): said.
      if (waited > 5000) {
        notes.push(
          `a verification code mail took ${ms(waited)} ms to arrive: mail queued before it went first`,
        );
      }
    }
    const map = await api.seatMap(asTrip(d), randomUUID());
    // The seats still free: on a year's departures most are sold.
    const labels = [...map].filter(([, state]) => state === 'available').map(([label]) => label);
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
  return { seatMaps, notes };
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

export async function benchMixes(api: Api, opts: MixOptions): Promise<MixSection> {
  const today = operatorToday();
  const otherSections = new Set(opts.otherSections);
  const searches = await searchesOf(api, today);
  const departures = opts.departures
    ? opts.departures.filter((d) => d.travelDate > today && !otherSections.has(d.scheduleId))
    : await foundDepartures(api, searches, today, otherSections);
  const { seatMaps, notes } = await seatMapsOf(api, departures, opts.slip, today);
  const targets = opts.targets ?? MIX_TARGETS;
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
  const figure = (index: number, target: number): MixFigure => {
    const values = ratios(index);
    const mid = median(values);
    const errors = rounds.reduce((sum, r) => sum + (r[index]?.errors ?? 0) + (r[index]?.non2xx ?? 0), 0);
    return {
      name: loads[index]?.name ?? '',
      median: mid,
      min: Math.min(...values),
      max: Math.max(...values),
      errors,
      target,
      met: mid >= target && clean,
    };
  };
  const search = figure(1, targets.search);
  const seatMap = figure(2, targets.seatMap);
  const summary = (label: string, f: MixFigure) =>
    `${label}: ${f.median.toFixed(2)} of /api/health (median of ${opts.rounds} rounds; ` +
    `${f.min.toFixed(2)}-${f.max.toFixed(2)}), target >= ${f.target.toFixed(1)}: ${verdict(f.met)}`;
  const verdicts = [
    summary('search mix', search),
    summary('seat-map mix', seatMap),
    ...(fixed
      ? [
          `search at ${FIXED_SEARCH_RATE} req/s: p99 ${ms(fixed.p99)} ms, target <= ` +
            `${FIXED_P99_OVER_HEALTH_P99} x ${ms(healthP99)} ms (unthrottled /api/health p99, median) = ` +
            `${ms(FIXED_P99_OVER_HEALTH_P99 * healthP99)} ms: ` +
            verdict(fixed.p99 <= FIXED_P99_OVER_HEALTH_P99 * healthP99 && clean),
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
      ...verdicts,
      ...notes.map((n) => `Note: ${n}`),
    ],
    failures,
    search,
    seatMap,
  };
}
