import { describe, expect, it } from 'vitest';
import {
  judgeScan,
  type ManifestPassenger,
  personsOnBoard,
  type RevokeReason,
  seatHandOver,
  stopPassengers,
} from './boarding.ts';
import { TICKET_STATUSES } from './constants.ts';
import type { ETicketClaims } from './e-ticket-code.ts';

const scheduleId = '11111111-1111-4111-8111-111111111111';
const ticketId = '22222222-2222-4222-8222-222222222222';
const manifest = {
  scheduleId,
  travelDate: '2026-11-25',
  passengers: [],
  revoked: [] as { ticketId: string; version: number; reason: RevokeReason }[],
};
const passenger = (over: Partial<ManifestPassenger> = {}): ManifestPassenger => ({
  ticketId,
  reference: 'ABC123',
  name: 'Aminath Ali',
  seats: ['1A', '1B'],
  adults: 1,
  children: 1,
  fromStop: 0,
  toStop: 2,
  launch: 0,
  status: 'confirmed',
  marked: null,
  version: 1,
  boarded: 0,
  firstBoarding: null,
  ...over,
});
const claims = (over: Partial<ETicketClaims> = {}): ETicketClaims => ({
  keyId: 'AAAAAAAA',
  ticketId,
  scheduleId,
  travelDate: '2026-11-25',
  fromStop: 0,
  toStop: 2,
  seats: ['1A', '1B'],
  adults: 1,
  children: 1,
  version: 1,
  ...over,
});
const judge = (
  p: ManifestPassenger | null,
  c: ETicketClaims | null,
  stop = 0,
  pending = 0,
  revoked = manifest.revoked,
) => judgeScan({ manifest: { ...manifest, revoked }, stop, claims: c, passenger: p, pending });

describe('what a scan shows', () => {
  it('is green for a valid code of this departure and stop, not yet boarded', () => {
    expect(judge(passenger(), claims())).toMatchObject({ colour: 'green', reason: 'ok', remaining: 2 });
  });

  it('is amber for a typed reference, a wrong stop, a wrong date, and a party already on board', () => {
    expect(judge(passenger(), null)).toMatchObject({ colour: 'amber', reason: 'typed' });
    expect(judge(passenger(), claims(), 1)).toMatchObject({ colour: 'amber', reason: 'wrong_stop' });
    expect(judge(passenger(), claims({ travelDate: '2026-11-24' }))).toMatchObject({
      colour: 'amber',
      reason: 'wrong_date',
    });
    expect(judge(passenger({ boarded: 1 }), claims(), 0, 1)).toMatchObject({
      colour: 'amber',
      reason: 'already_boarded',
      remaining: 0,
    });
  });

  it('lets the rest of a party board: 1 of 2 on board leaves 1', () => {
    expect(judge(passenger({ boarded: 1 }), claims())).toMatchObject({ colour: 'green', remaining: 1 });
  });

  it('is amber, "check ID", for a valid code the device has not heard of, and for another departure', () => {
    expect(judge(null, claims())).toMatchObject({ colour: 'amber', reason: 'not_in_manifest', remaining: 2 });
    expect(judge(null, claims({ scheduleId: ticketId }))).toMatchObject({
      colour: 'amber',
      reason: 'wrong_departure',
    });
  });

  it('is red for a superseded code, a rejected, cancelled or unapproved booking, and never boards', () => {
    expect(judge(passenger({ version: 2 }), claims({ version: 1 }))).toMatchObject({
      colour: 'red',
      reason: 'superseded',
    });
    expect(judge(passenger({ status: 'cancelled' }), claims())).toMatchObject({
      colour: 'red',
      reason: 'rejected',
    });
    expect(judge(passenger({ marked: 'refunded' }), claims())).toMatchObject({
      colour: 'red',
      reason: 'cancelled',
    });
    expect(judge(passenger({ status: 'pending' }), null)).toMatchObject({
      colour: 'red',
      reason: 'not_approved',
    });
    for (const v of [
      judge(passenger({ version: 2 }), claims()),
      judge(passenger({ status: 'cancelled' }), null),
    ]) {
      expect(v.remaining).toBe(0);
    }
  });
});

// A concession that needs an ID shown (docs/decisions/036-fare-categories.md).
describe('a party with a concession', () => {
  const senior = {
    code: 'senior',
    name: { en: 'Senior (65+)', dv: 'މުސްކުޅި މީހާ (65+)' },
    count: 1,
    idRequired: true,
  };

  it('scans amber, "ID required", where it would be green, and counts the senior in the party', () => {
    const withSenior = passenger({ children: 0, concessions: [senior], idRequired: true });
    expect(
      judge(withSenior, claims({ children: 0, concessions: [{ code: 'senior', count: 1 }] })),
    ).toMatchObject({
      colour: 'amber',
      reason: 'id_required',
      remaining: 2,
    });
    // Picked from the list or typed: the ID is what it asks for.
    expect(judge(withSenior, null)).toMatchObject({ colour: 'amber', reason: 'id_required' });
    // A red stays red.
    expect(judge({ ...withSenior, status: 'voided' }, claims())).toMatchObject({ colour: 'red' });
  });

  it('stays green for a concession that needs no ID', () => {
    const resident = { ...senior, code: 'resident', idRequired: false };
    expect(judge(passenger({ concessions: [resident], idRequired: false }), claims())).toMatchObject({
      colour: 'green',
      remaining: 3,
    });
  });

  it('counts a format-2 code’s concessions for a booking the device has not heard of, and asks for the ID', () => {
    const verdict = judge(null, claims({ concessions: [{ code: 'student', count: 2 }] }));
    expect(verdict).toMatchObject({ colour: 'amber', reason: 'not_in_manifest', remaining: 4 });
    expect(verdict.passenger?.idRequired).toBe(true);
  });
});

describe('every status but confirmed scans red', () => {
  const expected = {
    pending: 'not_approved',
    awaiting_card: 'not_approved',
    cancelled: 'rejected',
    completed: 'completed',
    voided: 'voided',
    cancelled_by_operator: 'cancelled_by_operator',
    cancelled_by_passenger: 'cancelled_by_passenger',
  } as const;

  it('names each status that does not board, and a status added later cannot slip through', () => {
    expect(Object.keys(expected).sort()).toEqual(TICKET_STATUSES.filter((s) => s !== 'confirmed').sort());
  });

  for (const [status, reason] of Object.entries(expected)) {
    it(`is red for a ${status} booking, scanned or typed, current code or old`, () => {
      const p = passenger({ status: status as ManifestPassenger['status'], version: 2 });
      for (const v of [judge(p, claims({ version: 2 })), judge(p, null), judge(p, claims({ version: 1 }))]) {
        expect(v).toMatchObject({ colour: 'red', reason, remaining: 0 });
      }
    });
  }
});

describe('a code of a booking that left this departure', () => {
  it('is red once rebooked, moved or deleted, with why; a later code of the same ticket is not', () => {
    for (const reason of ['rebooked', 'moved', 'deleted'] as const) {
      const revoked = [{ ticketId, version: 3, reason }];
      expect(judge(null, claims({ version: 3 }), 0, 0, revoked)).toMatchObject({
        colour: 'red',
        reason,
        remaining: 0,
      });
      expect(judge(null, claims({ version: 1 }), 0, 0, revoked)).toMatchObject({ colour: 'red', reason });
      // Rebooked back onto this departure later: the newer code is judged as any other.
      expect(judge(null, claims({ version: 4 }), 0, 0, revoked)).toMatchObject({
        colour: 'amber',
        reason: 'not_in_manifest',
      });
    }
  });

  it('leaves other tickets alone, and judges a booking back on the departure by the manifest', () => {
    const revoked = [{ ticketId: scheduleId, version: 9, reason: 'moved' as const }];
    expect(judge(null, claims(), 0, 0, revoked)).toMatchObject({
      colour: 'amber',
      reason: 'not_in_manifest',
    });
    const back = [{ ticketId, version: 2, reason: 'rebooked' as const }];
    expect(judge(passenger({ version: 3 }), claims({ version: 3 }), 0, 0, back)).toMatchObject({
      colour: 'green',
    });
    expect(judge(passenger({ version: 3 }), claims({ version: 2 }), 0, 0, back)).toMatchObject({
      colour: 'red',
      reason: 'superseded',
    });
  });
});

describe('persons on board', () => {
  it('counts boarded passengers on each leg their trip covers, with the crew of the first stop', () => {
    const stops = [0, 1, 2].map((position) => ({
      position,
      name: `S${position}`,
      departureTime: null,
      closure:
        position === 0 ? { at: '', by: '', crew: 3, noShows: 0, countedOff: 0, passengersAboard: 0 } : null,
    }));
    const passengers = [
      passenger({ ticketId: 'a', boarded: 2 }),
      passenger({ ticketId: 'b', adults: 1, children: 0, toStop: 1, boarded: 1 }),
      passenger({ ticketId: 'c', adults: 1, children: 0, fromStop: 1, boarded: 0 }),
      passenger({ ticketId: 'd', status: 'cancelled', boarded: 0 }),
    ];
    expect(personsOnBoard({ stops, passengers }).map((l) => [l.passengers, l.crew])).toEqual([
      [3, 3],
      [2, 3],
    ]);
    // This device's unsent boardings count too, never beyond the party.
    expect(personsOnBoard({ stops, passengers }, new Map([['c', 5]])).map((l) => l.passengers)).toEqual([
      3, 3,
    ]);
  });

  it('counts a seat that changes hands at a stop once on every leg: never both passengers, never neither', () => {
    const stops = [0, 1, 2, 3].map((position) => ({
      position,
      name: `S${position}`,
      departureTime: null,
      closure: null,
    }));
    const one = { adults: 1, children: 0, seats: ['1A'] };
    const passengers = [
      passenger({ ...one, ticketId: 'a', fromStop: 0, toStop: 1, boarded: 1 }),
      passenger({ ...one, ticketId: 'b', fromStop: 1, toStop: 3, boarded: 1 }),
    ];
    expect(personsOnBoard({ stops, passengers }).map((l) => l.passengers)).toEqual([1, 1, 1]);
  });
});

describe('who boards and who gets off at a stop', () => {
  const one = { adults: 1, children: 0 };
  const a = passenger({ ...one, ticketId: 'a', seats: ['1A', '1B'], fromStop: 0, toStop: 1 });
  const b = passenger({ ...one, ticketId: 'b', seats: ['1A'], fromStop: 1, toStop: 3 });
  // Seat 1B of the second launch is another seat than the one A leaves.
  const c = passenger({ ...one, ticketId: 'c', seats: ['1B'], fromStop: 1, toStop: 2, launch: 1 });
  const pending = passenger({ ...one, ticketId: 'p', status: 'pending', fromStop: 1, toStop: 2 });
  const manifest = { passengers: [a, b, c, pending] };

  it('lists the approved bookings whose From is the stop as boarding, and those whose To is it as getting off', () => {
    const ids = (ps: ManifestPassenger[]) => ps.map((p) => p.ticketId);
    expect(ids(stopPassengers(manifest, 0).boarding)).toEqual(['a']);
    expect(ids(stopPassengers(manifest, 0).alighting)).toEqual([]);
    expect(ids(stopPassengers(manifest, 1).boarding)).toEqual(['b', 'c']);
    expect(ids(stopPassengers(manifest, 1).alighting)).toEqual(['a']);
    expect(ids(stopPassengers(manifest, 3).alighting)).toEqual(['b']);
  });

  it('names who takes a seat at the stop where its passenger gets off, on the same launch only', () => {
    const here = stopPassengers(manifest, 1);
    expect(seatHandOver(here, a, '1A')?.ticketId).toBe('b');
    expect(seatHandOver(here, a, '1B')).toBeNull();
  });
});
