import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  boardings,
  launches,
  locations,
  refundRequests,
  reportDayChanges,
  reportDays,
  schedules,
  tickets,
} from '#server/db/schema.ts';
import { addDays } from '#server/lib/clock.ts';
import type { ReportSummary } from '#shared/reports.ts';
import {
  makeLaunch,
  makeLocation,
  makeRefundRequest,
  makeSchedule,
  makeTicket,
  seatLabels,
  todayInOperatorZone,
} from '#tests/factories.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from '#tests/setup/test-db.ts';
import { readReportDays } from './read-report-days.ts';
import { readReportSummary } from './read-report-summary.ts';
import { startReportDaysJob } from './start-report-days-job.ts';

const TZ = 'Indian/Maldives';
const today = todayInOperatorZone();
const closed = addDays(today, -3);

/*
 * A closed day's report is kept (report_days, docs/decisions/045-year-scale.md) and must never
 * differ from the same report read from the tables: after each kind of change the report reads,
 * the kept answer is compared with one made inside a transaction, where nothing kept is used.
 */
describe(`the kept report days (${testDatabaseKind})`, () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.dispose();
  });

  const range = { from: addDays(today, -5), to: today, tzOperator: TZ };
  const withoutTime = ({ generatedAt: _at, ...rest }: ReportSummary) => rest;
  /** The report as it is answered: kept days where they are fresh. */
  const answered = async () =>
    withoutTime(await readReportSummary({ db: database.db, ...range, now: new Date() }));
  /** The same report read from the tables only (inside a transaction nothing is kept or used). */
  const fromTables = async () =>
    withoutTime(
      await database.db.transaction((tx) => readReportSummary({ db: tx, ...range, now: new Date() })),
    );
  const keptDates = async () =>
    (await database.db.select({ date: reportDays.travelDate }).from(reportDays)).map((r) => r.date).sort();

  it('keeps a closed day, never today, and reads it again after every change it depends on', async () => {
    const [male, airport] = [await makeLocation(database.db), await makeLocation(database.db)];
    const launch = await makeLaunch(database.db, { seats: 12 });
    const stops = [{ locationId: male.id }, { locationId: airport.id }];
    const past = await makeSchedule(database.db, { travelDate: closed, stops, launchIds: [launch.id] });
    const now = await makeSchedule(database.db, { travelDate: today, stops, launchIds: [launch.id] });
    const sold = [];
    for (let i = 0; i < 3; i++)
      sold.push((await makeTicket(database.db, { schedule: past, status: 'confirmed' })).ticket);
    await makeTicket(database.db, { schedule: now, status: 'confirmed' });

    const first = await answered();
    expect(first).toEqual(await fromTables());
    expect(first.seatsSold).toBe(4);
    expect(await keptDates()).toEqual([
      addDays(today, -5),
      addDays(today, -4),
      closed,
      addDays(today, -2),
      addDays(today, -1),
    ]);
    // Answered again from what was kept: the same.
    expect(await answered()).toEqual(first);

    const [one, two, three] = sold as [(typeof sold)[0], (typeof sold)[0], (typeof sold)[0]];
    const changes: Array<[string, () => Promise<unknown>, (r: ReturnType<typeof withoutTime>) => unknown]> = [
      [
        'somebody boarded',
        () =>
          database.db.insert(boardings).values({
            id: randomUUID(),
            ticketId: one.id,
            scheduleId: one.scheduleId,
            stop: 0,
            persons: 1,
            accepted: 1,
            outcome: 'boarded',
            deviceId: 'test-device',
            deviceTime: new Date(),
          }),
        (r) => r.cancellations[0]?.noShows,
      ],
      [
        'the operator cancelled a booking',
        () =>
          database.db
            .update(tickets)
            .set({ ticketStatus: 'cancelled_by_operator' })
            .where(eq(tickets.id, two.id)),
        (r) => r.seatsSold,
      ],
      [
        'a refund was paid',
        async () => {
          const request = await makeRefundRequest(database.db, two);
          await database.db
            .update(refundRequests)
            .set({ status: 'refunded', refundedAt: new Date() })
            .where(eq(refundRequests.id, request.id));
        },
        (r) => r.refunds,
      ],
      [
        'the departure was completed',
        () =>
          database.db
            .update(schedules)
            .set({ status: 'completed' })
            .where(eq(schedules.id, past.schedule.id)),
        (r) => r.load.departures[0]?.status,
      ],
      [
        'a place was renamed',
        () => database.db.update(locations).set({ name: 'Velana' }).where(eq(locations.id, airport.id)),
        (r) => r.load.departures[0]?.route,
      ],
      [
        'the launch has more seats',
        () =>
          database.db
            .update(launches)
            .set({ seatNumbers: seatLabels(20) })
            .where(eq(launches.id, launch.id)),
        (r) => r.seatsOffered,
      ],
      [
        'a booking was deleted',
        () => database.db.delete(tickets).where(eq(tickets.id, three.id)),
        (r) => r.passengers,
      ],
    ];
    let before = first;
    for (const [what, change, figure] of changes) {
      await change();
      const after = await answered();
      expect(after, what).toEqual(await fromTables());
      expect(figure(after), what).not.toEqual(figure(before));
      expect(await keptDates(), what).not.toContain(today);
      before = after;
    }
  });

  it('keeps nothing of a transaction, and only brings the days up to date when asked for no figures', async () => {
    await database.db.delete(reportDays);
    await database.db.transaction((tx) => readReportSummary({ db: tx, ...range, now: new Date() }));
    expect(await keptDates()).toEqual([]);
    const none = await readReportDays({ db: database.db, ...range, now: new Date(), read: false });
    expect(none).toEqual([]);
    expect(await keptDates()).toHaveLength(5);
    expect(
      await database.db.select().from(reportDayChanges).where(eq(reportDayChanges.travelDate, closed)),
    ).toEqual([]);
  });

  it('the job keeps the closed days from yesterday back, a month at a time, and stops between months', async () => {
    await database.db.delete(reportDays);
    const log = { info: () => {}, error: () => {} };
    const job = startReportDaysJob({
      db: database.db,
      clock: { now: () => new Date() },
      tzOperator: TZ,
      log,
    });
    // Stopped at once: the month in hand is finished, and no other is begun.
    await job.stop();
    const kept = await keptDates();
    expect(kept).toHaveLength(31);
    expect(kept.at(-1)).toBe(addDays(today, -1));
    expect(kept[0]).toBe(addDays(today, -31));
  });

  // A second connection at once: PGlite has one.
  it.runIf(testDatabaseKind === 'postgres')(
    'reads a day again when a change commits while its figures are being kept',
    async () => {
      const { schedule } = await makeSchedule(database.db, { travelDate: addDays(today, -2) });
      const { ticket } = await makeTicket(database.db, { schedule, status: 'confirmed' });
      await database.db.delete(reportDays);
      const other = new pg.Client({ connectionString: database.url });
      await other.connect();
      try {
        await other.query('begin');
        await other.query(`update tickets set ticket_status = 'cancelled_by_passenger' where id = $1`, [
          ticket.id,
        ]);
        // Kept while the change is not committed: the change's note is not seen, so not deleted.
        const keptBefore = await answered();
        expect(await keptDates()).toContain(addDays(today, -2));
        await other.query('commit');
        const after = await answered();
        expect(after).toEqual(await fromTables());
        expect(after.seatsSold).toBe(keptBefore.seatsSold - 1);
      } finally {
        await other.end();
      }
    },
  );
});
