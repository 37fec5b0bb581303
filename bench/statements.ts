// A bank statement import at scale (docs/decisions/038): 5,000 bookings waiting for payment,
// written straight into the database while the server is stopped, then a 10,000-line CSV
// statement imported through the real route, timed against the same run's /api/health.
import { sql } from 'drizzle-orm';
import { openDatabase } from '#server/db/client.ts';
import { multipartBody } from '../tests/setup/multipart.ts';
import { percentile } from './http.ts';
import type { Api } from './passenger.ts';
import { ms, type Section, table } from './report.ts';
import type { BenchDatabase } from './server.ts';

const HEALTH_SAMPLES = 50;
/** The import of 10,000 lines: a write of seconds. */
export const STATEMENT_GOAL_MS = 5000;

type Waiting = { reference: string; total: string; name: string };

const waitingBooking = (i: number): Waiting => ({
  reference: `99${String(i).padStart(8, '0')}`,
  total: `${100 + (i % 400)}.00`,
  name: `Bench Payer ${i}`,
});

/** `count` online bookings waiting for payment, in one insert, on a departure of the demo. */
export async function seedWaitingBookings(db: BenchDatabase, count: number): Promise<Waiting[]> {
  const database = await openDatabase({ databaseUrl: db.env.DATABASE_URL, dataDir: db.env.DATA_DIR ?? '' });
  try {
    await database.db.execute(sql`
      insert into tickets (payment_reference, schedule_id, launch_id, travel_date, passenger_name,
        passenger_email, passenger_nationality, adult_count, total_amount, currency, exchange_rate,
        ticket_breakdown, seat_numbers)
      select '99' || lpad(i::text, 8, '0'), sl.schedule_id, sl.launch_id, s.travel_date,
        'Bench Payer ' || i, 'bench-payer-' || i || '@example.com', 'Maldivian', 1,
        (100 + i % 400)::numeric(12, 2), 'MVR', 15.42, '[]'::jsonb, '{}'::text[]
      from generate_series(1, ${count}) as i
      cross join lateral (select schedule_id, launch_id from schedule_launches limit 1) sl
      join schedules s on s.id = sl.schedule_id`);
  } finally {
    await database.close();
  }
  return Array.from({ length: count }, (_, i) => waitingBooking(i + 1));
}

/**
 * 10,000 lines: 2,000 with a reference and the total, 500 with a reference and 5.00 short, 500
 * with the payer's name and the total only, and the rest transfers of no booking, debits and zeros.
 */
export function statementCsv(waiting: Waiting[], lines = 10_000): string {
  const rows = ['Date,Description,Payer,Amount,Currency,Id'];
  const add = (remark: string, payer: string, amount: string) =>
    rows.push(`2026-11-28,${remark},${payer},${amount},MVR,BENCH${rows.length}`);
  for (const b of waiting.slice(0, 2000)) add(`Ferry ${b.reference}`, b.name, b.total);
  for (const b of waiting.slice(2000, 2500)) add(`Ref ${b.reference}`, b.name, `${Number(b.total) - 5}.00`);
  for (const b of waiting.slice(2500, 3000)) add('ferry tickets', b.name, b.total);
  for (let i = 0; rows.length <= lines; i++) {
    const kind = i % 3;
    if (kind === 0) add(`Salary ${i}`, `Someone ${i}`, `${1000 + i}.00`);
    else if (kind === 1) add(`Fuel invoice ${i}`, '', `-${50 + (i % 90)}.00`);
    else add(`Reversal ${i}`, '', '0.00');
  }
  return `${rows.join('\n')}\n`;
}

const MAPPING = {
  headerRow: 1,
  date: 'Date',
  amount: 'Amount',
  currency: 'Currency',
  remark: 'Description',
  payer: 'Payer',
  transactionId: 'Id',
  dateFormat: 'YYYY-MM-DD',
  decimalMark: '.',
};

export async function benchStatements(api: Api, waiting: Waiting[]): Promise<Section> {
  const health: number[] = [];
  for (let i = 0; i < HEALTH_SAMPLES; i++) health.push((await api.adminRequest('GET', '/api/health')).ms);
  const csv = statementCsv(waiting);
  const { payload, headers } = await multipartBody(
    { account: 'MVR', mapping: JSON.stringify(MAPPING) },
    { file: { body: Buffer.from(csv), type: 'text/csv', name: 'bench-statement.csv' } },
  );
  const answer = await api.adminUpload('/api/admin/statements', payload, headers);
  const failures: string[] = [];
  if (answer.status !== 201)
    failures.push(`the import answered ${answer.status}: ${answer.body.slice(0, 500)}`);
  const result = answer.status === 201 ? (JSON.parse(answer.body) as Record<string, number>) : {};
  if (result.matched !== 2000) failures.push(`${result.matched} lines matched; 2,000 should`);
  if (result.suggested !== 1000) failures.push(`${result.suggested} lines suggested; 1,000 should`);
  const base = percentile(health, 50);
  return {
    title: `Bank statement: a 10,000-line CSV against ${waiting.length} waiting bookings (server time; /api/health p50 ${ms(base)} ms)`,
    lines: [
      ...table(
        ['import', 'ms', 'ms / health p50', 'imported', 'matched', 'suggested', 'unmatched', 'ignored'],
        [
          [
            'POST /api/admin/statements',
            ms(answer.ms),
            (answer.ms / base).toFixed(0),
            result.imported ?? '-',
            result.matched ?? '-',
            result.suggested ?? '-',
            result.unmatched ?? '-',
            result.ignored ?? '-',
          ],
        ],
      ),
      '',
      `Import ${ms(answer.ms)} ms (goal <= ${STATEMENT_GOAL_MS} ms): ${answer.ms <= STATEMENT_GOAL_MS ? 'met' : 'MISSED'}`,
    ],
    failures,
  };
}
