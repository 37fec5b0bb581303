import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminUsers, refundRequests } from '#server/db/schema.ts';
import { instantInZone } from '#server/lib/clock.ts';
import { sendDayBeforeReminders } from '#server/services/send-day-before-reminders.ts';
import { CONTACT } from '#shared/constants.ts';
import { LANGUAGES } from '#shared/languages.ts';
import { MANAGE_GRANT_HEADER, MANAGE_LINK_HEADER } from '#shared/manage-api.ts';
import { TEXTS } from '#shared/messages/catalogues.ts';
import {
  type MadeSchedule,
  makePaymentSettings,
  makeSchedule,
  makeTicket,
  todayInOperatorZone,
} from '#tests/factories.ts';
import { useAdminApp } from '#tests/setup/admin-app.ts';
import { outboxRows } from '#tests/setup/outbox.ts';
import {
  bookViaApi,
  MANY_HOLDS_PER_ADDRESS,
  mailedManageCode,
  ticketByReference,
} from '#tests/setup/public-booking.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

const PHONE = '+960 400 7788';
const SUPPORT = 'help@atoll-line.example';
/** What the demo says until an operator enters their own: no mail may say it once they have. */
const DEMO = [CONTACT.phone, CONTACT.supportEmail, ...CONTACT.emails];
const BASE = 'https://ferry.example';

/** Every mail a passenger can get, by the catalogue id of its subject. */
const TEMPLATES = [
  'codeSubject',
  'manageCodeSubject',
  'receivedSubject',
  'approvedSubject',
  'eTicketSubject',
  'rejectedSubject',
  'cancelledSubject',
  'delayedSubject',
  'movedSubject',
  'reminderSubject',
  'refundSubject',
  'changedCancelSubject',
  'changedRebookSubject',
  'changedNameSubject',
  'changedAccountSubject',
] as const satisfies readonly (keyof typeof TEXTS.email.en)[];

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The template a sent subject was written from, in either language; undefined for none. */
function templateOf(subject: string): string | undefined {
  return TEMPLATES.find((key) =>
    LANGUAGES.some((language) => {
      const source: string = TEXTS.email[language][key];
      const pattern = source
        .split(/\{\w+\}/)
        .map(escapeRegExp)
        .join('.+');
      return new RegExp(`^${pattern}$`).test(subject);
    }),
  );
}

describe(`the operator's own contact details in every passenger mail (${testDatabaseKind})`, () => {
  /** Moves the app's clock on, as waiting for the next code would. */
  let skewMs = 0;

  const t = useAdminApp(
    {
      clock: { now: () => new Date(Date.now() + skewMs) },
      env: {
        PUBLIC_URL: BASE,
        EMAIL_VERIFICATIONS_PER_IP_HOUR: '1000',
        ...MANY_HOLDS_PER_ADDRESS,
      },
    },
    async () => {
      await makePaymentSettings(t.database.db, { refundPolicy: [{ hoursBefore: 0, percent: 100 }] });
    },
  );

  const admin = async (method: 'POST' | 'PUT', url: string, payload: object = {}) => {
    const res = await t.send(method, url, payload);
    expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
    return res;
  };
  const ticketIdOf = async (reference: string) => (await ticketByReference(t.app, reference)).id;

  /** The passenger's own page: a code from the outbox, proved, then one change with its grant. */
  async function manage(reference: string, email: string, action: string, body: object) {
    skewMs += 61_000;
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${reference}/manage/code`,
      payload: {},
    });
    expect(sent.statusCode, sent.body).toBe(202);
    const code = await mailedManageCode(t.app, email);
    const url = `/api/bookings/${reference}/manage`;
    const proved = await t.app.inject({ method: 'POST', url: `${url}/verify`, payload: { code } });
    expect(proved.statusCode, proved.body).toBe(200);
    const { link, grant } = proved.json();
    const res = await t.app.inject({
      method: 'POST',
      url: `${url}/${action}`,
      payload: { requestId: randomUUID(), ...body },
      headers: { [MANAGE_LINK_HEADER]: link, [MANAGE_GRANT_HEADER]: grant },
    });
    expect(res.statusCode, `${action}: ${res.body}`).toBe(200);
  }

  /** A departure of the same route later that day. */
  const later = (trip: MadeSchedule) =>
    makeSchedule(t.database.db, {
      stops: trip.stops.map((s) => ({ locationId: s.locationId })),
      launchIds: trip.launchIds,
      travelDate: trip.schedule.travelDate,
      departureTime: '15:00',
    });

  it('gives the phone and support address of the settings, never the demo’s, in every template sent', async () => {
    const db = t.database.db;
    const saved = await admin('PUT', '/api/admin/pwa-settings', {
      contactPhone: PHONE,
      supportEmail: SUPPORT,
    });
    expect(saved.json()).toMatchObject({ contactPhone: PHONE, supportEmail: SUPPORT });

    // Booked online (the code, booking received), approved, its e-ticket asked for again, then the
    // passenger corrects the name and moves to a later departure on their own page.
    const trip = await makeSchedule(db);
    const afternoon = await later(trip);
    const booked = await bookViaApi(t.app, trip, { seats: ['A1'] });
    await admin('POST', `/api/admin/tickets/${await ticketIdOf(booked.reference)}/approve`);
    const again = await t.app.inject({ method: 'POST', url: `/api/bookings/${booked.reference}/e-ticket` });
    expect(again.statusCode).toBe(202);
    await manage(booked.reference, booked.email, 'name', { passengerName: 'Aminath Shiuna' });
    await manage(booked.reference, booked.email, 'rebook', {
      scheduleId: afternoon.schedule.id,
      travelDate: afternoon.schedule.travelDate,
      launchId: afternoon.launchIds[0],
      seats: ['B1'],
    });

    // Rejected by the office.
    const rejected = await bookViaApi(t.app, trip, { seats: ['A2'] });
    await admin('POST', `/api/admin/tickets/${await ticketIdOf(rejected.reference)}/reject`, {
      remarks: 'Slip unreadable',
    });

    // Cancelled by the passenger, who gives the refund account afterwards.
    const cancelled = await bookViaApi(t.app, trip, { seats: ['A3'] });
    await manage(cancelled.reference, cancelled.email, 'cancel', {});
    await manage(cancelled.reference, cancelled.email, 'refund-account', {
      account: { bankName: 'MIB', accountName: 'A Passenger', accountNumber: '90101234567' },
    });

    // The operator delays one departure and moves another; one in Dhivehi.
    const delayed = await makeSchedule(db);
    await makeTicket(db, {
      schedule: delayed,
      status: 'confirmed',
      passengerEmail: `delayed-${randomUUID().slice(0, 8)}@example.com`,
      language: 'dv',
    });
    await admin('POST', `/api/admin/trips/${delayed.schedule.id}/delay`, {
      times: ['09:30', null],
      reason: 'weather',
    });
    const moved = await makeSchedule(db);
    await makeTicket(db, {
      schedule: moved,
      status: 'confirmed',
      passengerEmail: `moved-${randomUUID().slice(0, 8)}@example.com`,
    });
    await admin('POST', `/api/admin/trips/${moved.schedule.id}/move`, {
      to: (await later(moved)).schedule.id,
      reason: 'technical',
    });

    // The operator cancels a departure and pays its refund back.
    const called = await makeSchedule(db);
    const stranded = await makeTicket(db, {
      schedule: called,
      status: 'confirmed',
      passengerEmail: `cancelled-${randomUUID().slice(0, 8)}@example.com`,
    });
    await admin('POST', `/api/admin/trips/${called.schedule.id}/cancel`, { reason: 'weather' });
    const [refund] = await db
      .select({ id: refundRequests.id })
      .from(refundRequests)
      .where(eq(refundRequests.ticketId, stranded.ticket.id));
    await admin('POST', `/api/admin/refunds/${refund?.id}/refunded`, { bankReference: 'BML-100200' });

    // The day before: the reminders of tomorrow's confirmed bookings.
    const reminded = await sendDayBeforeReminders({
      db,
      clock: { now: () => instantInZone(todayInOperatorZone(), '10:00', t.config.tzOperator) },
      tzOperator: t.config.tzOperator,
      eTicketBase: BASE,
    });
    expect(reminded.sent).toBeGreaterThan(0);

    const staff = new Set(
      (await db.select({ email: adminUsers.email }).from(adminUsers)).map((a) => a.email),
    );
    const mails = (await outboxRows(t.app)).filter((mail) => !staff.has(mail.to));
    expect(mails.map((mail) => [mail.subject, templateOf(mail.subject)]).filter(([, key]) => !key)).toEqual(
      [],
    );
    expect(new Set(mails.map((mail) => templateOf(mail.subject)))).toEqual(new Set(TEMPLATES));
    for (const mail of mails) {
      for (const [part, body] of [
        ['text', mail.text],
        ['html', mail.html ?? ''],
      ] as const) {
        const which = `${mail.subject} (${part})`;
        expect(body, which).toContain(PHONE);
        expect(body, which).toContain(SUPPORT);
        for (const demo of DEMO) expect(body, which).not.toContain(demo);
      }
    }
  });
});
