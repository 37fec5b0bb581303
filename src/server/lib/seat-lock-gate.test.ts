import { describe, expect, it } from 'vitest';
import { createSeatLockGate, type SeatHolder } from './seat-lock-gate.ts';

const TTL = 1_000;
const start = new Date('2026-11-22T08:00:00Z');
const at = (ms: number) => new Date(start.getTime() + ms);
const until = (ms: number) => ({ lockedUntil: at(ms).toISOString() });
const refuse = (seats: string[]) => Object.assign(new Error(`taken: ${seats.join(', ')}`), { seats });

function request(session: string, seats: string[], now = start, launchId = 'L1', trip = 'T1') {
  return { trip, launchId, session, seats, now };
}

/** A lock's work that notes the gate's hint (contested or not) and holds the seats 15 minutes. */
function hintRecorder() {
  const hints: boolean[] = [];
  const run = async ({ contested }: { contested: boolean }) => {
    hints.push(contested);
    return until(900_000);
  };
  return { hints, run };
}

describe('seat-lock gate', () => {
  it('lets requests for one trip take turns, and other trips go side by side', async () => {
    const gate = createSeatLockGate({ ttlMs: TTL });
    let running = 0;
    let most = 0;
    const slow = async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 5));
      running--;
      return until(900_000);
    };
    await Promise.all(
      Array.from({ length: 8 }, (_, i) => gate.lock(request(`s${i}`, [`A${i}`]), slow, refuse)),
    );
    expect(most).toBe(1);

    running = 0;
    most = 0;
    await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        gate.lock(request('s', ['B1'], start, 'L1', `T${i}`), slow, refuse),
      ),
    );
    expect(most).toBe(4);
  });

  it('marks requests after a winner as contested and, once the holders are known, refuses without the database', async () => {
    const gate = createSeatLockGate({ ttlMs: TTL });
    const calls: string[] = [];
    const won = await gate.lock(
      request('winner', ['A1', 'A2']),
      async ({ contested }) => {
        calls.push(`winner contested=${contested}`);
        return until(900_000);
      },
      refuse,
    );
    expect(won).toEqual(until(900_000));

    // The next one is contested; it reads the holders (a ticket on B1 too) and is refused.
    const holders: SeatHolder[] = [
      { seat: 'A1', session: 'winner', until: at(900_000) },
      { seat: 'B1', session: null, until: null },
    ];
    await expect(
      gate.lock(
        request('second', ['B1', 'A1']),
        async ({ contested, remember }) => {
          calls.push(`second contested=${contested}`);
          remember(holders);
          throw refuse(['A1', 'B1']);
        },
        refuse,
      ),
    ).rejects.toMatchObject({ seats: ['A1', 'B1'] });

    // Everything about A1 and B1 is now known: refused from memory, in label order.
    await expect(
      gate.lock(
        request('third', ['B1', 'A1'], at(10)),
        async () => {
          calls.push('third ran');
          return until(900_000);
        },
        refuse,
      ),
    ).rejects.toMatchObject({ seats: ['A1', 'B1'] });
    expect(calls).toEqual(['winner contested=false', 'second contested=true']);
  });

  it('never refuses the holder, and asks the database when a seat is not known', async () => {
    const gate = createSeatLockGate({ ttlMs: TTL });
    const { hints, run } = hintRecorder();
    await gate.lock(request('me', ['A1']), run, refuse);
    await gate.lock(request('me', ['A1', 'A2']), run, refuse);
    // Nobody else has been seen on C9: the database decides, without a hint.
    await gate.lock(request('other', ['C9']), run, refuse);
    expect(hints).toEqual([false, false, false]);
  });

  it('forgets a holder after the time-to-live, at the end of its lock, after forget(), and when the session moves', async () => {
    const gate = createSeatLockGate({ ttlMs: TTL });
    const { hints, run } = hintRecorder();
    const short = async () => until(500);

    await gate.lock(request('w', ['A1']), run, refuse);
    await gate.lock(request('x', ['A1'], at(TTL)), run, refuse); // stale: not contested
    // A lock that ends 300 ms after it was seen is not counted after its end.
    await gate.lock(request('w', ['B1'], at(200), 'L1', 'T2'), short, refuse);
    await gate.lock(request('x', ['B1'], at(600), 'L1', 'T2'), run, refuse);
    await gate.lock(request('w', ['C1'], start, 'L1', 'T3'), run, refuse);
    gate.forget();
    await gate.lock(request('x', ['C1'], start, 'L1', 'T3'), run, refuse);
    // The holder moves to another launch of the same trip: its old seat is free to try at once.
    await gate.lock(request('w', ['D1'], start, 'L1', 'T4'), run, refuse);
    await gate.lock(request('w', ['D1'], start, 'L2', 'T4'), run, refuse);
    await gate.lock(request('x', ['D1'], start, 'L1', 'T4'), run, refuse);
    expect(hints).toEqual([false, false, false, false, false, false, false, false]);
  });

  it('does not record what it learned across a forget() that happened meanwhile', async () => {
    const gate = createSeatLockGate({ ttlMs: TTL });
    await gate.lock(
      request('w', ['A1']),
      async () => {
        gate.forget(); // a release or a booking landed while this lock ran
        return until(900_000);
      },
      refuse,
    );
    const { hints, run } = hintRecorder();
    await gate.lock(request('x', ['A1']), run, refuse);
    expect(hints).toEqual([false]);
  });

  it('refuses from memory only on the stretch it learned a seat for: another stretch goes to the database', async () => {
    const gate = createSeatLockGate({ ttlMs: TTL });
    const early = { ...request('w', ['A1']), stretch: 'male>airport' };
    await gate.lock(early, async () => until(900_000), refuse);
    // The same stretch again: known, held by another session, refused without the database.
    await expect(
      gate.lock({ ...request('x', ['A1']), stretch: 'male>airport' }, async () => until(900_000), refuse),
    ).rejects.toMatchObject({ seats: ['A1'] });
    // A later stretch of the same seat may be free (it is in the database's hands to say).
    const { hints, run } = hintRecorder();
    await gate.lock({ ...request('y', ['A1']), stretch: 'airport>rasdhoo' }, run, refuse);
    expect(hints).toEqual([false]);
  });
});
