import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketCounts, tickets } from '#server/db/schema.ts';
import { addDays } from '#server/lib/clock.ts';
import { makeSchedule, makeTicket, todayInOperatorZone } from '#tests/factories.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from '#tests/setup/test-db.ts';
import { listTickets } from './list-tickets.ts';
import { foldTicketCounts } from './sweep/fold-ticket-counts.ts';

const clock = { now: () => new Date() };

/**
 * The kept tab counts (docs/decisions/045-year-scale.md) against counting the tickets
 * themselves, after every kind of write the triggers see: inserts one and many at a time,
 * status changes, a moved travel date, updates of other columns, deletes, and the sweep's fold.
 */
describe(`the kept ticket counts (${testDatabaseKind})`, () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.dispose();
  });

  async function kept(date?: string) {
    const rows = await database.db
      .select({ status: ticketCounts.ticketStatus, n: sql<number>`sum(${ticketCounts.tickets})::int` })
      .from(ticketCounts)
      .where(date ? eq(ticketCounts.travelDate, date) : undefined)
      .groupBy(ticketCounts.ticketStatus);
    return Object.fromEntries(rows.filter((r) => Number(r.n) !== 0).map((r) => [r.status, Number(r.n)]));
  }
  async function counted(date?: string) {
    const rows = await database.db
      .select({ status: tickets.ticketStatus, n: sql<number>`count(*)::int` })
      .from(tickets)
      .where(date ? eq(tickets.travelDate, date) : undefined)
      .groupBy(tickets.ticketStatus);
    return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  }

  it('agree with the tickets after inserts, status changes, a moved date, deletes and folds', async () => {
    const first = await makeSchedule(database.db, { travelDate: addDays(todayInOperatorZone(), 3) });
    const second = await makeSchedule(database.db, { travelDate: addDays(todayInOperatorZone(), 4) });
    const made = [];
    for (let i = 0; i < 4; i++) made.push(await makeTicket(database.db, { schedule: first }));
    made.push(await makeTicket(database.db, { schedule: second, status: 'confirmed' }));
    const day = first.schedule.travelDate;
    expect(await kept(day)).toEqual({ pending: 4 });
    expect(await kept()).toEqual(await counted());

    // Approve two in one statement, cancel one, touch a column no count reads.
    const ids = made.map((m) => m.ticket.id);
    await database.db
      .update(tickets)
      .set({ ticketStatus: 'confirmed' })
      .where(inArray(tickets.id, ids.slice(0, 2)));
    await database.db
      .update(tickets)
      .set({ ticketStatus: 'cancelled' })
      .where(eq(tickets.id, ids[2] as string));
    await database.db.update(tickets).set({ remarks: 'checked' }).where(inArray(tickets.id, ids));
    expect(await kept(day)).toEqual({ pending: 1, confirmed: 2, cancelled: 1 });

    // A rebooking moves a ticket to another day; a deletion takes it off.
    await database.db
      .update(tickets)
      .set({ travelDate: second.schedule.travelDate, scheduleId: second.schedule.id })
      .where(eq(tickets.id, ids[3] as string));
    await database.db.delete(tickets).where(eq(tickets.id, ids[4] as string));
    expect(await kept(day)).toEqual(await counted(day));
    expect(await kept(second.schedule.travelDate)).toEqual({ pending: 1 });
    expect(await kept()).toEqual(await counted());

    // The fold leaves one row per date and status, and the same sums.
    const rowsBefore = (await database.db.select().from(ticketCounts)).length;
    const folded = await foldTicketCounts({ db: database.db, clock });
    const rowsAfter = await database.db.select().from(ticketCounts);
    expect(folded).toBe(rowsBefore - rowsAfter.length);
    expect(folded).toBeGreaterThan(0);
    expect(new Set(rowsAfter.map((r) => `${r.travelDate}/${r.ticketStatus}`)).size).toBe(rowsAfter.length);
    expect(rowsAfter.every((r) => r.tickets !== 0)).toBe(true);
    expect(await kept()).toEqual(await counted());
    expect(await foldTicketCounts({ db: database.db, clock })).toBe(0);
  });

  it('are what the ticket list shows for a tab, by date and for the whole year', async () => {
    const { schedule } = await makeSchedule(database.db, { travelDate: addDays(todayInOperatorZone(), 6) });
    await makeTicket(database.db, { schedule, status: 'confirmed' });
    await makeTicket(database.db, { schedule, status: 'cancelled' });
    const byDate = await listTickets({
      db: database.db,
      query: { status: 'approved', date: schedule.travelDate },
    });
    expect(byDate.counts).toEqual({ pending: 0, approved: 1, rejected: 1 });
    const all = await counted();
    const whole = await listTickets({ db: database.db, query: {} });
    expect(whole.counts).toEqual({
      pending: all.pending ?? 0,
      approved: all.confirmed ?? 0,
      rejected: all.cancelled ?? 0,
    });
  });
});
