import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_MSG } from '#shared/staff-messages.ts';
import {
  makeAdmin,
  makeSchedule,
  makeTicket,
  todayInOperatorZone,
  tomorrowInOperatorZone,
} from '#tests/factories.ts';
import { signInAsAdmin } from '#tests/setup/admin-session.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

describe(`boarding today's departures (${testDatabaseKind})`, () => {
  let t: TestApp;
  let crew: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_SCALE: '100' } });
    crew = (await signInAsAdmin(t.app, { admin: await makeAdmin(t.database.db, { role: 'crew' }) })).cookie;
  });
  afterAll(() => t.close());

  it('lists today’s departures and marks a passenger on board, audited with the crew member', async () => {
    const schedule = await makeSchedule(t.database.db, { travelDate: todayInOperatorZone() });
    const { ticket } = await makeTicket(t.database.db, { schedule, status: 'confirmed' });
    const day = await t.app.inject({ method: 'GET', url: '/api/admin/boarding', headers: { cookie: crew } });
    expect(day.statusCode).toBe(200);
    expect(day.json().date).toBe(todayInOperatorZone());
    expect(day.json().trips.map((trip: { scheduleId: string }) => trip.scheduleId)).toContain(
      schedule.schedule.id,
    );

    const marked = await t.app.inject({
      method: 'POST',
      url: `/api/admin/boarding/${schedule.schedule.id}/tickets/${ticket.id}`,
      headers: { cookie: crew },
      payload: { status: 'present' },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().passengers).toContainEqual(
      expect.objectContaining({ ticketId: ticket.id, markedStatus: 'present' }),
    );
    // Crew may board, not mark a refund.
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/admin/boarding/${schedule.schedule.id}/tickets/${ticket.id}`,
      headers: { cookie: crew },
      payload: { status: 'refunded' },
    });
    expect(refund.statusCode).toBe(400);
  });

  it('refuses another day’s departure, and a ticket of another departure', async () => {
    const tomorrow = await makeSchedule(t.database.db, { travelDate: tomorrowInOperatorZone() });
    const { ticket } = await makeTicket(t.database.db, { schedule: tomorrow, status: 'confirmed' });
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/admin/boarding/${tomorrow.schedule.id}`,
      headers: { cookie: crew },
    });
    expect(list.statusCode).toBe(403);
    expect(list.json().error).toEqual({ code: 'forbidden', message: STAFF_MSG.boardingTodayOnly });
    const today = await makeSchedule(t.database.db, { travelDate: todayInOperatorZone() });
    const other = await t.app.inject({
      method: 'POST',
      url: `/api/admin/boarding/${today.schedule.id}/tickets/${ticket.id}`,
      headers: { cookie: crew },
      payload: { status: 'present' },
    });
    expect(other.statusCode).toBe(404);
  });
});
