import { randomUUID } from 'node:crypto';
import { eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '#server/db/client.ts';
import { mailOutbox, tickets } from '#server/db/schema.ts';
import { addDays, instantInZone } from '#server/lib/clock.ts';
import { type MadeTicket, makeAdmin, makeLaunch, makeSchedule, makeTicket } from '#tests/factories.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from '#tests/setup/test-db.ts';
import { emailNotifier, type Notifier } from './notify-passenger.ts';
import { sendDayBeforeReminders } from './send-day-before-reminders.ts';
import { type ReminderJob, startReminderJob } from './start-reminder-job.ts';
import { updateReminderSettings } from './update-reminder-settings.ts';

const ZONE = 'Indian/Maldives';
const TODAY = '2099-03-10';
const TOMORROW = addDays(TODAY, 1);
const at = (time: string) => ({ now: () => instantInZone(TODAY, time, ZONE) });
const BASE = 'https://ferry.example';

describe(`the day-before reminders (${testDatabaseKind})`, () => {
  let database: TestDatabase;
  /** A second instance: its own connection pool to the same PostgreSQL database (PGlite has one). */
  let other: Database | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
    if (database.url) other = await openDatabase({ databaseUrl: database.url });
  });
  afterAll(async () => {
    await other?.close();
    await database.dispose();
  });

  const mailsTo = (addresses: string[]) =>
    database.db.select().from(mailOutbox).where(inArray(mailOutbox.to, addresses));
  const email = (who: string) => `${who}-${randomUUID().slice(0, 8)}@example.com`;

  it('reaches every confirmed passenger travelling tomorrow exactly once, also when two runs race, in their language', async () => {
    const db = database.db;
    const trip = await makeSchedule(db, { travelDate: TOMORROW });
    const confirmed: MadeTicket[] = [];
    for (const [i, who] of ['a', 'b', 'c', 'd', 'e', 'f'].entries()) {
      confirmed.push(
        await makeTicket(db, {
          schedule: trip,
          status: 'confirmed',
          passengerEmail: email(who),
          language: i === 0 ? 'dv' : 'en',
        }),
      );
    }
    const pending = await makeTicket(db, {
      schedule: trip,
      status: 'pending',
      passengerEmail: email('pending'),
    });
    const noEmail = await makeTicket(db, { schedule: trip, status: 'confirmed', passengerEmail: '' });
    const later = await makeTicket(db, {
      schedule: await makeSchedule(db, { travelDate: addDays(TODAY, 2) }),
      status: 'confirmed',
      passengerEmail: email('later'),
    });
    const opts = { clock: at('10:00'), tzOperator: ZONE, eTicketBase: BASE };

    // Before 09:00 the day before, nothing yet.
    expect(await sendDayBeforeReminders({ ...opts, db, clock: at('08:30') })).toEqual({ due: 0, sent: 0 });

    // Two runs at once (on PostgreSQL from two pools), then one more that finds nothing left.
    const [one, two] = await Promise.all([
      sendDayBeforeReminders({ ...opts, db }),
      sendDayBeforeReminders({ ...opts, db: other?.db ?? db }),
    ]);
    expect(one.sent + two.sent).toBe(confirmed.length);
    expect((await sendDayBeforeReminders({ ...opts, db })).sent).toBe(0);

    const addresses = confirmed.map((m) => m.ticket.passengerEmail);
    const mails = await mailsTo([...addresses, pending.ticket.passengerEmail, later.ticket.passengerEmail]);
    expect(mails.map((m) => m.to).sort()).toEqual([...addresses].sort());
    const english = mails.find((m) => m.to === confirmed[1]?.ticket.passengerEmail);
    expect(english?.subject).toBe(`Your trip tomorrow: ${confirmed[1]?.ticket.paymentReference}`);
    expect(english?.text).toContain('30 minutes before departure');
    expect(english?.text).toMatch(new RegExp(`${BASE}/t/[A-Za-z0-9_-]{43}`));
    const dhivehi = mails.find((m) => m.to === confirmed[0]?.ticket.passengerEmail);
    expect(dhivehi?.subject).toContain('މާދަމާގެ ދަތުރު');
    const [marked] = await db.select().from(tickets).where(eq(tickets.id, noEmail.ticket.id));
    expect(marked?.reminderSentAt).toBeNull();
  });

  it('sends nothing when the operator has turned reminders off', async () => {
    const db = database.db;
    const trip = await makeSchedule(db, { travelDate: TOMORROW });
    const { ticket } = await makeTicket(db, {
      schedule: trip,
      status: 'confirmed',
      passengerEmail: email('off'),
    });
    const owner = await makeAdmin(db, { role: 'owner' });
    const off = { db, actorUserId: owner.id, input: { remindersEnabled: false } };
    expect(await updateReminderSettings(off)).toEqual({ remindersEnabled: false });
    try {
      const result = await sendDayBeforeReminders({
        db,
        clock: at('10:00'),
        tzOperator: ZONE,
        eTicketBase: BASE,
      });
      expect(result).toEqual({ due: 0, sent: 0, off: true });
      expect(await mailsTo([ticket.passengerEmail])).toEqual([]);
    } finally {
      await updateReminderSettings({ ...off, input: { remindersEnabled: true } });
    }
  });

  it('goes through every notifier: a second channel (an SMS gateway) reaches a passenger with no e-mail address too', async () => {
    const db = database.db;
    // Days of their own: the passengers above with no e-mail address are not this test's.
    const today = '2099-04-20';
    const trip = await makeSchedule(db, { travelDate: addDays(today, 1) });
    const withEmail = await makeTicket(db, {
      schedule: trip,
      status: 'confirmed',
      passengerEmail: email('both'),
    });
    const walkIn = await makeTicket(db, {
      schedule: trip,
      status: 'confirmed',
      passengerEmail: '',
      passengerPhone: '7775511',
      channel: 'counter',
    });
    const unreachable = await makeTicket(db, {
      schedule: trip,
      status: 'confirmed',
      passengerEmail: '',
      passengerPhone: null,
      channel: 'counter',
    });
    // What a gateway would be handed (the gateway itself is not ours): its own queue, per notice.
    const texts: { kind: string; ticketId: string; phone: string }[] = [];
    const sms: Notifier = {
      channel: 'sms',
      async notify(_tx, notice) {
        if (!notice.ticket.passengerPhone) return false;
        texts.push({ kind: notice.kind, ticketId: notice.ticket.id, phone: notice.ticket.passengerPhone });
        return true;
      },
    };
    const result = await sendDayBeforeReminders({
      db,
      clock: { now: () => instantInZone(today, '09:30', ZONE) },
      tzOperator: ZONE,
      eTicketBase: BASE,
      notifiers: [emailNotifier, sms],
    });
    expect(result).toEqual({ due: 3, sent: 2 });
    expect(texts.map((x) => [x.kind, x.ticketId]).sort()).toEqual(
      [
        ['day_before_reminder', withEmail.ticket.id],
        ['day_before_reminder', walkIn.ticket.id],
      ].sort(),
    );
    expect((await mailsTo([withEmail.ticket.passengerEmail])).map((m) => m.subject)).toEqual([
      `Your trip tomorrow: ${withEmail.ticket.paymentReference}`,
    ]);
    const rows = await db
      .select({ id: tickets.id, at: tickets.reminderSentAt })
      .from(tickets)
      .where(inArray(tickets.id, [withEmail.ticket.id, walkIn.ticket.id, unreachable.ticket.id]));
    const sentAt = Object.fromEntries(rows.map((r) => [r.id, r.at !== null]));
    // Reached by no channel: not claimed, so a channel added later still reminds them.
    expect(sentAt).toEqual({
      [withEmail.ticket.id]: true,
      [walkIn.ticket.id]: true,
      [unreachable.ticket.id]: false,
    });
  });
});

type Instance = { database: Database; job: ReminderJob; runs: { sent: number }[] };

/** Waits (no time is asserted) until `probe` holds, checking every few milliseconds. */
async function waitUntil(what: string, probe: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/*
 * The real job (startReminderJob, as src/server/main.ts starts it on every instance) on two
 * instances at once, each with its own connection pool to one PostgreSQL database, a clock the
 * test moves and a run every few milliseconds; then one instance restarts. PostgreSQL only: on
 * PGlite one process owns the database through one handle, so there is no second instance to
 * run (tests/scale-out.test.ts runs its two servers on PostgreSQL for the same reason).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('the reminder job on two instances (postgres)', () => {
  let database: TestDatabase;
  const instances: Instance[] = [];
  const failures: unknown[] = [];
  let now = instantInZone(TODAY, '08:30', ZONE);
  const clock = { now: () => now };

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    for (const instance of instances) {
      await instance.job.stop();
      await instance.database.close();
    }
    await database.dispose();
  });

  async function startInstance(): Promise<Instance> {
    const own = await openDatabase({ databaseUrl: database.url });
    const runs: { sent: number }[] = [];
    const job = startReminderJob({
      db: own.db,
      clock,
      tzOperator: ZONE,
      eTicketBase: BASE,
      intervalMs: 5,
      log: { info: () => {}, error: (obj) => failures.push(obj) },
      onRun: (result) => runs.push(result),
    });
    const instance = { database: own, job, runs };
    instances.push(instance);
    return instance;
  }

  async function stopInstance(instance: Instance) {
    await instance.job.stop();
    await instance.database.close();
    instances.splice(instances.indexOf(instance), 1);
  }

  /** Lets every running instance run `times` more times. */
  async function moreRuns(times: number) {
    const marks = instances.map((i) => [i, i.runs.length] as const);
    await waitUntil(`${times} more runs on each instance`, () =>
      marks.every(([i, mark]) => i.runs.length >= mark + times),
    );
  }

  const confirmed = async (count: number, trip: Awaited<ReturnType<typeof makeSchedule>>) => {
    const made: MadeTicket[] = [];
    for (let i = 0; i < count; i++) {
      made.push(
        await makeTicket(database.db, {
          schedule: trip,
          status: 'confirmed',
          passengerEmail: `job-${i}-${randomUUID().slice(0, 8)}@example.com`,
          language: i % 4 === 0 ? 'dv' : 'en',
        }),
      );
    }
    return made;
  };

  /** How many reminders each address got. */
  const reminderCounts = async (made: MadeTicket[]) => {
    const addresses = made.map((m) => m.ticket.passengerEmail);
    const mails = await database.db.select().from(mailOutbox).where(inArray(mailOutbox.to, addresses));
    const counts = Object.fromEntries(addresses.map((a) => [a, 0]));
    for (const mail of mails) counts[mail.to] = (counts[mail.to] ?? 0) + 1;
    return counts;
  };
  const once = (made: MadeTicket[]) => Object.fromEntries(made.map((m) => [m.ticket.passengerEmail, 1]));
  const unreminded = async () =>
    (await database.db.select({ id: tickets.id }).from(tickets).where(isNull(tickets.reminderSentAt))).length;

  it('queues each passenger’s reminder exactly once, with both running and across a restart', async () => {
    const launch = await makeLaunch(database.db, { seats: 40 });
    const trip = await makeSchedule(database.db, { travelDate: TOMORROW, launchIds: [launch.id] });
    const first = await confirmed(30, trip);
    const a = await startInstance();
    const b = await startInstance();

    // Before 09:00 the day before, both run and send nothing.
    await moreRuns(3);
    expect(await reminderCounts(first)).toEqual(
      Object.fromEntries(first.map((m) => [m.ticket.passengerEmail, 0])),
    );

    now = instantInZone(TODAY, '10:00', ZONE);
    await waitUntil('every reminder claimed', async () => (await unreminded()) === 0);
    await moreRuns(3);
    expect(await reminderCounts(first)).toEqual(once(first));
    const sentBy = (i: Instance) => i.runs.reduce((sum, r) => sum + r.sent, 0);
    expect(sentBy(a) + sentBy(b)).toBe(first.length);
    console.log(
      `[reminders] two instances on PostgreSQL: ${sentBy(a)} and ${sentBy(b)} reminders of ${first.length}`,
    );

    // A restarts (its pool closed, a new one opened), and passengers booked meanwhile are
    // reminded once too; nobody reminded before hears again.
    await stopInstance(a);
    const second = await confirmed(5, trip);
    now = instantInZone(TODAY, '10:15', ZONE);
    const restarted = await startInstance();
    await waitUntil('the new reminders claimed', async () => (await unreminded()) === 0);
    await moreRuns(3);
    expect(await reminderCounts([...first, ...second])).toEqual(once([...first, ...second]));
    expect(sentBy(a) + sentBy(b) + sentBy(restarted)).toBe(first.length + second.length);
    expect(failures).toEqual([]);
  }, 60_000);
});
