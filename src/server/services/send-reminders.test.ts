import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '#server/db/client.ts';
import { mailOutbox, tickets } from '#server/db/schema.ts';
import { addDays, instantInZone } from '#server/lib/clock.ts';
import { type MadeTicket, makeAdmin, makeSchedule, makeTicket } from '#tests/factories.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from '#tests/setup/test-db.ts';
import { updateReminderSettings } from './reminder-settings.ts';
import { sendDayBeforeReminders } from './send-reminders.ts';

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

  it('reaches every confirmed passenger travelling tomorrow exactly once, with two instances running, in their language', async () => {
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

    // Two instances at once, then a restart that runs again.
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
});
