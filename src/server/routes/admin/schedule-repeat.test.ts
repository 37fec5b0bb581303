import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, schedules } from '#server/db/schema.ts';
import { MSG } from '#shared/messages/api.ts';
import { STAFF_MSG } from '#shared/messages/staff.ts';
import type { AdminSchedule, ScheduleRepeatInput } from '#shared/setup-api.ts';
import { type Launch, type Location, makeLaunch, makeLocation } from '#tests/factories.ts';
import { useAdminApp } from '#tests/setup/admin-app.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

// 20:30 on Monday 1 March in UTC is already 01:30 on Tuesday 2 March in the Maldives (UTC+5):
// the operator's "today" is the 2nd, a day the server's own calendar has not reached.
const NOW = new Date('2027-03-01T20:30:00Z');
const TODAY = '2027-03-02';
const YESTERDAY = '2027-03-01';

describe(`repeating a schedule (${testDatabaseKind})`, () => {
  let places: Location[];
  let launch: Launch;
  let otherLaunch: Launch;

  const t = useAdminApp({ clock: { now: () => NOW }, env: { TZ_OPERATOR: 'Indian/Maldives' } }, async () => {
    places = [await makeLocation(t.database.db), await makeLocation(t.database.db)];
    launch = await makeLaunch(t.database.db);
    otherLaunch = await makeLaunch(t.database.db);
  });

  const body = (overrides: Partial<ScheduleRepeatInput> = {}): ScheduleRepeatInput => ({
    travelDate: TODAY,
    launchIds: [launch.id],
    routeStops: [
      { locationId: places[0]?.id ?? '', departureTime: '09:00' },
      { locationId: places[1]?.id ?? '', departureTime: '12:00' },
    ],
    // Mondays, Wednesdays and Fridays.
    repeat: { weekdays: [1, 3, 5], until: '2027-03-15' },
    ...overrides,
  });

  const countSchedules = async () => {
    const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(schedules);
    return row?.n ?? 0;
  };

  it('creates one departure per matching date, each with the stops and launches, each audited', async () => {
    const res = await t.post('/api/admin/schedules/repeat', body());
    expect(res.statusCode, res.body).toBe(201);
    const created: AdminSchedule[] = res.json().schedules;
    expect(created.map((s) => s.travelDate)).toEqual([
      '2027-03-03',
      '2027-03-05',
      '2027-03-08',
      '2027-03-10',
      '2027-03-12',
      '2027-03-15',
    ]);
    for (const schedule of created) {
      expect(schedule).toMatchObject({ departureTime: '09:00', status: 'scheduled', launchIds: [launch.id] });
      expect(schedule.routeStops.map((s) => [s.locationId, s.departureTime])).toEqual([
        [places[0]?.id, '09:00'],
        // The arrival at the last stop, on every date.
        [places[1]?.id, '12:00'],
      ]);
    }
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'schedule'), eq(auditLog.action, 'create')));
    const ids = created.map((s) => s.id);
    const mine = audits.filter((a) => ids.includes(a.entityId ?? ''));
    expect(mine).toHaveLength(6);
    expect(mine.every((a) => a.actorUserId === t.admin.id)).toBe(true);
    expect(mine.map((a) => (a.after as { travelDate: string }).travelDate).sort()).toEqual(
      created.map((s) => s.travelDate),
    );
  });

  it('counts the days in the operator’s time zone: the server’s yesterday is refused, its today is not', async () => {
    const before = await countSchedules();
    const past = await t.post(
      '/api/admin/schedules/repeat',
      body({ travelDate: YESTERDAY, launchIds: [otherLaunch.id] }),
    );
    expect(past.statusCode).toBe(400);
    expect(past.json().error).toMatchObject({
      code: 'schedule_date_passed',
      message: STAFF_MSG.scheduleDatePassed,
      fields: { travelDate: STAFF_MSG.scheduleDatePassed },
    });
    expect(await countSchedules()).toBe(before);

    // Tuesday the 2nd is today for the operator, and a Tuesday: it is the first date created.
    const today = await t.post(
      '/api/admin/schedules/repeat',
      body({ launchIds: [otherLaunch.id], repeat: { weekdays: [2], until: '2027-03-09' } }),
    );
    expect(today.statusCode, today.body).toBe(201);
    expect(today.json().schedules.map((s: AdminSchedule) => s.travelDate)).toEqual([
      '2027-03-02',
      '2027-03-09',
    ]);
  });

  it('refuses a repeat without the arrival at the last stop, and creates nothing', async () => {
    const before = await countSchedules();
    const res = await t.post(
      '/api/admin/schedules/repeat',
      body({
        routeStops: [
          { locationId: places[0]?.id ?? '', departureTime: '09:00' },
          { locationId: places[1]?.id ?? '', departureTime: null },
        ],
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'schedule_arrival_required',
      fields: { 'routeStops.1.departureTime': MSG.scheduleArrivalRequired },
    });
    expect(await countSchedules()).toBe(before);
  });

  it('refuses the whole repeat when one date clashes, naming the date, and creates nothing', async () => {
    const clashing = await makeLaunch(t.database.db);
    // A single departure already planned for Wednesday the 17th at 07:30 on that launch.
    const single = await t.post('/api/admin/schedules', {
      ...body({ launchIds: [clashing.id] }),
      travelDate: '2027-03-17',
      routeStops: [
        { locationId: places[0]?.id ?? '', departureTime: '07:30' },
        { locationId: places[1]?.id ?? '', departureTime: '12:00' },
      ],
      repeat: undefined,
    });
    expect(single.statusCode, single.body).toBe(201);
    const before = await countSchedules();

    const series = body({
      travelDate: '2027-03-15',
      launchIds: [launch.id, clashing.id],
      routeStops: [
        { locationId: places[0]?.id ?? '', departureTime: '07:30' },
        { locationId: places[1]?.id ?? '', departureTime: '12:00' },
      ],
      repeat: { weekdays: [1, 3, 5], until: '2027-03-26' },
    });
    const res = await t.post('/api/admin/schedules/repeat', series);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'schedule_clash',
      message: STAFF_MSG.scheduleClash(clashing.name, '07:30', 'Wed 2027-03-17'),
    });
    expect(await countSchedules()).toBe(before);

    // Another time that day is another departure: the same series at 11:00 goes through.
    const later = await t.post('/api/admin/schedules/repeat', {
      ...series,
      routeStops: [
        { locationId: places[0]?.id ?? '', departureTime: '11:00' },
        { locationId: places[1]?.id ?? '', departureTime: '12:00' },
      ],
    });
    expect(later.statusCode, later.body).toBe(201);
    expect(later.json().schedules).toHaveLength(6);
    expect(await countSchedules()).toBe(before + 6);

    // The same series again clashes on its first date.
    const again = await t.post('/api/admin/schedules/repeat', {
      ...series,
      routeStops: [
        { locationId: places[0]?.id ?? '', departureTime: '11:00' },
        { locationId: places[1]?.id ?? '', departureTime: '12:00' },
      ],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toContain('on Mon 2027-03-15');
  });

  it('runs at most a year: a daily repeat to a year after the travel date makes 366 departures, a day more is refused', async () => {
    const launchOfYear = await makeLaunch(t.database.db);
    const everyDay = [0, 1, 2, 3, 4, 5, 6];
    const tooLong = await t.post(
      '/api/admin/schedules/repeat',
      body({ launchIds: [launchOfYear.id], repeat: { weekdays: everyDay, until: '2028-03-02' } }),
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.fields['repeat.until']).toBe(STAFF_MSG.repeatTooLong);

    const year = await t.post(
      '/api/admin/schedules/repeat',
      body({ launchIds: [launchOfYear.id], repeat: { weekdays: everyDay, until: '2028-03-01' } }),
    );
    expect(year.statusCode, year.body).toBe(201);
    const dates = year.json().schedules.map((s: AdminSchedule) => s.travelDate);
    expect(dates).toHaveLength(366);
    expect([dates[0], dates.at(-1)]).toEqual([TODAY, '2028-03-01']);
  });

  it('refuses an until before the travel date, no day of the week, and days that never come, with their texts', async () => {
    const before = await countSchedules();
    const cases: [ScheduleRepeatInput['repeat'], string, string][] = [
      [{ weekdays: [1], until: YESTERDAY }, 'repeat.until', STAFF_MSG.repeatUntilBeforeStart],
      [{ weekdays: [], until: '2027-03-20' }, 'repeat.weekdays', STAFF_MSG.repeatWeekdays],
      [{ weekdays: [1], until: '' }, 'repeat.until', STAFF_MSG.repeatUntil],
      // Tuesday the 2nd to Saturday the 6th holds no Monday.
      [{ weekdays: [1], until: '2027-03-06' }, 'repeat.weekdays', STAFF_MSG.repeatNoDates],
    ];
    for (const [repeat, field, text] of cases) {
      const res = await t.post('/api/admin/schedules/repeat', body({ launchIds: [otherLaunch.id], repeat }));
      expect(res.statusCode, field).toBe(400);
      expect(res.json().error.fields[field]).toBe(text);
    }
    const { repeat: _, ...noRepeat } = body({ travelDate: '', launchIds: [otherLaunch.id] });
    const bare = await t.post('/api/admin/schedules/repeat', noRepeat);
    expect(bare.statusCode).toBe(400);
    const noDate = await t.post(
      '/api/admin/schedules/repeat',
      body({ travelDate: '', launchIds: [otherLaunch.id] }),
    );
    expect(noDate.statusCode).toBe(400);
    expect(noDate.json().error.code).toBe('schedule_basics');
    expect(await countSchedules()).toBe(before);
  });

  it('is the timetable’s: the crew may not repeat a schedule', async () => {
    const crew = await t.signInAs('crew');
    const res = await crew.post('/api/admin/schedules/repeat', body({ launchIds: [otherLaunch.id] }));
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('forbidden');
  });

  it('lists today (the operator’s) and later first-date-first, and the past days apart, latest first', async () => {
    await t.post('/api/admin/schedules', {
      travelDate: YESTERDAY,
      launchIds: [otherLaunch.id],
      routeStops: body().routeStops,
    });
    const upcoming: AdminSchedule[] = (await t.get('/api/admin/schedules?when=upcoming')).json().schedules;
    const dates = upcoming.map((s) => s.travelDate);
    expect(dates[0]).toBe(TODAY);
    expect(dates).toEqual([...dates].sort());
    expect(dates).not.toContain(YESTERDAY);

    const past: AdminSchedule[] = (await t.get('/api/admin/schedules?when=past')).json().schedules;
    expect(past.map((s) => s.travelDate)).toEqual([YESTERDAY]);
  });
});
