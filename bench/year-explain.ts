// The plans behind the office screens on the year bench:year left in PostgreSQL: each service
// runs once while its statements are recorded, then every statement is run again under
// EXPLAIN (ANALYZE, BUFFERS) and its execution time and plan printed, slowest first.
// Usage: BENCH_DATABASE_URL=postgres://.../bench_year node bench/year-explain.ts [min ms, default 20]
import pg from 'pg';
import { openDatabase } from '#server/db/client.ts';
import { addDays } from '#server/lib/clock.ts';
import { listRefunds } from '#server/services/list-refunds.ts';
import { listTickets } from '#server/services/list-tickets.ts';
import { listTripPassengers } from '#server/services/list-trip-passengers.ts';
import { loadTripDay } from '#server/services/load-trip-day.ts';
import { readAudit } from '#server/services/read-audit.ts';
import { readDashboard } from '#server/services/read-dashboard.ts';
import { readReportSummary } from '#server/services/read-report-summary.ts';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL names the database bench:year left');
const minMs = Number(process.argv[2] ?? 20);
const tz = process.env.TZ_OPERATOR ?? 'Indian/Maldives';

type Recorded = { label: string; text: string; values: unknown[] };
const recorded: Recorded[] = [];
let label = '';
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
  const text = typeof first === 'string' ? first : first?.text;
  const values = typeof first === 'string' ? second : (first?.values ?? second);
  if (label && typeof text === 'string' && /^\s*(select|with)/i.test(text)) {
    recorded.push({ label, text, values: Array.isArray(values) ? values : [] });
  }
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

const database = await openDatabase({ databaseUrl: url });
const { db } = database;
const today = new Date().toISOString().slice(0, 10);
const clock = { now: () => new Date() };
const [{ id: scheduleId } = { id: '' }] = (
  (await db.execute(
    `select id from schedules where travel_date = '${addDays(today, 1)}' order by departure_time limit 1`,
  )) as unknown as { rows: Array<{ id: string }> }
).rows;
const runs: Array<[string, () => Promise<unknown>]> = [
  ['trip search (a day)', () => loadTripDay({ db, date: addDays(today, 1) })],
  ['dashboard', () => readDashboard({ db, clock, tzOperator: tz })],
  ['tickets: pending tab', () => listTickets({ db, query: { status: 'pending' } })],
  [
    'tickets: approved, one day',
    () => listTickets({ db, query: { status: 'approved', date: addDays(today, -1) } }),
  ],
  [
    'tickets: approved, reference search',
    () => listTickets({ db, query: { status: 'approved', q: '12345' } }),
  ],
  ['trip passengers', () => listTripPassengers({ db, scheduleId, timeZone: tz })],
  ['audit: first page', () => readAudit({ db, query: {}, tzOperator: tz })],
  [
    'audit: filtered',
    () =>
      readAudit({
        db,
        query: { action: 'approve', from: addDays(today, -60), to: addDays(today, -30) },
        tzOperator: tz,
      }),
  ],
  ['refunds queue', () => listRefunds({ db, status: 'requested' })],
  [
    'reports: a month',
    () => readReportSummary({ db, from: addDays(today, -30), to: today, now: new Date(), tzOperator: tz }),
  ],
  [
    'reports: a year',
    () => readReportSummary({ db, from: addDays(today, -365), to: today, now: new Date(), tzOperator: tz }),
  ],
];
for (const [name, run] of runs) {
  label = name;
  await run();
}
label = '';
await database.close();

// As the server's pool runs them (src/server/db/client.ts): without JIT.
const client = new pg.Client({ connectionString: url, options: '-c jit=off' });
await client.connect();
const plans: Array<{ label: string; ms: number; plan: string[]; text: string }> = [];
try {
  for (const r of recorded) {
    const run = query as (this: pg.Client, ...a: unknown[]) => Promise<unknown>;
    const result = await run.call(client, `explain (analyze, buffers) ${r.text}`, r.values);
    const lines = (result as unknown as { rows: Array<{ 'QUERY PLAN': string }> }).rows.map(
      (x) => x['QUERY PLAN'],
    );
    const ms = Number(/Execution Time: ([\d.]+)/.exec(lines.join('\n'))?.[1] ?? 0);
    plans.push({ label: r.label, ms, plan: lines, text: r.text });
  }
} finally {
  await client.end();
}
for (const p of plans.sort((a, b) => b.ms - a.ms)) {
  if (p.ms < minMs) continue;
  console.log(`\n### ${p.label}: ${p.ms.toFixed(1)} ms\n\n${p.text.slice(0, 600)}\n`);
  for (const line of p.plan) console.log(line);
}
