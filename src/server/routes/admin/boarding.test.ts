import { describe, expect, it } from 'vitest';
import { STAFF_MSG } from '#shared/messages/staff.ts';
import { makeSchedule, makeTicket, todayInOperatorZone, tomorrowInOperatorZone } from '#tests/factories.ts';
import { useAdminApp } from '#tests/setup/admin-app.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

describe(`boarding today's departures (${testDatabaseKind})`, () => {
  const t = useAdminApp({ role: 'crew' });

  it('lists today’s departures and marks a passenger on board, audited with the crew member', async () => {
    const schedule = await makeSchedule(t.database.db, { travelDate: todayInOperatorZone() });
    const { ticket } = await makeTicket(t.database.db, { schedule, status: 'confirmed' });
    const day = await t.get('/api/admin/boarding');
    expect(day.statusCode).toBe(200);
    expect(day.json().date).toBe(todayInOperatorZone());
    expect(day.json().trips.map((trip: { scheduleId: string }) => trip.scheduleId)).toContain(
      schedule.schedule.id,
    );

    const marked = await t.post(`/api/admin/boarding/${schedule.schedule.id}/tickets/${ticket.id}`, {
      status: 'present',
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().passengers).toContainEqual(
      expect.objectContaining({ ticketId: ticket.id, markedStatus: 'present' }),
    );
    // Crew may board, not mark a refund.
    const refund = await t.post(`/api/admin/boarding/${schedule.schedule.id}/tickets/${ticket.id}`, {
      status: 'refunded',
    });
    expect(refund.statusCode).toBe(400);
  });

  it('refuses another day’s departure, and a ticket of another departure', async () => {
    const tomorrow = await makeSchedule(t.database.db, { travelDate: tomorrowInOperatorZone() });
    const { ticket } = await makeTicket(t.database.db, { schedule: tomorrow, status: 'confirmed' });
    const list = await t.get(`/api/admin/boarding/${tomorrow.schedule.id}`);
    expect(list.statusCode).toBe(403);
    expect(list.json().error).toEqual({ code: 'forbidden', message: STAFF_MSG.boardingTodayOnly });
    const today = await makeSchedule(t.database.db, { travelDate: todayInOperatorZone() });
    const other = await t.post(`/api/admin/boarding/${today.schedule.id}/tickets/${ticket.id}`, {
      status: 'present',
    });
    expect(other.statusCode).toBe(404);
  });
});
