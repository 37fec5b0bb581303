// Seat locks under contention: N booking sessions, each with its own X-Booking-Session, send
// POST /api/seat-locks for two seats each of one departure at the same moment. Half of them ask
// for pairs no one else asks for (S1+S2, S3+S4, ...): every one of them must win. The other half
// ask for pairs that overlap their neighbours' by one seat (S101+S102, S102+S103, ...): whoever
// comes first wins, and a session may be refused only for a seat a winner holds. The lock
// request's latency is set against the same burst of N requests to /api/health, and the seat map
// a newcomer sees afterwards must show exactly the winners' seats locked.
import { randomUUID } from 'node:crypto';
import { type Answer, percentile, request } from './http.ts';
import type { Api, Trip } from './passenger.ts';
import { ms, type Section, table } from './report.ts';

/** The first seat of the overlapping pairs; the distinct pairs stay below it. */
const OVERLAP_FROM = 101;
/** Sessions per verified e-mail: one e-mail may hold only so many seats at once (20 by default). */
const SESSIONS_PER_EMAIL = 5;

type Round = {
  sessions: number;
  distinctWon: number;
  distinct: number;
  overlappingWon: number;
  overlapping: number;
  conflicts: number;
  server5xx: number;
  other: number;
  p50: number;
  p99: number;
  max: number;
  healthP50: number;
  healthP99: number;
  problems: string[];
};

/** Session i's two seats: a pair of its own for the first half, an overlapping pair for the rest. */
export function contendedPairs(sessions: number): string[][] {
  const half = Math.ceil(sessions / 2);
  return Array.from({ length: sessions }, (_, i) =>
    i < half
      ? [`S${2 * i + 1}`, `S${2 * i + 2}`]
      : [`S${OVERLAP_FROM + i - half}`, `S${OVERLAP_FROM + i - half + 1}`],
  );
}

async function round(api: Api, trip: Trip, sessions: number): Promise<Round> {
  const ids = Array.from({ length: sessions }, () => randomUUID());
  const pairs = contendedPairs(sessions);
  const half = Math.ceil(sessions / 2);
  const tokens: string[] = [];
  for (let i = 0; i < sessions; i += SESSIONS_PER_EMAIL) {
    tokens.push(await api.verifiedToken(`contender-${randomUUID()}@example.com`));
  }
  // One keep-alive connection per session first, so the burst times the locks, not TCP set-up.
  await Promise.all(ids.map(() => request(`${api.url}/api/health`)));
  const answers: Answer[] = await Promise.all(
    ids.map((id, i) =>
      api.lockSeats(trip, id, pairs[i] as string[], tokens[Math.floor(i / SESSIONS_PER_EMAIL)] as string),
    ),
  );
  const health = await Promise.all(ids.map(() => request(`${api.url}/api/health`)));

  const problems: string[] = [];
  const held = new Map<string, number>();
  answers.forEach((a, i) => {
    if (a.status !== 200) return;
    for (const seat of pairs[i] as string[]) {
      const other = held.get(seat);
      if (other !== undefined) problems.push(`${seat} won by sessions ${other} and ${i}`);
      held.set(seat, i);
    }
  });
  answers.forEach((a, i) => {
    if (i < half && a.status !== 200)
      problems.push(`session ${i} (${pairs[i]?.join('+')}, no rival) got ${a.status}`);
    if (a.status !== 409) return;
    const named = (JSON.parse(a.body) as { error?: { seats?: string[] } }).error?.seats ?? [];
    const free = named.filter((seat) => !held.has(seat));
    if (named.length === 0 || free.length > 0)
      problems.push(
        `session ${i} refused for ${named.join('+') || 'nothing'} (${free.join('+')} held by no winner)`,
      );
  });
  const map = await api.seatMap(trip, randomUUID());
  const wrong = [...map].filter(([label, state]) => state !== (held.has(label) ? 'locked' : 'available'));
  if (wrong.length > 0)
    problems.push(
      `a newcomer sees ${wrong
        .slice(0, 5)
        .map(([l, s]) => `${l} ${s}`)
        .join(', ')}${wrong.length > 5 ? ', ...' : ''}`,
    );

  const won = (from: number, to: number) => answers.slice(from, to).filter((a) => a.status === 200).length;
  const latencies = answers.map((a) => a.ms);
  const healthMs = health.map((a) => a.ms);
  return {
    sessions,
    distinct: half,
    distinctWon: won(0, half),
    overlapping: sessions - half,
    overlappingWon: won(half, sessions),
    conflicts: answers.filter((a) => a.status === 409).length,
    server5xx: answers.filter((a) => a.status >= 500).length,
    other: answers.filter((a) => a.status !== 200 && a.status !== 409 && a.status < 500).length,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: Math.max(...latencies),
    healthP50: percentile(healthMs, 50),
    healthP99: percentile(healthMs, 99),
    problems,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** One trip per round (`trips[i]`), each from an empty vessel of at least 100 + sessions / 2 seats. */
export async function benchContention(api: Api, trips: Trip[], sessions: number): Promise<Section> {
  const rounds: Round[] = [];
  for (const trip of trips) rounds.push(await round(api, trip, sessions));
  const failures: string[] = [];
  for (const [i, r] of rounds.entries()) {
    if (r.server5xx > 0 || r.other > 0) failures.push(`round ${i + 1}: ${r.server5xx} 5xx, ${r.other} other`);
    for (const p of r.problems) failures.push(`round ${i + 1}: ${p}`);
  }
  const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : '-');
  const p50s = rounds.map((r) => r.p50);
  const p99s = rounds.map((r) => r.p99);
  return {
    title: `Seat locks under contention: ${sessions} sessions lock two seats each of one departure at once (half distinct pairs, half overlapping their neighbours')`,
    lines: [
      ...table(
        [
          'round',
          'distinct pairs won',
          'overlapping pairs won',
          '409',
          '5xx',
          'other',
          'lock p50 ms',
          'lock p99 ms',
          'max ms',
          'same burst to /api/health p50 / p99 ms',
          'p50 / health p50',
          'p99 / health p99',
          'checks',
        ],
        rounds.map((r, i) => [
          i + 1,
          `${r.distinctWon} of ${r.distinct}`,
          `${r.overlappingWon} of ${r.overlapping}`,
          r.conflicts,
          r.server5xx,
          r.other,
          ms(r.p50),
          ms(r.p99),
          ms(r.max),
          `${ms(r.healthP50)} / ${ms(r.healthP99)}`,
          ratio(r.p50, r.healthP50),
          ratio(r.p99, r.healthP99),
          r.problems.length === 0 ? 'ok' : `${r.problems.length} problems`,
        ]),
      ),
      '',
      `Median of ${rounds.length} rounds: lock p50 ${ms(median(p50s))} ms, p99 ${ms(median(p99s))} ms; ` +
        `p99 / health p99 ${median(rounds.map((r) => r.p99 / r.healthP99)).toFixed(2)}`,
    ],
    failures,
  };
}
