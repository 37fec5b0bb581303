// The office screens and the public reads on a year of a busy operator (bench/year-seed.ts),
// against the same measurements on the demo's data first, each against the same run's
// /api/health: the reads one request after another, the statement import, and the public read
// mixes of `npm run bench` (bench/mixes.ts) unthrottled against the same round's /api/health.
// Timing goals live here, never in tests.
// Usage: npm run bench:year
//   env: BENCH_DB=pglite|postgresql (pglite by default) BENCH_DATABASE_URL=postgres://... (emptied)
//        BENCH_YEAR_SAMPLES=15 BENCH_PORT=3190
//        BENCH_MIX_SECONDS=5 BENCH_MIX_ROUNDS=3 (the read mixes, as in `npm run bench`)
//        BENCH_YEAR_SCALE: the share of the full year's departures a day (1 on PostgreSQL, 0.1 on PGlite)
//        BENCH_YEAR_REUSE=1: skip the demo and the seeding, measure the year the last run left
//        (PostgreSQL only; the server's start migrates it first, which is timed; the last
//        run's statement and waiting bookings are deleted before the import runs again)
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { openDatabase } from '#server/db/client.ts';
import { buildIsStale, buildWeb } from '../scripts/web-build.ts';
import { startSmtpSink } from '../tests/setup/smtp-sink.ts';
import { closeConnections, percentile, request } from './http.ts';
import { benchMixes, type Departure, MIX_TARGETS, type MixFigure, type MixSection } from './mixes.ts';
import { Api, tomorrow } from './passenger.ts';
import { ms, printSection, table } from './report.ts';
import { type BenchDatabase, pgliteDatabase, postgresDatabase, startBenchServer } from './server.ts';
import { benchStatements, STATEMENT_GOAL_MS, seedWaitingBookings } from './statements.ts';
import { FULL_YEAR, seededDepartures, seedYear } from './year-seed.ts';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.BENCH_PORT ?? 3190);
const samples = Number(process.env.BENCH_YEAR_SAMPLES ?? 15);
const HEALTH_SAMPLES = 50;
/** An endpoint slower than this in total is sampled fewer times (at least once). */
const ENDPOINT_BUDGET_MS = 20_000;
/** Each figure's goal: its p99 (the import's one time) at most `ms`, and at most `overDemo` x the demo's. */
type Goal = { ms: number; overDemo: number };
const READ_GOAL: Goal = { ms: 1000, overDemo: 3 };
/** The import of 10,000 lines is a write of seconds: the `statements` section's goal. */
const IMPORT_GOAL: Goal = { ms: STATEMENT_GOAL_MS, overDemo: 3 };
const mixSeconds = Number(process.env.BENCH_MIX_SECONDS ?? 5);
const mixRounds = Number(process.env.BENCH_MIX_ROUNDS ?? 3);
const reuse = process.env.BENCH_YEAR_REUSE === '1';

const which = (process.env.BENCH_DB ?? 'pglite').toLowerCase();
if (which === 'postgresql' && !process.env.BENCH_DATABASE_URL) {
  throw new Error('BENCH_DB=postgresql needs BENCH_DATABASE_URL');
}
const db: BenchDatabase =
  which === 'postgresql' ? postgresDatabase(process.env.BENCH_DATABASE_URL as string) : pgliteDatabase();
if (reuse && db.name !== 'PostgreSQL') throw new Error('BENCH_YEAR_REUSE needs BENCH_DB=postgresql');
const scale = Number(process.env.BENCH_YEAR_SCALE ?? (db.name === 'PGlite' ? 0.1 : 1));
const shape = { ...FULL_YEAR, departuresPerDay: Math.max(1, Math.round(FULL_YEAR.departuresPerDay * scale)) };
/**
 * The mixes' goals, as shares of /api/health's throughput: on PostgreSQL the year's own; on
 * PGlite those of `npm run bench` (docs/product.md section 12).
 */
const MIX_GOALS = db.name === 'PostgreSQL' ? { search: 1.0, seatMap: 0.7 } : MIX_TARGETS;

if (buildIsStale(path.join(root, 'dist')) && !buildWeb(path.join(root, 'dist'))) process.exit(1);

type Figure = { name: string; p50: number; p99: number; n: number; status: string; goal: Goal };
type Run = { health: Figure; figures: Figure[]; notes: string[]; mixes?: MixSection };

const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

async function sample(
  name: string,
  next: (i: number) => Promise<{ status: number; ms: number; body: string }>,
  count = samples,
): Promise<Figure> {
  const times: number[] = [];
  const statuses = new Set<number>();
  let spent = 0;
  for (let i = 0; i < count; i++) {
    const answer = await next(i);
    times.push(answer.ms);
    if (answer.status >= 300 && !statuses.has(answer.status)) {
      console.log(`  ${name}: ${answer.status} ${answer.body.slice(0, 300)}`);
    }
    statuses.add(answer.status);
    spent += answer.ms;
    if (spent > ENDPOINT_BUDGET_MS) break;
  }
  return {
    name,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    n: times.length,
    status: [...statuses].join('/'),
    goal: READ_GOAL,
  };
}

/**
 * PostgreSQL: waits (up to 3 minutes) until the outbox holds no pending mail. A year's start
 * queues tomorrow's 1,200 day-before reminders, sent for minutes beside the first reads: a
 * burst once a day, not the light load these figures are of. PGlite is held by the server.
 */
async function outboxDrained(): Promise<void> {
  if (db.name !== 'PostgreSQL') return;
  const client = new pg.Client({ connectionString: db.env.DATABASE_URL });
  await client.connect();
  try {
    const started = performance.now();
    for (;;) {
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from mail_outbox where status = 'pending'`,
      );
      if ((rows[0]?.n ?? 0) === 0 || performance.now() - started > 180_000) {
        console.log(`outbox: ${rows[0]?.n ?? 0} pending after ${ms(performance.now() - started)} ms`);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  } finally {
    await client.end();
  }
}

/** Every measured read, one request after another, as the owner signed in through the real login. */
async function measure(api: Api, label: string): Promise<Run> {
  await api.logIn();
  // A public read with its own headers (the seat map's booking session) goes without the cookie.
  const get = (url: string, headers?: Record<string, string>) =>
    headers ? request(`${api.url}${url}`, { headers }) : api.adminRequest('GET', url);
  const notes: string[] = [];
  // The first year's report after the start, before anything is measured: the closed days not
  // kept yet (a fresh database, or the start's job still keeping them) are read from the tables
  // then, once, and the reads below do not run beside that.
  const today = new Date().toISOString().slice(0, 10);
  const probe = await get(`/api/admin/reports/summary?from=${addDays(today, -365)}&to=${today}`);
  if (probe.status !== 404) {
    notes.push(
      `${label}: the first year's report after the start took ${ms(probe.ms)} ms (the closed days not yet kept read from the tables); the figures below are of the days kept.`,
    );
  }
  await outboxDrained();
  // Warm-up: the first requests of a fresh process compile their code paths.
  for (let i = 0; i < 20; i++) await get('/api/health');
  const health = await sample('/api/health', () => get('/api/health'), HEALTH_SAMPLES);

  // A pair of places with departures tomorrow, and the departures of the next days between them.
  const locations = JSON.parse((await get('/api/locations')).body) as Array<{ id: string }>;
  let pair: { from: string; to: string } | undefined;
  for (const from of locations) {
    for (const to of locations) {
      if (pair || from.id === to.id) continue;
      const found = JSON.parse(
        (await get(`/api/trips?date=${addDays(today, 1)}&from=${from.id}&to=${to.id}`)).body,
      ) as unknown[];
      if (Array.isArray(found) && found.length > 0) pair = { from: from.id, to: to.id };
    }
  }
  if (!pair) throw new Error('no departure tomorrow between any two places');
  const { from, to } = pair;
  type Trip = { scheduleId: string; travelDate: string; launchIds: string[] };
  const trips: Trip[] = [];
  for (let d = 1; d <= 14 && trips.length < samples; d++) {
    const found = JSON.parse(
      (await get(`/api/trips?date=${addDays(today, d)}&from=${from}&to=${to}`)).body,
    ) as Trip[];
    trips.push(...found);
  }
  const trip = (i: number) => trips[i % trips.length] as Trip;
  // Distinct dates and departures: the one-second shared answers would serve a repeat.
  const figures: Figure[] = [];
  const add = (f: Figure) => {
    figures.push(f);
    console.log(`  ${f.name}: p50 ${ms(f.p50)} ms, p99 ${ms(f.p99)} ms (${f.n}x, ${f.status})`);
  };
  add(
    await sample('trip search', (i) =>
      get(`/api/trips?date=${addDays(today, 1 + (i % 28))}&from=${from}&to=${to}`),
    ),
  );
  add(
    await sample('seat map', (i) =>
      get(
        `/api/trips/${trip(i).scheduleId}/seats?date=${trip(i).travelDate}&launchId=${trip(i).launchIds[0]}&originId=${from}&destinationId=${to}`,
        {
          'x-booking-session': crypto.randomUUID(),
        },
      ),
    ),
  );
  add(await sample('dashboard', () => get('/api/admin/dashboard')));
  add(await sample('tickets: pending tab', () => get('/api/admin/tickets?status=pending')));
  add(
    await sample('tickets: approved tab, one day', (i) =>
      get(`/api/admin/tickets?status=approved&date=${addDays(today, -1 - (i % 7))}`),
    ),
  );
  add(
    await sample('tickets: approved tab, reference search', (i) =>
      get(`/api/admin/tickets?status=approved&q=${String(12345 + i * 7919).slice(0, 5)}`),
    ),
  );
  add(
    await sample('tickets: rejected tab, one day', (i) =>
      get(`/api/admin/tickets?status=rejected&date=${addDays(today, -1 - (i % 7))}`),
    ),
  );
  add(
    await sample(
      'tickets: approved tab, no filter (the default)',
      () => get('/api/admin/tickets?status=approved'),
      3,
    ),
  );
  add(await sample('trip passengers', (i) => get(`/api/admin/trips/${trip(i).scheduleId}/passengers`)));
  add(await sample('trip manifest.csv', (i) => get(`/api/admin/trips/${trip(i).scheduleId}/manifest.csv`)));
  add(await sample('audit: first page', () => get('/api/admin/audit')));
  const firstPage = JSON.parse((await get('/api/admin/audit')).body) as { next: string | null };
  if (firstPage.next) {
    const next = firstPage.next;
    add(await sample('audit: second page', () => get(`/api/admin/audit?cursor=${encodeURIComponent(next)}`)));
  }
  add(
    await sample('audit: filtered (action, a month)', () =>
      get(`/api/admin/audit?action=approve&from=${addDays(today, -60)}&to=${addDays(today, -30)}`),
    ),
  );
  add(await sample('refunds queue', () => get('/api/admin/refunds')));
  if (probe.status === 404) {
    notes.push('GET /api/admin/reports/summary answered 404 in this tree: not measured.');
  } else {
    add(
      await sample('reports: a month', () =>
        get(`/api/admin/reports/summary?from=${addDays(today, -30)}&to=${today}`),
      ),
    );
    add(
      await sample('reports: a year', () =>
        get(`/api/admin/reports/summary?from=${addDays(today, -365)}&to=${today}`),
      ),
    );
  }
  return { health, figures, notes };
}

/** On a reused year: the last run's statement and waiting bookings, so the import can run again. */
async function forgetLastImport(): Promise<void> {
  const database = await openDatabase({ databaseUrl: db.env.DATABASE_URL, dataDir: db.env.DATA_DIR ?? '' });
  try {
    await database.db.execute(sql`delete from bank_statements where file_name = 'bench-statement.csv'`);
    await database.db.execute(sql`delete from tickets where payment_reference like '99%'`);
  } finally {
    await database.close();
  }
}

/** The statement import of 10,000 lines against 5,000 waiting bookings, on a server of its own. */
async function importFigure(
  sinkUrl: string,
  sink: Awaited<ReturnType<typeof startSmtpSink>>,
): Promise<Figure> {
  const waiting = await seedWaitingBookings(db, 5000);
  const { server } = await startBenchServer(db, port, { SMTP_URL: sinkUrl, MAIL_FROM: 'bench@example.com' });
  try {
    const api = new Api(server.url, sink);
    await api.logIn();
    const section = await benchStatements(api, waiting);
    printSection(section);
    const line = section.lines.find((l) => l.startsWith('| POST'));
    const took = Number(line?.split('|')[2]?.trim());
    return {
      name: 'statement import, 10,000 lines',
      p50: took,
      p99: took,
      n: 1,
      status: section.failures.length ? 'FAILED' : '201',
      goal: IMPORT_GOAL,
    };
  } finally {
    await server.stop();
    closeConnections();
  }
}

/** The public read mixes of `npm run bench` on the running server, printed as they are measured. */
async function mixes(api: Api, slip: Buffer, departures?: Departure[]): Promise<MixSection> {
  const section = await benchMixes(api, {
    seconds: mixSeconds,
    rounds: mixRounds,
    fixedRate: false,
    slip,
    otherSections: [],
    ...(departures ? { departures } : {}),
    targets: MIX_GOALS,
  });
  printSection(section);
  return section;
}

/**
 * One phase: the reads, then the mixes on the same server (their seat locks and booking come
 * after the reads), then the import on a server of its own. `yearDepartures`: the mixes' seat
 * maps use the seeded departures from tomorrow on; without it, those the demo's searches find.
 */
async function phase(
  label: string,
  sink: Awaited<ReturnType<typeof startSmtpSink>>,
  slip: Buffer,
  opts: { before?: () => Promise<void>; yearDepartures?: boolean } = {},
): Promise<Run> {
  console.log(`\n## ${db.name}: ${label}\n`);
  const env = { SMTP_URL: sink.url, MAIL_FROM: 'bench@example.com' };
  if (opts.before) await opts.before();
  // Read while no server holds the database (PGlite opens in one process only).
  const departures = opts.yearDepartures ? await seededDepartures(db, tomorrow()) : undefined;
  const started = await startBenchServer(db, port, env, 'warn');
  console.log(
    `server healthy after ${ms(started.wallMs)} ms (migrations and the maintenance sweeps' first pass included)`,
  );
  let run: Run;
  try {
    const api = new Api(started.server.url, sink);
    run = await measure(api, label);
    run.mixes = await mixes(api, slip, departures);
  } finally {
    await started.server.stop();
    closeConnections();
  }
  if (reuse) await forgetLastImport();
  run.figures.push(await importFigure(sink.url, sink));
  return run;
}

/** The mixes of both phases side by side: each a share of its round's /api/health, and year / demo. */
function mixTable(demo: MixSection | undefined, year: MixSection | undefined) {
  const share = (f: MixFigure | undefined) =>
    f ? `${f.median.toFixed(2)} (${f.min.toFixed(2)}-${f.max.toFixed(2)})` : '-';
  const verdict = (f: MixFigure | undefined) => (f ? (f.met ? 'met' : 'MISSED') : '-');
  const row = (pick: (m: MixSection) => MixFigure) => {
    const d = demo ? pick(demo) : undefined;
    const y = year ? pick(year) : undefined;
    const target = (y ?? d)?.target;
    return [
      (y ?? d)?.name ?? '-',
      share(d),
      share(y),
      d && y ? (y.median / d.median).toFixed(2) : '-',
      `${d ? d.errors : '-'} / ${y ? y.errors : '-'}`,
      target === undefined ? '-' : `>= ${target.toFixed(1)} of health, no errors`,
      verdict(d),
      verdict(y),
    ];
  };
  return {
    title:
      `${db.name}: the public read mixes, demo against a year (unthrottled, ${mixRounds} rounds of ` +
      `${mixSeconds} s per load; throughput as a share of the same round's /api/health, the median round ` +
      'and the range)',
    lines: table(
      [
        'mix',
        'demo: of health',
        'year: of health',
        'year / demo',
        'errors (demo / year)',
        'goal',
        'demo',
        'year',
      ],
      [row((m) => m.search), row((m) => m.seatMap)],
    ),
    failures: [],
  };
}

const sink = await startSmtpSink();
const startedAll = performance.now();
// The slip of the mixes' one booking (not measured).
const slip = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#d8d2c4' } })
  .jpeg()
  .toBuffer();
try {
  let demo: Run | undefined;
  if (!reuse) {
    await db.reset();
    demo = await phase('the demo', sink, slip);
    await db.reset();
    // The first start migrates and seeds the demo (locations, the owner), then the year is written.
    const first = await startBenchServer(db, port, { SMTP_URL: sink.url, MAIL_FROM: 'bench@example.com' });
    await first.server.stop();
  }
  const year = await phase(reuse ? 'a year (reused)' : 'a year', sink, slip, {
    yearDepartures: true,
    before: async () => {
      if (reuse) return;
      const report = await seedYear(db, shape);
      console.log(
        `Seeded a year (${shape.pastDays + shape.futureDays} days x ${shape.departuresPerDay} departures x ${shape.ticketsPerDeparture} tickets) in ${(report.ms / 1000).toFixed(1)} s`,
      );
      for (const line of table(
        ['step', 'rows', 's'],
        report.steps.map((s) => [s.step, s.rows, (s.ms / 1000).toFixed(1)]),
      ))
        console.log(line);
    },
  });
  const demoOf = (name: string) => demo?.figures.find((f) => f.name === name);
  const rows = year.figures.map((f) => {
    const d = demoOf(f.name);
    const overDemo = d ? f.p99 / d.p99 : Number.NaN;
    const met = f.p99 <= f.goal.ms && (!d || overDemo <= f.goal.overDemo);
    return [
      f.name,
      d ? `${ms(d.p50)} / ${ms(d.p99)}` : '-',
      `${ms(f.p50)} / ${ms(f.p99)}`,
      (f.p99 / year.health.p99).toFixed(1),
      Number.isFinite(overDemo) ? overDemo.toFixed(1) : '-',
      f.n,
      `<= ${f.goal.ms} ms, <= ${f.goal.overDemo}x demo`,
      met ? 'met' : 'MISSED',
    ];
  });
  printSection({
    title: `${db.name}: demo against a year (ms, requests one after another; health p50/p99 ${demo ? `demo ${ms(demo.health.p50)}/${ms(demo.health.p99)}, ` : ''}year ${ms(year.health.p50)}/${ms(year.health.p99)})`,
    lines: [
      ...table(
        [
          'endpoint',
          'demo p50 / p99',
          'year p50 / p99',
          'p99 / health p99',
          'p99 / demo p99',
          'samples',
          'goal (p99; the import: its time)',
          'verdict',
        ],
        rows,
      ),
      '',
      ...[...new Set([...(demo?.notes ?? []), ...year.notes])].map((n) => `Note: ${n}`),
    ],
    failures: [],
  });
  printSection(mixTable(demo?.mixes, year.mixes));
} finally {
  await sink.close();
  await db.cleanup();
}
console.log(`\nbench:year took ${Math.round((performance.now() - startedAll) / 1000)} s`);
process.exit(0);
