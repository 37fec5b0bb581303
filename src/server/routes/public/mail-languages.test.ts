import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { launches, locations, mailOutbox, textOverrides, tickets } from '#server/db/schema.ts';
import { saveTextOverride } from '#server/services/save-text-override.ts';
import type { BookingRequest } from '#shared/schemas.ts';
import {
  type MadeSchedule,
  makeLocation,
  makePaymentSettings,
  makeSchedule,
  uniqueSuffix,
} from '#tests/factories.ts';
import { useAdminApp } from '#tests/setup/admin-app.ts';
import { outboxRows } from '#tests/setup/outbox.ts';
import {
  MANY_HOLDS_PER_ADDRESS,
  MANY_VERIFICATIONS_PER_ADDRESS,
  ticketByReference,
} from '#tests/setup/public-booking.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

const FILES = path.resolve(import.meta.dirname, '../../../../tests/files');
const THAANA = /[\u0780-\u07BF]/;

/** The passenger's mails in the language they use: the code, booking received, approved, rejected. */
describe(`passenger mails in the passenger's language (${testDatabaseKind})`, () => {
  let photo: Buffer;
  let nowMs = Date.now();
  const clock = { now: () => new Date(nowMs) };

  const t = useAdminApp(
    {
      clock,
      env: { ...MANY_HOLDS_PER_ADDRESS, ...MANY_VERIFICATIONS_PER_ADDRESS },
    },
    async () => {
      photo = await readFile(path.join(FILES, 'photo-exif-gps.jpg'));
      await makePaymentSettings(t.database.db);
    },
  );

  const newEmail = () => `p-${uniqueSuffix()}@example.com`;
  const lastMailTo = async (to: string) => {
    const mail = (await outboxRows(t.app, eq(mailOutbox.to, to))).at(-1);
    if (!mail) throw new Error(`no mail to ${to}`);
    return mail;
  };

  async function requestCode(
    email: string,
    opts: { language?: string; headers?: Record<string, string> } = {},
  ) {
    nowMs += 61_000;
    const payload = opts.language === undefined ? { email } : { email, language: opts.language };
    return t.app.inject({ method: 'POST', url: '/api/email-codes', payload, headers: opts.headers ?? {} });
  }

  async function verifiedToken(email: string): Promise<string> {
    expect((await requestCode(email)).statusCode).toBe(200);
    const code = /\b(\d{6})\b/.exec((await lastMailTo(email)).text)?.[1];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/email-codes/verify',
      payload: { email, code },
    });
    expect(res.statusCode).toBe(200);
    return res.json().verificationToken;
  }

  async function submit(
    trip: MadeSchedule,
    opts: { language?: string; name?: string; seat: string; headers?: Record<string, string> },
  ) {
    const email = newEmail();
    const booking: BookingRequest = {
      scheduleId: trip.schedule.id,
      travelDate: trip.schedule.travelDate,
      originId: trip.stops[0]?.locationId ?? '',
      destinationId: trip.stops[trip.stops.length - 1]?.locationId ?? '',
      launchId: trip.launchIds[0] ?? '',
      seats: [opts.seat],
      tickets: [{ type: 'local', category: 'adult', quantity: 1 }],
      passenger: { name: opts.name ?? 'Aishath Mohamed', email, phone: '7771234' },
      paymentCurrency: 'MVR',
      verificationToken: await verifiedToken(email),
    };
    const form = new FormData();
    form.append('booking', JSON.stringify(booking));
    if (opts.language) form.append('language', opts.language);
    form.append('slip', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'slip.jpg');
    const body = new Response(form);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: Buffer.from(await body.arrayBuffer()),
      headers: {
        'content-type': body.headers.get('content-type') ?? '',
        'x-booking-session': randomUUID(),
        'idempotency-key': `key-${randomUUID()}`,
        ...opts.headers,
      },
    });
    return { res, email };
  }

  const ticketOf = (reference: string) => ticketByReference(t.app, reference);

  describe('the verification code', () => {
    it('arrives in Dhivehi, right to left, with a text part, when asked in Dhivehi', async () => {
      const email = newEmail();
      expect((await requestCode(email, { language: 'dv' })).statusCode).toBe(200);
      const mail = await lastMailTo(email);
      const code = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '';
      expect(code).toMatch(/^\d{6}$/);
      expect(mail.subject).toBe(`ތިޔަބޭފުޅާގެ ވެރިފިކޭޝަން ކޯޑު: ${code}`);
      expect(mail.text).toContain(`ތިޔަބޭފުޅާގެ ވެރިފިކޭޝަން ކޯޑަކީ ${code} އެވެ.`);
      expect(mail.text).toContain('10 މިނިޓު');
      expect(mail.text).not.toMatch(/verification|<|>/i);
      expect(mail.html).toContain('<html lang="dv" dir="rtl">');
      expect(mail.html).toContain('<body dir="rtl" ');
      expect(mail.html).toContain(`<bdi dir="ltr">${code}</bdi>`);
      // What the outbox keeps once delivered: in Dhivehi too, and without the code.
      expect(mail.keptSubject).toBe('ތިޔަބޭފުޅާގެ ވެރިފިކޭޝަން ކޯޑު');
      expect(mail.keptText).toMatch(THAANA);
      expect(`${mail.keptSubject}${mail.keptText}`).not.toMatch(/\d/);
    });

    it('is in English as before when no language is said', async () => {
      const email = newEmail();
      expect((await requestCode(email)).statusCode).toBe(200);
      const mail = await lastMailTo(email);
      const code = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '';
      expect(mail.subject).toBe(`Your verification code: ${code}`);
      expect(mail.text).toBe(
        `Your verification code is ${code}.\n\n` +
          'It is valid for 10 minutes and can be used once. If you did not ask for it, you can ignore this e-mail.\n\n' +
          'Support: support@islandferry.mv, +960 330 1234',
      );
      expect(mail.keptSubject).toBe('Your verification code');
      expect(mail.keptText).toBe(
        'A one-time verification code was sent to this address. The code is not kept.',
      );
      expect(mail.html).toContain('<html lang="en" dir="ltr">');
    });

    it('falls back to the lang cookie, then to Accept-Language', async () => {
      const byHeader = newEmail();
      await requestCode(byHeader, { headers: { 'accept-language': 'dv-MV, en;q=0.8' } });
      expect((await lastMailTo(byHeader)).subject).toMatch(THAANA);

      const byCookie = newEmail();
      await requestCode(byCookie, { headers: { cookie: 'lang=dv', 'accept-language': 'en' } });
      expect((await lastMailTo(byCookie)).subject).toMatch(THAANA);

      // The body's choice wins over both.
      const chosen = newEmail();
      await requestCode(chosen, { language: 'en', headers: { cookie: 'lang=dv', 'accept-language': 'dv' } });
      expect((await lastMailTo(chosen)).subject).toMatch(/^Your verification code: \d{6}$/);
    });

    it('refuses a language the app does not speak', async () => {
      const res = await requestCode(newEmail(), { language: 'fr' });
      expect(res.statusCode).toBe(400);
    });
  });

  describe('booking mails', () => {
    it('keeps a Dhivehi booking in Dhivehi: the ticket, booking received and approved', async () => {
      const male = await makeLocation(t.database.db, { name: `Male ${uniqueSuffix()}`, nameDv: 'މާލެ' });
      const maafushi = await makeLocation(t.database.db, { name: `Maafushi ${uniqueSuffix()}` });
      const trip = await makeSchedule(t.database.db, {
        travelDate: '2031-11-23',
        stops: [{ locationId: male.id }, { locationId: maafushi.id }],
      });
      const { res, email } = await submit(trip, { language: 'dv', seat: 'A1' });
      expect(res.statusCode).toBe(201);
      const { reference } = res.json();
      const ticket = await ticketOf(reference);
      expect(ticket.language).toBe('dv');

      const received = await lastMailTo(email);
      expect(received.subject).toBe(`ބުކިންގ ލިބިއްޖެ: ${reference}`);
      expect(received.text).toContain('ޝުކުރިއްޔާ، Aishath Mohamed.');
      expect(received.text).toContain(`ބުކިންގ ރެފަރެންސް: ${reference}`);
      // The Dhivehi name where the operator gave one, the English one where not.
      expect(received.text).toContain(`ދަތުރު: މާލެ އިން ${maafushi.name} އަށް`);
      // 2031-11-23 is a Sunday: day and month named from the catalogue.
      expect(received.text).toContain('ތާރީޚު: އާދިއްތަ، 23 ނޮވެމްބަރު 2031، ފުރާ ގަޑި 08:00');
      expect(received.text).toContain('ގޮނޑި: A1');
      expect(received.text).toContain('ބޭންކް ޓްރާންސްފަރ');
      // The reference as the transfer's remark (docs/decisions/039), in Dhivehi.
      expect(received.text).toContain(`ޓްރާންސްފަރގެ ރިމާކްގައި ${reference} ލިއުއްވާ`);
      expect(received.text).not.toMatch(/Booking|Trip:|Seats:|Amount:/);
      expect(received.html).toContain('<html lang="dv" dir="rtl">');
      expect(received.html).toContain(`<bdi dir="ltr">${reference}</bdi>`);
      expect(received.html).toContain(`<bdi dir="ltr">${ticket.totalAmount} MVR</bdi>`);

      const approve = await t.post(`/api/admin/tickets/${ticket.id}/approve`, {});
      expect(approve.statusCode).toBe(200);
      const approved = await lastMailTo(email);
      expect(approved.subject).toBe(`ބުކިންގ ފާސްކުރެވިއްޖެ: ${reference}`);
      expect(approved.text).toContain('ލޮބުވެތި Aishath Mohamed،');
      expect(approved.text).toContain('30 މިނިޓު');
      expect(approved.text).toContain('ދަތުރު: މާލެ އިން');
      expect(approved.text).not.toMatch(/Dear|approved|Please arrive/);
      expect(approved.html).toContain('<html lang="dv" dir="rtl">');
      expect(approved.html).toContain('<div lang="dv" dir="rtl"');
    });

    it('writes an English booking as before, and a rejection in the booking language', async () => {
      const trip = await makeSchedule(t.database.db, { travelDate: '2031-11-24' });
      const { res, email } = await submit(trip, { seat: 'A2' });
      expect(res.statusCode).toBe(201);
      const { reference, totalAmount } = res.json();
      const ticket = await ticketOf(reference);
      expect(ticket.language).toBe('en');
      const from = await locationName(trip.stops[0]?.locationId);
      const to = await locationName(trip.stops[trip.stops.length - 1]?.locationId);
      const received = await lastMailTo(email);
      expect(received.subject).toBe(`Booking received: ${reference}`);
      // Last, the manage page's link (docs/decisions/027).
      const [body, manageUrl] = received.text.split('\n\nChange, cancel or correct your booking: ');
      expect(manageUrl).toMatch(new RegExp(`^http://localhost:\\d+/bookings/${reference}/manage\\?k=\\S+$`));
      expect(body).toBe(
        [
          'Thank you, Aishath Mohamed. We have received your booking.',
          '',
          `Booking reference: ${reference}`,
          `Trip: ${from} to ${to}`,
          'Date: Mon, 24 Nov 2031, departure 08:00',
          `Launch: ${await launchName(ticket.launchId)}`,
          'Seats: A2',
          `Amount: ${totalAmount} MVR (Bank Transfer)`,
          '',
          'Your booking has been submitted for review. You will be notified once approved.',
          '',
          `Write ${reference} as the remark of your transfer, so we can match your payment quickly.`,
          '',
          'Support: support@islandferry.mv, +960 330 1234',
        ].join('\n'),
      );
      expect(received.html).toContain('<html lang="en" dir="ltr">');

      const reject = await t.post(`/api/admin/tickets/${ticket.id}/reject`, { remarks: 'Slip unreadable' });
      expect(reject.statusCode).toBe(200);
      const rejected = await lastMailTo(email);
      expect(rejected.subject).toBe(`Booking rejected: ${reference}`);
      expect(rejected.text).toContain('Remarks: Slip unreadable');
      expect(rejected.text).toContain('Support: support@islandferry.mv, +960 330 1234');
    });

    it('rejects a Dhivehi booking in Dhivehi', async () => {
      const trip = await makeSchedule(t.database.db, { travelDate: '2031-11-25' });
      const { res, email } = await submit(trip, { language: 'dv', seat: 'A3' });
      const ticket = await ticketOf(res.json().reference);
      const reject = await t.post(`/api/admin/tickets/${ticket.id}/reject`, {});
      expect(reject.statusCode).toBe(200);
      const rejected = await lastMailTo(email);
      expect(rejected.subject).toBe(`ބުކިންގ ރިޖެކްޓްކުރެވިއްޖެ: ${ticket.paymentReference}`);
      expect(rejected.text).toContain('ރިމާކްސް: ނެތް');
      expect(rejected.text).toContain('ސަޕޯޓް: support@islandferry.mv، +960 330 1234');
      expect(rejected.html).toContain('<bdi dir="ltr">support@islandferry.mv</bdi>');
    });

    it('escapes every value in the HTML part, and only there', async () => {
      const trip = await makeSchedule(t.database.db, { travelDate: '2031-11-26' });
      const name = '<script>alert("x")</script> & Co';
      const { res, email } = await submit(trip, { language: 'dv', seat: 'A4', name });
      expect(res.statusCode).toBe(201);
      const received = await lastMailTo(email);
      expect(received.text).toContain(name);
      expect(received.html).not.toContain('<script>');
      expect(received.html).toContain(
        '<bdi>&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; Co</bdi>',
      );
    });

    it('takes Accept-Language when no language is sent, and refuses one the app does not speak', async () => {
      const trip = await makeSchedule(t.database.db, { travelDate: '2031-11-27' });
      const byHeader = await submit(trip, { seat: 'A1', headers: { 'accept-language': 'dv, en;q=0.5' } });
      expect(byHeader.res.statusCode).toBe(201);
      expect((await ticketOf(byHeader.res.json().reference)).language).toBe('dv');
      expect((await lastMailTo(byHeader.email)).subject).toMatch(THAANA);

      const bad = await submit(trip, { language: 'fr', seat: 'A2' });
      expect(bad.res.statusCode).toBe(400);
      expect(bad.res.json().error.code).toBe('validation_error');
      const booked = await t.database.db
        .select()
        .from(tickets)
        .where(eq(tickets.scheduleId, trip.schedule.id));
      expect(booked.map((row) => row.seatNumbers)).toEqual([['A1']]);
    });
  });

  describe('the operator texts', () => {
    afterAll(() => t.database.db.delete(textOverrides));

    it('writes a mail with the operator corrections, passing over one that no longer fits', async () => {
      const db = t.database.db;
      const operator = { db, mayChangePaymentTexts: false };
      await saveTextOverride({
        ...operator,
        language: 'dv',
        id: 'email.receivedSubject',
        text: 'ބުކިންގ ލިބުނީ: {reference}',
      });
      await saveTextOverride({
        ...operator,
        language: 'en',
        id: 'email.receivedThanks',
        text: 'Thanks, {name}! Your booking is in.',
      });
      // Saved before its default changed: it lacks {reference}, so the catalogue's text is used.
      await t.database.db
        .insert(textOverrides)
        .values({ language: 'en', textId: 'email.receivedSubject', text: 'We got it' });
      const trip = await makeSchedule(t.database.db, { travelDate: '2031-11-28' });

      const dv = await submit(trip, { language: 'dv', seat: 'A1' });
      expect((await lastMailTo(dv.email)).subject).toBe(`ބުކިންގ ލިބުނީ: ${dv.res.json().reference}`);

      const en = await submit(trip, { language: 'en', seat: 'A2' });
      const mail = await lastMailTo(en.email);
      expect(mail.subject).toBe(`Booking received: ${en.res.json().reference}`);
      expect(mail.text).toMatch(/^Thanks, Aishath Mohamed! Your booking is in.\n/);
    });
  });

  async function locationName(id: string | undefined): Promise<string> {
    const [row] = await t.database.db
      .select({ name: locations.name })
      .from(locations)
      .where(eq(locations.id, id ?? ''));
    return row?.name ?? '';
  }

  async function launchName(id: string): Promise<string> {
    const [row] = await t.database.db
      .select({ name: launches.name })
      .from(launches)
      .where(eq(launches.id, id));
    return row?.name ?? '';
  }
});
