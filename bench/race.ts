// Seat-lock race: N booking sessions, each with its own X-Booking-Session, send
// POST /api/seat-locks for the same two seats of one trip at the same moment. Exactly one may win
// (it holds both seats); everyone else gets 409 seats_unavailable; the seat map must agree.
import { randomUUID } from 'node:crypto';
import { type Answer, percentile, request } from './http.ts';
import type { Api, Trip } from './passenger.ts';
import { ms, type Section, table } from './report.ts';

const TARGET_P99_MS = 50;
const CONTESTED = ['S1', 'S2'];

type Round = {
  sessions: number;
  winners: number;
  conflicts: number;
  server5xx: number;
  other: number;
  p50: number;
  p99: number;
  max: number;
  /** The same burst of N requests to /api/health: what the framework alone costs. */
  healthP99: number;
  seatMap: string;
};

async function race(api: Api, trip: Trip, sessions: number): Promise<Round> {
  const ids = Array.from({ length: sessions }, () => randomUUID());
  // Every racer has passed step 2; one verified e-mail serves them all (a verification token
  // is good for many sessions within its hour).
  const token = await api.verifiedToken(`racer-${randomUUID()}@example.com`);
  // Open one keep-alive connection per session first, so the race times the locks, not TCP set-up.
  await Promise.all(ids.map(() => request(`${api.url}/api/health`)));
  const answers: Answer[] = await Promise.all(ids.map((id) => api.lockSeats(trip, id, CONTESTED, token)));
  const winnerIds = ids.filter((_, i) => answers[i]?.status === 200);
  const health = await Promise.all(ids.map(() => request(`${api.url}/api/health`)));
  const latencies = answers.map((a) => a.ms);

  // The seat map, as the winner, a loser and a newcomer see it.
  const problems: string[] = [];
  const winner = winnerIds[0];
  const loser = ids.find((id) => id !== winner) as string;
  const views: Array<[string, string, string]> = [
    ['a loser', loser, 'locked'],
    ['a newcomer', randomUUID(), 'locked'],
  ];
  if (winner) views.unshift(['the winner', winner, 'mine']);
  for (const [who, session, expected] of views) {
    const map = await api.seatMap(trip, session);
    for (const seat of CONTESTED) {
      if (map.get(seat) !== expected) problems.push(`${who} sees ${seat} ${map.get(seat)}, not ${expected}`);
    }
    const others = [...map].filter(([label, state]) => !CONTESTED.includes(label) && state !== 'available');
    if (others.length > 0) problems.push(`${who} sees ${others.length} other seats taken`);
  }
  return {
    sessions,
    winners: winnerIds.length,
    conflicts: answers.filter((a) => a.status === 409).length,
    server5xx: answers.filter((a) => a.status >= 500).length,
    other: answers.filter((a) => a.status !== 200 && a.status !== 409 && a.status < 500).length,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: Math.max(...latencies),
    healthP99: percentile(
      health.map((a) => a.ms),
      99,
    ),
    seatMap: problems.length === 0 ? 'ok' : problems.join('; '),
  };
}

/** One trip per round (`trips[i]` for `sizes[i]`), so every round starts from an empty vessel. */
export async function benchRace(api: Api, trips: Trip[], sizes: number[]): Promise<Section> {
  const rounds: Round[] = [];
  for (const [i, size] of sizes.entries()) {
    const trip = trips[i];
    if (!trip) throw new Error('one trip per race round is needed');
    rounds.push(await race(api, trip, size));
  }
  const failures: string[] = [];
  for (const r of rounds) {
    if (r.winners !== 1)
      failures.push(`${r.sessions} sessions: ${r.winners} winners for ${CONTESTED.join('+')}`);
    if (r.server5xx > 0 || r.other > 0)
      failures.push(`${r.sessions} sessions: ${r.server5xx} 5xx, ${r.other} other`);
    if (r.seatMap !== 'ok') failures.push(`${r.sessions} sessions: seat map ${r.seatMap}`);
  }
  return {
    title: `Seat-lock race: N sessions lock the same seats (${CONTESTED.join(' + ')}) of one trip at once`,
    lines: [
      ...table(
        [
          'sessions',
          'winners',
          '409',
          '5xx',
          'other',
          'p50 ms',
          'p99 ms',
          'max ms',
          'same burst to /api/health, p99 ms',
          'seat map after',
        ],
        rounds.map((r) => [
          r.sessions,
          r.winners,
          r.conflicts,
          r.server5xx,
          r.other,
          ms(r.p50),
          ms(r.p99),
          ms(r.max),
          ms(r.healthP99),
          r.seatMap,
        ]),
      ),
      '',
      ...rounds.map(
        (r) =>
          `${r.sessions} sessions: p99 ${ms(r.p99)} ms, target <= ${TARGET_P99_MS} ms with one winner: ` +
          (r.p99 <= TARGET_P99_MS && r.winners === 1 ? 'met' : 'MISSED'),
      ),
    ],
    failures,
  };
}
