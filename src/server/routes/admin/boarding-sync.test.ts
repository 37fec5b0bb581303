import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, boardings, tickets } from '#server/db/schema.ts';
import type { Boarding, BoardingManifest, BoardingResult } from '#shared/boarding.ts';
import { verifyCode } from '#shared/e-ticket-code.ts';
import { STAFF_MSG } from '#shared/messages/staff.ts';
import {
  type MadeSchedule,
  makeLaunch,
  makeSchedule,
  makeTicket,
  todayInOperatorZone,
} from '#tests/factories.ts';
import { type StaffSession, useAdminApp } from '#tests/setup/admin-app.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

const adult = (quantity: number) => ({
  type: 'local' as const,
  category: 'adult' as const,
  quantity,
  price: '100.00',
});
const child = (quantity: number) => ({
  type: 'local' as const,
  category: 'child' as const,
  quantity,
  price: '50.00',
});

describe(`offline boarding: manifest, sync, conflicts, closing (${testDatabaseKind})`, () => {
  let counter: StaffSession;
  let office: StaffSession;
  let owner: StaffSession;

  /** Signed in as Crew. */
  const t = useAdminApp({ role: 'crew' }, async () => {
    counter = await t.signInAs('counter');
    office = await t.signInAs('office');
    owner = await t.signInAs('owner');
  });

  const manifestOf = async (scheduleId: string, as: StaffSession = t) => {
    const res = await as.get(`/api/admin/boarding/${scheduleId}/manifest`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    return res.json() as BoardingManifest;
  };
  const sync = async (deviceId: string, boardings: Boarding[], as: StaffSession = t) => {
    const res = await as.post('/api/admin/boarding/sync', { deviceId, boardings });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { results: BoardingResult[] }).results;
  };
  const boarding = (made: MadeSchedule, ticketId: string, over: Partial<Boarding> = {}): Boarding => ({
    id: randomUUID(),
    ticketId,
    scheduleId: made.schedule.id,
    stop: 0,
    persons: 1,
    deliberate: false,
    deviceTime: new Date().toISOString(),
    ...over,
  });
  const close = (scheduleId: string, stop: number, payload: object, as: StaffSession = t) =>
    as.post(`/api/admin/boarding/${scheduleId}/stops/${stop}/close`, payload);
  const reopen = (scheduleId: string, stop: number, payload: object, as: StaffSession = t) =>
    as.post(`/api/admin/boarding/${scheduleId}/stops/${stop}/reopen`, payload);
  /** A marking by hand: on the boarding screen (Crew, Counter, Owner) or the ticket card (Office, Owner). */
  const markOnBoarding = (made: MadeSchedule, ticketId: string, payload: object, as: StaffSession = t) =>
    as.post(`/api/admin/boarding/${made.schedule.id}/tickets/${ticketId}`, payload);
  const markOnCard = (ticketId: string, payload: object, as: StaffSession = office) =>
    as.post(`/api/admin/tickets/${ticketId}/mark`, payload);
  /** The persons a ticket's boardings took: the record of who is on board. */
  const boardedOf = async (ticketId: string) =>
    (await t.database.db.select().from(boardings).where(eq(boardings.ticketId, ticketId))).reduce(
      (n, r) => n + r.accepted,
      0,
    );
  const passengerOf = async (made: MadeSchedule, ticketId: string) =>
    (await manifestOf(made.schedule.id)).passengers.find((p) => p.ticketId === ticketId);

  it('gives a device the least personal data boarding needs, and public keys that check the e-ticket codes', async () => {
    const made = await makeSchedule(t.database.db, { travelDate: todayInOperatorZone(), stops: 3 });
    const { ticket } = await makeTicket(t.database.db, {
      schedule: made,
      status: 'confirmed',
      passengerEmail: 'secret.person@example.com',
      passengerPhone: '+960 7771234',
      passengerNationality: 'Norway',
      breakdown: [adult(1), child(1)],
      seats: ['1A', '1B'],
    });
    const manifest = await manifestOf(made.schedule.id);
    expect(manifest.stops.map((s) => s.position)).toEqual([0, 1, 2]);
    const row = manifest.passengers.find((p) => p.ticketId === ticket.id);
    expect(row).toMatchObject({
      adults: 1,
      children: 1,
      seats: ['1A', '1B'],
      fromStop: 0,
      toStop: 2,
      boarded: 0,
    });
    const text = JSON.stringify(manifest);
    for (const secret of ['secret.person@example.com', '7771234', 'Norway'])
      expect(text).not.toContain(secret);
    // The keys the device gets verify a code the server signed, and only public halves are sent.
    const code = t.app.deps.ticketSigner().sign({
      ticketId: ticket.id,
      scheduleId: made.schedule.id,
      travelDate: made.schedule.travelDate,
      fromStop: 0,
      toStop: 2,
      seats: ['1A', '1B'],
      adults: 1,
      children: 1,
      version: 1,
    });
    expect((await verifyCode(code, manifest.keys)).ok).toBe(true);
    expect(manifest.keys.every((k) => Object.keys(k).sort().join() === 'keyId,publicKey')).toBe(true);
  });

  it('boards part of a party, then the rest; sending again changes nothing', async () => {
    const made = await makeSchedule(t.database.db, { travelDate: todayInOperatorZone() });
    const { ticket } = await makeTicket(t.database.db, {
      schedule: made,
      status: 'confirmed',
      breakdown: [adult(3), child(1)],
      seats: ['1A', '1B', '1C', '1D'],
    });
    const three = boarding(made, ticket.id, { persons: 3 });
    expect(await sync('device-aaaa', [three])).toEqual([
      { id: three.id, ticketId: ticket.id, outcome: 'boarded', accepted: 3, firstBoarding: null },
    ]);
    // The same boarding sent again (a lost answer): the same result, nobody counted twice.
    expect((await sync('device-aaaa', [three]))[0]).toMatchObject({ outcome: 'boarded', accepted: 3 });
    let row = (await manifestOf(made.schedule.id)).passengers.find((p) => p.ticketId === ticket.id);
    expect(row?.boarded).toBe(3);
    expect(row?.marked).toBe('present');
    const last = boarding(made, ticket.id, { persons: 1 });
    expect((await sync('device-aaaa', [last]))[0]).toMatchObject({ outcome: 'boarded', accepted: 1 });
    row = (await manifestOf(made.schedule.id)).passengers.find((p) => p.ticketId === ticket.id);
    expect(row?.boarded).toBe(4);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, ticket.id));
    expect(audits.filter((a) => a.action === 'board')).toHaveLength(2);
  });

  it('two devices board one ticket offline: the first to reach the server wins, the second is a conflict', async () => {
    const made = await makeSchedule(t.database.db, { travelDate: todayInOperatorZone() });
    const { ticket } = await makeTicket(t.database.db, { schedule: made, status: 'confirmed' });
    const onA = boarding(made, ticket.id, { deviceTime: '2026-01-01T06:00:00.000Z' });
    const onB = boarding(made, ticket.id, { deviceTime: '2026-01-01T05:59:00.000Z' });
    // Sent at once: serialised on the ticket row, so exactly one boards.
    const [a, b] = await Promise.all([sync('device-aaaa', [onA]), sync('device-bbbb', [onB])]);
    const outcomes = [a[0]?.outcome, b[0]?.outcome].sort();
    expect(outcomes).toEqual(['boarded', 'conflict']);
    const conflict = [a[0], b[0]].find((r) => r?.outcome === 'conflict');
    const winner = a[0]?.outcome === 'boarded' ? 'device-aaaa' : 'device-bbbb';
    expect(conflict?.firstBoarding?.deviceId).toBe(winner);
    expect(await boardedOf(ticket.id)).toBe(1);
    // The loser sending again still sees its conflict.
    const again = await sync(conflict?.id === onA.id ? 'device-aaaa' : 'device-bbbb', [
      conflict?.id === onA.id ? onA : onB,
    ]);
    expect(again[0]).toMatchObject({ outcome: 'conflict', accepted: 0 });
  });

  it('refuses boardings of a rejected or pending booking, and of another departure’s ticket', async () => {
    const made = await makeSchedule(t.database.db, { travelDate: todayInOperatorZone() });
    const { ticket: rejected } = await makeTicket(t.database.db, { schedule: made, status: 'cancelled' });
    const { ticket: pending } = await makeTicket(t.database.db, { schedule: made, status: 'pending' });
    const other = await makeSchedule(t.database.db, { travelDate: todayInOperatorZone() });
    const { ticket: elsewhere } = await makeTicket(t.database.db, { schedule: other, status: 'confirmed' });
    const results = await sync('device-aaaa', [
      boarding(made, rejected.id),
      boarding(made, pending.id),
      boarding(made, elsewhere.id),
    ]);
    expect(results.map((r) => r.outcome)).toEqual(['refused', 'refused', 'refused']);
    expect(await boardedOf(elsewhere.id)).toBe(0);
  });

  it('refuses every status but confirmed, and records each refusal with why', async () => {
    const made = await makeSchedule(t.database.db, { travelDate: todayInOperatorZone() });
    const statuses = [
      'pending',
      'cancelled',
      'completed',
      'voided',
      'cancelled_by_operator',
      'cancelled_by_passenger',
    ] as const;
    const made2 = [];
    for (const status of statuses) made2.push(await makeTicket(t.database.db, { schedule: made, status }));
    const sent = made2.map(({ ticket }) => boarding(made, ticket.id, { deliberate: true }));
    const results = await sync('device-refused', sent);
    expect(results.map((r) => [r.outcome, r.accepted])).toEqual(statuses.map(() => ['refused', 0]));
    for (const [i, status] of statuses.entries()) {
      const ticketId = made2[i]?.ticket.id ?? '';
      const [stored] = await t.database.db.select().from(tickets).where(eq(tickets.id, ticketId));
      expect(await boardedOf(ticketId)).toBe(0);
      expect(stored?.markedStatus).toBeNull();
      const rows = await t.database.db.select().from(boardings).where(eq(boardings.ticketId, ticketId));
      expect(rows).toEqual([
        expect.objectContaining({
          outcome: 'refused',
          accepted: 0,
          deliberate: true,
          deviceId: 'device-refused',
        }),
      ]);
      const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, ticketId));
      expect(audits.map((a) => [a.action, (a.after as { why: string }).why])).toEqual([
        ['board_refused', status],
      ]);
    }
    // Sent again (a lost answer): the same refusal, not a second record.
    expect((await sync('device-refused', sent.slice(0, 1)))[0]?.outcome).toBe('refused');
    const again = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, made2[0]?.ticket.id ?? ''));
    expect(again).toHaveLength(1);
  });

  it('keeps a deliberate (amber) boarding marked as such, in the boarding and in the audit', async () => {
    const made = await makeSchedule(t.database.db, { travelDate: todayInOperatorZone() });
    const { ticket } = await makeTicket(t.database.db, { schedule: made, status: 'confirmed' });
    const { ticket: plain } = await makeTicket(t.database.db, { schedule: made, status: 'confirmed' });
    await sync('device-aaaa', [
      boarding(made, ticket.id, { deliberate: true }),
      boarding(made, plain.id, { deliberate: false }),
    ]);
    for (const [id, deliberate] of [
      [ticket.id, true],
      [plain.id, false],
    ] as const) {
      const [row] = await t.database.db.select().from(boardings).where(eq(boardings.ticketId, id));
      expect(row).toMatchObject({ outcome: 'boarded', deliberate });
      const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, id));
      expect(audit).toMatchObject({ action: 'board', after: expect.objectContaining({ deliberate }) });
    }
  });

  it('closes boarding stop by stop: no-shows marked, persons on board per leg, and the final manifest', async () => {
    const made = await makeSchedule(t.database.db, { travelDate: todayInOperatorZone(), stops: 3 });
    const [s0, s1, s2] = made.stops;
    const whole = await makeTicket(t.database.db, {
      schedule: made,
      status: 'confirmed',
      passengerName: 'Aminath Whole',
      breakdown: [adult(2)],
      seats: ['1A', '1B'],
    });
    const offAtMiddle = await makeTicket(t.database.db, {
      schedule: made,
      status: 'confirmed',
      passengerName: 'Hassan Middle',
      destinationId: s1?.locationId,
      seats: ['2A'],
    });
    const noShow = await makeTicket(t.database.db, {
      schedule: made,
      status: 'confirmed',
      passengerName: 'Ibrahim Absent',
      seats: ['3A'],
    });
    const joinsLater = await makeTicket(t.database.db, {
      schedule: made,
      status: 'confirmed',
      passengerName: 'Mariyam Later',
      originId: s1?.locationId,
      destinationId: s2?.locationId,
      seats: ['4A'],
    });
    await makeTicket(t.database.db, {
      schedule: made,
      status: 'pending',
      passengerName: 'Pending Person',
      seats: ['5A'],
    });
    expect(s0).toBeDefined();

    await sync('device-aaaa', [
      boarding(made, whole.ticket.id, { persons: 2 }),
      boarding(made, offAtMiddle.ticket.id),
    ]);
    // The crew count is asked at the first stop; the middle stop cannot close first.
    expect((await close(made.schedule.id, 0, {})).statusCode).toBe(400);
    expect((await close(made.schedule.id, 1, {})).statusCode).toBe(409);
    // Nobody boards at the last stop.
    expect((await close(made.schedule.id, 2, {})).statusCode).toBe(404);
    // The final manifest waits for every stop.
    const early = await t.get(`/api/admin/boarding/${made.schedule.id}/final-manifest.csv`);
    expect(early.statusCode).toBe(409);

    const first = await close(made.schedule.id, 0, { crew: 3 });
    expect(first.statusCode, first.body).toBe(200);
    const afterFirst = first.json() as BoardingManifest;
    expect(afterFirst.stops[0]?.closure).toMatchObject({ crew: 3, noShows: 1, passengersAboard: 3 });
    expect(afterFirst.passengers.find((p) => p.ticketId === noShow.ticket.id)?.marked).toBe('no_show');
    expect((await close(made.schedule.id, 0, { crew: 3 })).statusCode).toBe(409);

    // Ticketing shows the live count per leg (passengers plus crew).
    const live = await office.get(`/api/admin/trips/${made.schedule.id}/on-board`);
    expect(live.statusCode, live.body).toBe(200);
    expect(live.json().legs.map((l: { passengers: number; crew: number }) => [l.passengers, l.crew])).toEqual(
      [
        [3, 3],
        [2, 3],
      ],
    );
    expect(live.json().pending).toEqual([expect.objectContaining({ name: 'Pending Person' })]);

    await sync('device-aaaa', [boarding(made, joinsLater.ticket.id, { stop: 1 })]);
    const second = await close(made.schedule.id, 1, {}, counter);
    expect(second.statusCode, second.body).toBe(200);
    expect((second.json() as BoardingManifest).stops[1]?.closure).toMatchObject({
      noShows: 0,
      countedOff: 1,
      passengersAboard: 3,
      crew: null,
    });

    const final = await t.get(`/api/admin/boarding/${made.schedule.id}/final-manifest.csv`);
    expect(final.statusCode, final.body).toBe(200);
    expect(final.headers['content-type']).toContain('text/csv');
    const csv = final.body;
    expect(csv).toMatch(/Aminath Whole,.*,2,0,0,2,On board/);
    expect(csv).toMatch(/Ibrahim Absent,.*,1,0,0,0,No-show/);
    // Per leg: passengers, crew, persons on board.
    expect(csv).toMatch(/→.*,3,3,6\r\n/);
    expect(csv).toMatch(/→.*,3,3,6\r\n.*→.*,3,3,6/s);
    expect(csv).toContain('Pending Person');
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'close_boarding'));
    expect(audits.filter((a) => a.entityId === made.schedule.id)).toHaveLength(2);
  });

  it('a cancel supersedes the e-ticket code: the manifest carries the new version', async () => {
    const made = await makeSchedule(t.database.db, { travelDate: todayInOperatorZone() });
    const { ticket } = await makeTicket(t.database.db, { schedule: made, status: 'confirmed' });
    const before = (await manifestOf(made.schedule.id)).passengers.find((p) => p.ticketId === ticket.id);
    const owner = await t.signInAs('owner');
    const marked = await owner.post(`/api/admin/tickets/${ticket.id}/mark`, { status: 'cancelled' });
    expect(marked.statusCode, marked.body).toBe(200);
    const after = (await manifestOf(made.schedule.id)).passengers.find((p) => p.ticketId === ticket.id);
    expect(after?.version).toBe((before?.version ?? 0) + 1);
    expect(after?.marked).toBe('cancelled');
    // And the server refuses to board it, whatever a device that has not synced thinks.
    expect((await sync('device-aaaa', [boarding(made, ticket.id)]))[0]?.outcome).toBe('refused');
  });

  it('keeps a 200-seat departure small on the device (the figure is printed)', async () => {
    const launch = await makeLaunch(t.database.db, { seats: 200 });
    const made = await makeSchedule(t.database.db, {
      travelDate: todayInOperatorZone(),
      stops: 4,
      launchIds: [launch.id],
    });
    for (let i = 0; i < 200; i++) {
      await makeTicket(t.database.db, {
        schedule: made,
        status: 'confirmed',
        passengerName: `Passenger Number ${String(i).padStart(3, '0')} Mohamed`,
        seats: [launch.seatNumbers[i] ?? ''],
      });
    }
    const manifest = await manifestOf(made.schedule.id);
    expect(manifest.passengers).toHaveLength(200);
    const bytes = Buffer.byteLength(JSON.stringify(manifest));
    console.log(`[boarding] manifest of a 200-seat departure on the device: ${bytes} bytes of JSON`);
    expect(bytes).toBeLessThan(80 * 1024);
  });

  it('keeps crew to boarding: no CSV of a departure through Ticketing, and no office screens', async () => {
    const made = await makeSchedule(t.database.db, { travelDate: todayInOperatorZone() });
    const res = await t.get(`/api/admin/trips/${made.schedule.id}/on-board`);
    expect(res.statusCode).toBe(403);
  });

  it('a boarded party stays boarded: a no-show marking takes nobody off, and another scan boards nobody again', async () => {
    const made = await makeSchedule(t.database.db, { travelDate: todayInOperatorZone() });
    const { ticket } = await makeTicket(t.database.db, {
      schedule: made,
      status: 'confirmed',
      breakdown: [adult(2)],
      seats: ['1A', '1B'],
    });
    expect((await sync('device-aaaa', [boarding(made, ticket.id, { persons: 2 })]))[0]?.accepted).toBe(2);
    // Crew may not take a boarded party off by marking it; the office may, saying why.
    const byCrew = await markOnBoarding(made, ticket.id, { status: 'no_show' });
    expect(byCrew.statusCode, byCrew.body).toBe(409);
    expect(byCrew.json().error).toEqual({ code: 'boarded', message: STAFF_MSG.noShowBoarded });
    for (const unexplained of [
      await markOnCard(ticket.id, { status: 'no_show' }),
      await markOnBoarding(made, ticket.id, { status: 'no_show' }, owner),
    ]) {
      expect(unexplained.statusCode, unexplained.body).toBe(400);
      expect(unexplained.json().error).toMatchObject({ code: 'reason_required' });
    }
    const byOffice = await markOnCard(ticket.id, {
      status: 'no_show',
      reason: 'Left the boat before departure',
    });
    expect(byOffice.statusCode, byOffice.body).toBe(200);
    // The ticket card shows how many boarded: it asks the office for a reason before this.
    expect(byOffice.json()).toMatchObject({ markedStatus: 'no_show', boarded: 2 });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, ticket.id), eq(auditLog.action, 'mark')));
    expect(audit?.after).toMatchObject({ markedStatus: 'no_show', reason: 'Left the boat before departure' });
    // The boardings stand: the party counts as boarded, and the same code cannot board it twice.
    expect(await passengerOf(made, ticket.id)).toMatchObject({ boarded: 2, marked: 'no_show' });
    const again = await sync('device-bbbb', [boarding(made, ticket.id, { persons: 2 })]);
    expect(again[0]).toMatchObject({ outcome: 'conflict', accepted: 0 });
    expect((await passengerOf(made, ticket.id))?.boarded).toBe(2);
  });

  it('records a "present" marking as a boarding of the rest of the party, so a scan after it boards nobody', async () => {
    const made = await makeSchedule(t.database.db, { travelDate: todayInOperatorZone() });
    const { ticket } = await makeTicket(t.database.db, {
      schedule: made,
      status: 'confirmed',
      breakdown: [adult(2), child(1)],
      seats: ['1A', '1B', '1C'],
    });
    await sync('device-aaaa', [boarding(made, ticket.id, { persons: 1 })]);
    const present = await markOnBoarding(made, ticket.id, { status: 'present' });
    expect(present.statusCode, present.body).toBe(200);
    const rows = await t.database.db.select().from(boardings).where(eq(boardings.ticketId, ticket.id));
    expect(rows.map((r) => [r.outcome, r.accepted]).sort()).toEqual([
      ['boarded', 1],
      ['boarded', 2],
    ]);
    expect(await passengerOf(made, ticket.id)).toMatchObject({ boarded: 3, marked: 'present' });
    const scan = await sync('device-bbbb', [boarding(made, ticket.id, { persons: 1 })]);
    expect(scan[0]).toMatchObject({ outcome: 'conflict', accepted: 0 });
    // Crew marking a party that never boarded a no-show is still theirs to do.
    const { ticket: absent } = await makeTicket(t.database.db, { schedule: made, status: 'confirmed' });
    expect((await markOnBoarding(made, absent.id, { status: 'no_show' })).statusCode).toBe(200);
  });

  it('refuses a boarding synced after its stop closed; the last closed stop reopens with a reason, and then it counts', async () => {
    const made = await makeSchedule(t.database.db, { travelDate: todayInOperatorZone(), stops: 3 });
    const onTime = await makeTicket(t.database.db, { schedule: made, status: 'confirmed', seats: ['1A'] });
    const late = await makeTicket(t.database.db, {
      schedule: made,
      status: 'confirmed',
      passengerName: 'Late Sync',
      seats: ['2A'],
    });
    const absent = await makeTicket(t.database.db, {
      schedule: made,
      status: 'confirmed',
      passengerName: 'Absent Person',
      seats: ['3A'],
    });
    await sync('device-aaaa', [boarding(made, onTime.ticket.id)]);
    // Boarded on a device that was offline: it reaches the server after the crew closed the stop.
    const offline = boarding(made, late.ticket.id, {
      deviceTime: new Date(Date.now() - 60_000).toISOString(),
    });
    const first = await close(made.schedule.id, 0, { crew: 2 });
    expect(first.statusCode, first.body).toBe(200);
    expect((first.json() as BoardingManifest).stops[0]?.closure).toMatchObject({
      noShows: 2,
      passengersAboard: 1,
    });
    expect((await sync('device-late', [offline]))[0]).toMatchObject({ outcome: 'refused', accepted: 0 });
    const [kept] = await t.database.db.select().from(boardings).where(eq(boardings.id, offline.id));
    expect(kept).toMatchObject({ outcome: 'refused', accepted: 0, deviceId: 'device-late' });
    const refusals = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, late.ticket.id), eq(auditLog.action, 'board_refused')));
    expect(refusals.map((a) => (a.after as { why: string }).why)).toEqual(['stop_closed']);
    // Nor does a marking by hand board anyone at a closed stop.
    const marked = await markOnBoarding(made, absent.ticket.id, { status: 'present' });
    expect(marked.statusCode, marked.body).toBe(409);
    expect(marked.json().error.code).toBe('boarding_closed');

    // The closed stop's count and the final manifest agree.
    expect((await close(made.schedule.id, 1, {})).statusCode).toBe(200);
    const final = await t.get(`/api/admin/boarding/${made.schedule.id}/final-manifest.csv`);
    expect(final.body).toMatch(/Late Sync,.*,1,0,0,0,No-show/);
    expect(final.body).toMatch(/→.*,1,2,3\r\n/);

    // Reopening goes back in route order, one stop at a time, and says why.
    const outOfOrder = await reopen(made.schedule.id, 0, { reason: 'A late boarding' });
    expect(outOfOrder.statusCode, outOfOrder.body).toBe(409);
    expect(outOfOrder.json().error).toEqual({ code: 'boarding_order', message: STAFF_MSG.reopenInOrder });
    expect((await reopen(made.schedule.id, 1, {})).statusCode).toBe(400);
    expect((await reopen(made.schedule.id, 1, { reason: 'A late boarding' })).statusCode).toBe(200);
    const reopened = await reopen(made.schedule.id, 0, { reason: 'A device synced late' }, counter);
    expect(reopened.statusCode, reopened.body).toBe(200);
    const open = reopened.json() as BoardingManifest;
    expect(open.stops.map((s) => s.closure)).toEqual([null, null, null]);
    // The closure's no-show markings are undone, so those passengers can still board.
    expect(open.passengers.find((p) => p.ticketId === late.ticket.id)?.marked).toBeNull();
    expect(open.passengers.find((p) => p.ticketId === absent.ticket.id)?.marked).toBeNull();
    expect(open.passengers.find((p) => p.ticketId === onTime.ticket.id)?.marked).toBe('present');
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entityId, made.schedule.id),
          eq(auditLog.action, 'reopen_boarding'),
          sql`${auditLog.after}->>'stop' = '0'`,
        ),
      );
    expect(audit?.before).toMatchObject({ crew: 2, noShows: 2, passengersAboard: 1 });
    expect(audit?.after).toMatchObject({
      stop: 0,
      reason: 'A device synced late',
      noShowsReverted: expect.arrayContaining([late.ticket.id, absent.ticket.id]),
    });
    const notClosed = await reopen(made.schedule.id, 0, { reason: 'Again' });
    expect(notClosed.statusCode).toBe(409);
    expect(notClosed.json().error.code).toBe('boarding_open');

    // The device sends the late boarding again (a new one, after its refusal): now it counts.
    expect((await sync('device-late', [boarding(made, late.ticket.id)]))[0]?.outcome).toBe('boarded');
    const closedAgain = await close(made.schedule.id, 0, { crew: 2 });
    expect((closedAgain.json() as BoardingManifest).stops[0]?.closure).toMatchObject({
      noShows: 1,
      passengersAboard: 2,
    });
  });
});
