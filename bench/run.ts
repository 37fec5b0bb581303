// Benchmarks of the built server in production mode, on PGlite and, with BENCH_DATABASE_URL, on
// PostgreSQL too (that database is emptied first). Timing goals live here, never in tests.
// Usage: npm run bench
//   env: BENCH_RATE=1000 BENCH_SECONDS=10 BENCH_DATABASE_URL=postgres://... BENCH_PORT=3190
//        BENCH_ONLY=start,reads,mixes,race,contention,submit,counter,statements,js (or endpoint words: trips,lookup,health,...)
//        BENCH_DB=pglite|postgresql (only one of the two databases)
//        BENCH_MIX_SECONDS=5 BENCH_MIX_ROUNDS=3 (the unthrottled read mixes)
//        BENCH_RACE=30,100,500 BENCH_CONTENTION=50 BENCH_CONTENTION_ROUNDS=3 BENCH_BOOKINGS=40 BENCH_UPLOAD_CONCURRENCY=4 BENCH_SEARCH_RATE=200
//        BENCH_SLIP=photo|noise (the 2 MB slip: a photo-like JPEG, or random noise as the worst case)
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '#scripts/browser.ts';
import { FIRST_LOAD_BUDGET_KB, measurePublicFirstLoads } from '#scripts/first-load.ts';
import { buildIsStale, buildWeb } from '../scripts/web-build.ts';
import { type SmtpSink, startSmtpSink } from '../tests/setup/smtp-sink.ts';
import { benchContention } from './contention.ts';
import { benchCounter } from './counter.ts';
import { closeConnections } from './http.ts';
import { benchMixes } from './mixes.ts';
import { Api, slipJpeg, tomorrow } from './passenger.ts';
import { benchRace } from './race.ts';
import { benchReads } from './reads.ts';
import { ms, printSection, type Section, table } from './report.ts';
import {
  type BenchDatabase,
  pgliteDatabase,
  postgresDatabase,
  type StartedServer,
  startBenchServer,
} from './server.ts';
import { benchStatements, seedWaitingBookings } from './statements.ts';
import { benchSubmit } from './submit.ts';

const root = path.resolve(import.meta.dirname, '..');
const rate = Number(process.env.BENCH_RATE ?? 1000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const mixSeconds = Number(process.env.BENCH_MIX_SECONDS ?? 5);
const mixRounds = Number(process.env.BENCH_MIX_ROUNDS ?? 3);
const port = Number(process.env.BENCH_PORT ?? 3190);
const raceSizes = (process.env.BENCH_RACE ?? '30,100,500').split(',').map(Number);
const contenders = Number(process.env.BENCH_CONTENTION ?? 50);
const contentionRounds = Number(process.env.BENCH_CONTENTION_ROUNDS ?? 3);
const bookings = Number(process.env.BENCH_BOOKINGS ?? 40);
const uploadConcurrency = Number(process.env.BENCH_UPLOAD_CONCURRENCY ?? 4);
const searchRate = Number(process.env.BENCH_SEARCH_RATE ?? 200);
const slipKind = process.env.BENCH_SLIP === 'noise' ? 'noise' : 'photo';
const RESTARTS = 3;
/** One seller's queue: sales one after another. */
const COUNTER_SALES = 40;

const SECTIONS = ['start', 'reads', 'mixes', 'race', 'contention', 'submit', 'counter', 'statements', 'js'];
const STATEMENT_BOOKINGS = 5000;
const only = process.env.BENCH_ONLY?.split(',')
  .map((w) => w.trim())
  .filter(Boolean);
const wants = (section: string) =>
  !only ||
  only.includes(section) ||
  // Any other word names public read endpoints (trips, lookup, health, banners, ...).
  (section === 'reads' && only.some((w) => !SECTIONS.includes(w)));

// A build older than the web sources would measure yesterday's pages.
if (buildIsStale(path.join(root, 'dist')) && !buildWeb(path.join(root, 'dist'))) process.exit(1);

/** First-load JavaScript of the public routes as a real browser fetches it on a first visit. */
async function firstLoadSection(baseUrl: string): Promise<Section> {
  const browser = await chromium.launch({
    executablePath: findChromium(),
    args: CHROMIUM_ARGS,
  });
  try {
    const webRoot = path.join(root, 'dist');
    const routes = [
      ...(await measurePublicFirstLoads(browser, baseUrl, webRoot, 'en-US')),
      ...(await measurePublicFirstLoads(browser, baseUrl, webRoot, 'dv-MV')),
    ];
    const limit = FIRST_LOAD_BUDGET_KB * 1024;
    return {
      title: 'First-load JavaScript of the public routes (real browser, first visit, gzip -9)',
      lines: table(
        [
          'route',
          'browser language',
          'scripts',
          'KB gzipped',
          `budget ${FIRST_LOAD_BUDGET_KB} KB`,
          'admin scripts',
        ],
        routes.map((r) => [
          r.route,
          r.locale,
          r.scripts.length,
          (r.gzipBytes / 1024).toFixed(1),
          r.gzipBytes <= limit ? 'ok' : 'OVER',
          r.adminScripts.length,
        ]),
      ),
      failures: routes
        .filter((r) => r.adminScripts.length > 0 || r.gzipBytes > limit)
        .map(
          (r) =>
            `${r.route} (${r.locale}): ${(r.gzipBytes / 1024).toFixed(1)} KB, admin scripts ${r.adminScripts.length}`,
        ),
    };
  } finally {
    await browser.close();
  }
}

/** Empties the database, starts on it (migrate + seed), then restarts on what that left. */
async function startTimes(db: BenchDatabase, env: Record<string, string>): Promise<Section> {
  await db.reset();
  const first = await startBenchServer(db, port, env, 'info');
  await first.server.stop();
  const restarts: StartedServer[] = [];
  for (let i = 0; i < RESTARTS; i++) {
    const again = await startBenchServer(db, port, env, 'info');
    restarts.push(again);
    await again.server.stop();
  }
  const sorted = [...restarts].sort((a, b) => a.wallMs - b.wallMs);
  const median = sorted[Math.floor(sorted.length / 2)];
  const row = (name: string, s: StartedServer) => [name, ms(s.wallMs), ms(s.reportedMs ?? Number.NaN)];
  return {
    title: 'Server start, built, production mode (spawn to first healthy answer; the server’s own log)',
    lines: [
      ...table(
        ['start', 'to healthy ms', 'main() to listening ms'],
        [
          row('first start on an empty database (migrate + seed)', first),
          ...restarts.map((s, i) => row(`restart ${i + 1} on the existing database`, s)),
        ],
      ),
      '',
      median
        ? `Restart median ${ms(median.wallMs)} ms (target < 2,000 ms): ${median.wallMs < 2000 ? 'met' : 'MISSED'}`
        : '',
    ],
    failures: [],
  };
}

/**
 * Every section on one database, each printed as soon as it is measured (a later section that
 * throws loses none of them); returns whether any failed.
 */
async function benchDatabase(db: BenchDatabase, sink: SmtpSink, slip: Buffer): Promise<boolean> {
  const env = { SMTP_URL: sink.url, MAIL_FROM: 'bench@example.com' };
  let failed = false;
  const sections = {
    push(section: Section) {
      printSection(section);
      failed ||= section.failures.length > 0;
    },
  };
  if (wants('start')) sections.push(await startTimes(db, env));
  else await db.reset();

  // Serving at warn level: per-request logs would cost the server as much as the work measured.
  const { server } = await startBenchServer(db, port, env, 'warn');
  try {
    const api = new Api(server.url, sink);
    const needLookup =
      wants('reads') && (!only || only.some((w) => ['reads', 'lookup', 'bookings'].includes(w)));
    const needTrips =
      wants('race') || wants('contention') || wants('submit') || wants('counter') || needLookup;
    let lookupReference: string | undefined;
    let raceTrips: Awaited<ReturnType<Api['addTrips']>> = [];
    let contentionTrips: Awaited<ReturnType<Api['addTrips']>> = [];
    let submitTrip: Awaited<ReturnType<Api['addTrips']>>[number] | undefined;
    let counterTrip: Awaited<ReturnType<Api['addTrips']>>[number] | undefined;
    if (needTrips) {
      await api.logIn();
      const date = tomorrow();
      const times = raceSizes.map((_, i) => `${String(6 + i).padStart(2, '0')}:15`);
      raceTrips = await api.addTrips({ capacity: 200, travelDate: date, times });
      // One trip per contention round, on a launch of its own with room for the overlapping pairs.
      const contentionTimes = Array.from(
        { length: contentionRounds },
        (_, i) => `${String(10 + i).padStart(2, '0')}:45`,
      );
      contentionTrips = await api.addTrips({
        capacity: Math.max(200, 101 + Math.ceil(contenders / 2)),
        travelDate: date,
        times: contentionTimes,
      });
      [submitTrip] = await api.addTrips({ capacity: 200, travelDate: date, times: ['18:45'] });
      if (!submitTrip) throw new Error('no trip for submissions');
      [counterTrip] = await api.addTrips({ capacity: COUNTER_SALES, travelDate: date, times: ['19:15'] });
      // A real booking for the lookup, on the last seat so the submissions keep theirs.
      if (needLookup) lookupReference = await api.book(submitTrip, ['S200'], slip);
    }
    // The build is the same on every database: measured once, on the first.
    if (wants('js') && db === databases[0]) sections.push(await firstLoadSection(server.url));
    if (wants('reads')) {
      sections.push(await benchReads(server.url, { rate, seconds, lookupReference, only }));
    }
    if (wants('mixes')) {
      sections.push(
        await benchMixes(api, {
          seconds: mixSeconds,
          rounds: mixRounds,
          fixedRate: db.name === 'PGlite',
          slip,
          // Every trip another section locks or sells seats on (the counter's too: a mix's lock on
          // its S1 would refuse the seller's first hold).
          otherSections: [
            ...raceTrips,
            ...contentionTrips,
            ...(submitTrip ? [submitTrip] : []),
            ...(counterTrip ? [counterTrip] : []),
          ].map((t) => t.scheduleId),
        }),
      );
    }
    if (wants('race')) sections.push(await benchRace(api, raceTrips, raceSizes));
    if (wants('contention')) sections.push(await benchContention(api, contentionTrips, contenders));
    if (wants('submit') && submitTrip) {
      sections.push(
        await benchSubmit(api, submitTrip, {
          bookings,
          concurrency: uploadConcurrency,
          slip,
          slipKind,
          searchRate,
          seconds,
        }),
      );
    }
    if (wants('counter') && counterTrip) sections.push(await benchCounter(api, counterTrip, COUNTER_SALES));
  } finally {
    const code = await server.stop();
    if (code !== 0) console.error(`server exited with ${code}:\n${server.output().slice(-4000)}`);
    closeConnections();
  }
  if (wants('statements')) sections.push(await statementSection(db, sink, env));
  return failed;
}

/**
 * The statement import on its own server: its waiting bookings are written straight into the
 * database first, which PGlite allows only while no server holds it.
 */
async function statementSection(
  db: BenchDatabase,
  sink: SmtpSink,
  env: Record<string, string>,
): Promise<Section> {
  const waiting = await seedWaitingBookings(db, STATEMENT_BOOKINGS);
  const { server } = await startBenchServer(db, port, env, 'warn');
  try {
    const api = new Api(server.url, sink);
    await api.logIn();
    return await benchStatements(api, waiting);
  } finally {
    await server.stop();
    closeConnections();
  }
}

const started = performance.now();
// BENCH_DB=pglite or BENCH_DB=postgresql runs one of the two (to repeat a run that was disturbed).
const which = process.env.BENCH_DB?.toLowerCase();
const databases: BenchDatabase[] = [];
if (which !== 'postgresql') databases.push(pgliteDatabase());
if (process.env.BENCH_DATABASE_URL && which !== 'pglite') {
  databases.push(postgresDatabase(process.env.BENCH_DATABASE_URL));
}
if (databases.length === 0) throw new Error('BENCH_DB=postgresql needs BENCH_DATABASE_URL');
const sink = await startSmtpSink();
const slip = await slipJpeg(2 * 1024 * 1024, slipKind);
let failed = false;
try {
  for (const db of databases) {
    const dbStarted = performance.now();
    console.log(`\n## ${db.name}\n`);
    try {
      failed = (await benchDatabase(db, sink, slip)) || failed;
    } catch (err) {
      console.error(err);
      failed = true;
    } finally {
      await db.cleanup();
    }
    console.log(`\n${db.name} took ${Math.round((performance.now() - dbStarted) / 1000)} s`);
  }
} finally {
  await sink.close();
}
console.log(`\nBench took ${Math.round((performance.now() - started) / 1000)} s${failed ? ': FAILED' : ''}`);
process.exit(failed ? 1 : 0);
