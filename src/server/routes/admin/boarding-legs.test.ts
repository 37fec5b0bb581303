import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { TripPassengers } from '#shared/admin-api.ts';
import {
  type Boarding,
  type BoardingManifest,
  type BoardingResult,
  stopPassengers,
  type TripOnBoard,
} from '#shared/boarding.ts';
import { seatsByLeg } from '#shared/seats-by-leg.ts';
import {
  type MadeSchedule,
  makeLocation,
  makeSchedule,
  makeTicket,
  todayInOperatorZone,
} from '#tests/factories.ts';
import { type StaffSession, useAdminApp } from '#tests/setup/admin-app.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

/** The lines of a CSV file, its byte-order mark set aside. */
const linesOf = (csv: string) => csv.replace(/^\uFEFF/, '').split('\r\n');

// A seat sold per leg (docs/decisions/032) changes hands at a stop: Aminath has 1A from Malé to
// Airport, Badru from Airport to Rasdhoo. Boarding, the counts and the manifests follow the legs.
describe(`boarding a seat that changes hands at a stop (${testDatabaseKind})`, () => {
  let office: StaffSession;
  /** Signed in as Crew. */
  const t = useAdminApp({ role: 'crew' }, async () => {
    office = await t.signInAs('office');
  });

  const manifestOf = async (scheduleId: string) => {
    const res = await t.get(`/api/admin/boarding/${scheduleId}/manifest`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as BoardingManifest;
  };
  const board = async (made: MadeSchedule, ticketId: string, stop: number) => {
    const boarding: Boarding = {
      id: randomUUID(),
      ticketId,
      scheduleId: made.schedule.id,
      stop,
      persons: 1,
      deliberate: false,
      deviceTime: new Date().toISOString(),
    };
    const res = await t.post('/api/admin/boarding/sync', { deviceId: 'device-legs', boardings: [boarding] });
    expect(res.statusCode, res.body).toBe(200);
    const [result] = (res.json() as { results: BoardingResult[] }).results;
    expect(result?.outcome).toBe('boarded');
  };
  const close = async (made: MadeSchedule, stop: number, payload: object = {}) => {
    const res = await t.post(`/api/admin/boarding/${made.schedule.id}/stops/${stop}/close`, payload);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as BoardingManifest).stops[stop]?.closure;
  };
  const onBoard = async (made: MadeSchedule) => {
    const res = await office.get(`/api/admin/trips/${made.schedule.id}/on-board`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as TripOnBoard).legs.map((l) => l.passengers);
  };
  /** Per leg, the boarded bookings whose stretch covers it: who is on board there. */
  const aboardPerLeg = (manifest: BoardingManifest) =>
    manifest.stops
      .slice(0, -1)
      .map((_, leg) =>
        manifest.passengers
          .filter((p) => p.status === 'confirmed' && p.boarded > 0 && p.fromStop <= leg && leg < p.toStop)
          .map((p) => p.name),
      );

  async function changingHands() {
    const stops = [];
    for (const name of ['Malé', 'Airport', 'Thoddoo', 'Rasdhoo']) {
      stops.push({
        locationId: (await makeLocation(t.database.db, { name: `${name} ${randomUUID().slice(0, 6)}` })).id,
      });
    }
    const made = await makeSchedule(t.database.db, { travelDate: todayInOperatorZone(), stops });
    const [male, airport, , rasdhoo] = made.stops;
    const a = await makeTicket(t.database.db, {
      schedule: made,
      seats: ['1A'],
      originId: male?.locationId,
      destinationId: airport?.locationId,
      status: 'confirmed',
      passengerName: 'Aminath Short',
    });
    const b = await makeTicket(t.database.db, {
      schedule: made,
      seats: ['1A'],
      originId: airport?.locationId,
      destinationId: rasdhoo?.locationId,
      status: 'confirmed',
      passengerName: 'Badru Onward',
    });
    return { made, a: a.ticket, b: b.ticket };
  }

  it('lists Badru boarding at Airport and Aminath getting off there, in the data the device keeps', async () => {
    const { made, a, b } = await changingHands();
    const manifest = await manifestOf(made.schedule.id);
    const ids = (stop: number) => {
      const here = stopPassengers(manifest, stop);
      return {
        boarding: here.boarding.map((p) => p.ticketId),
        alighting: here.alighting.map((p) => p.ticketId),
      };
    };
    expect(ids(0)).toEqual({ boarding: [a.id], alighting: [] });
    expect(ids(1)).toEqual({ boarding: [b.id], alighting: [a.id] });
    expect(ids(2)).toEqual({ boarding: [], alighting: [] });
    expect(ids(3)).toEqual({ boarding: [], alighting: [b.id] });
    // Both hold seat 1A of the same launch, for their own legs.
    expect(manifest.passengers.map((p) => [p.name, p.seats, p.launch, p.fromStop, p.toStop])).toEqual([
      ['Aminath Short', ['1A'], 0, 0, 1],
      ['Badru Onward', ['1A'], 0, 1, 3],
    ]);
  });

  it('counts persons on board per leg exactly: leg 0 has Aminath only, legs 1 and 2 Badru only', async () => {
    const { made, a, b } = await changingHands();
    expect(await onBoard(made)).toEqual([0, 0, 0]);

    await board(made, a.id, 0);
    expect(await onBoard(made)).toEqual([1, 0, 0]);
    expect(await close(made, 0, { crew: 2 })).toMatchObject({
      passengersAboard: 1,
      noShows: 0,
      countedOff: 0,
    });

    await board(made, b.id, 1);
    expect(await onBoard(made)).toEqual([1, 1, 1]);
    expect(aboardPerLeg(await manifestOf(made.schedule.id))).toEqual([
      ['Aminath Short'],
      ['Badru Onward'],
      ['Badru Onward'],
    ]);
    // At Airport Aminath is counted off and Badru aboard: one person in seat 1A, not two, not none.
    expect(await close(made, 1)).toMatchObject({ passengersAboard: 1, noShows: 0, countedOff: 1 });
    expect(await close(made, 2)).toMatchObject({ passengersAboard: 1, noShows: 0, countedOff: 0 });
    expect(await onBoard(made)).toEqual([1, 1, 1]);

    // The final manifest's persons on board per leg say the same.
    const final = await office.get(`/api/admin/trips/${made.schedule.id}/final-manifest.csv`);
    expect(final.statusCode, final.body).toBe(200);
    const legRows = linesOf(final.body).filter((l) => /→.*,1,2,3$/.test(l));
    expect(legRows).toHaveLength(3);
  });

  it('lists both occupants of seat 1A with their legs, in the final manifest, the trip manifest and the trip', async () => {
    const { made, a, b } = await changingHands();
    const manifest = await manifestOf(made.schedule.id);
    const [male, airport, thoddoo, rasdhoo] = manifest.stops.map((s) => s.name);
    await board(made, a.id, 0);
    await close(made, 0, { crew: 2 });
    await board(made, b.id, 1);
    await close(made, 1);
    await close(made, 2);

    const aminath = `Aminath Short (${a.paymentReference}) · ${male} → ${airport}`;
    const badru = `Badru Onward (${b.paymentReference}) · ${airport} → ${rasdhoo}`;
    const final = await t.get(`/api/admin/boarding/${made.schedule.id}/final-manifest.csv`);
    expect(final.statusCode, final.body).toBe(200);
    const lines = linesOf(final.body);
    // The tables before it keep their columns.
    expect(lines[0]).toBe('Reference,Name,Nationality,Seats,From,To,Adults,Children,Infants,Boarded,Status');
    const header = lines.indexOf(
      `Launch,Seat,${male} → ${airport},${airport} → ${thoddoo},${thoddoo} → ${rasdhoo}`,
    );
    expect(header).toBeGreaterThan(0);
    expect(lines.slice(header + 1, -1)).toEqual([`${manifest.launches[0]},1A,${aminath},${badru},${badru}`]);

    const tripCsv = await office.get(`/api/admin/trips/${made.schedule.id}/manifest.csv`);
    expect(tripCsv.statusCode, tripCsv.body).toBe(200);
    const tripLines = linesOf(tripCsv.body);
    expect(tripLines[0]).toBe(
      'reference,name,phone,nationality,from,to,departure,seats,adults,children,infants,marked,channel',
    );
    expect(tripLines).toContain(
      `launch,seat,${male} → ${airport},${airport} → ${thoddoo},${thoddoo} → ${rasdhoo}`,
    );
    expect(tripLines).toContain(`${manifest.launches[0]},1A,${aminath},${badru},${badru}`);

    // The trip's passengers carry their legs; the screen lays them out seat by leg.
    const res = await office.get(`/api/admin/trips/${made.schedule.id}/passengers`);
    expect(res.statusCode, res.body).toBe(200);
    const { trip, passengers } = res.json() as TripPassengers;
    expect(passengers.map((p) => [p.name, p.fromStop, p.toStop])).toEqual([
      ['Aminath Short', 0, 1],
      ['Badru Onward', 1, 3],
    ]);
    const seats = seatsByLeg(
      passengers.map((p) => ({ ...p, seats: p.seatNumbers, launch: p.launch?.name ?? null })),
      trip.stops.length - 1,
    );
    expect(seats.map((s) => [s.seat, s.legs.map((o) => o?.name)])).toEqual([
      ['1A', ['Aminath Short', 'Badru Onward', 'Badru Onward']],
    ]);
  });
});
