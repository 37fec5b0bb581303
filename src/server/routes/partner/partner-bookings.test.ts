import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import {
  auditLog,
  mailOutbox,
  partnerPayments,
  partnerStatements,
  paymentSettings,
  ticketPassengers,
  tickets,
} from '#server/db/schema.ts';
import { addDays } from '#server/lib/clock.ts';
import { sendPartnerStatements } from '#server/services/send-partner-statements.ts';
import type { Partner, PartnerBooking, PartnerOwnAccount } from '#shared/partners.ts';
import type { SeatMap } from '#shared/schemas.ts';
import {
  type MadeSchedule,
  makePaymentSettings,
  makeSchedule,
  tomorrowInOperatorZone,
} from '#tests/factories.ts';
import { useAdminApp } from '#tests/setup/admin-app.ts';
import { cookieFrom } from '#tests/setup/admin-session.ts';
import { multipartBody } from '#tests/setup/multipart.ts';
import { outboxRows } from '#tests/setup/outbox.ts';
import { seatLockRequest, verifiedToken } from '#tests/setup/public-booking.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

/*
 * Resorts and agents booking on account (docs/decisions/043-partner-accounts.md): a partner's
 * user, invited with a staff link, books whole parties at its net rate within its credit limit,
 * sees only its own bookings, takes its allotments first, and is sent a monthly statement.
 */

describe(`partner bookings (${testDatabaseKind})`, () => {
  /** Moves the server's clock: an allotment's release, the 1st of next month. */
  let skewMs = 0;
  const t = useAdminApp(
    { env: { RATE_LIMIT_SCALE: '100' }, clock: { now: () => new Date(Date.now() + skewMs) } },
    async () => {
      await makePaymentSettings(t.database.db);
    },
  );
  let n = 0;

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  /** A partner made by the office, and a user of it signed in through its invitation. */
  const newPartner = async (terms: Record<string, unknown> = {}) => {
    const made = await t.send('POST', '/api/admin/partners', {
      name: `Coral Sands Resort ${++n}-${randomUUID().slice(0, 6)}`,
      contactEmail: `transfers${n}@coralsands.example`,
      currency: 'MVR',
      commissionPercent: 10,
      creditLimit: '100000',
      paymentTermsDays: 30,
      ...terms,
    });
    expect(made.statusCode, made.body).toBe(201);
    const partner = made.json<Partner>();
    const email = `desk${n}-${randomUUID().slice(0, 6)}@coralsands.example`;
    const invited = await t.send('POST', `/api/admin/partners/${partner.id}/users`, { email });
    expect(invited.statusCode, invited.body).toBe(201);
    const [mail] = await outboxRows(t.app, eq(mailOutbox.to, email));
    const token = /\/admin\/welcome#([\w-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    const checked = await t.app.inject({ method: 'POST', url: '/api/auth/links/check', payload: { token } });
    expect(checked.json()).toMatchObject({ kind: 'invite', role: 'partner', partnerName: partner.name });
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/auth/links/complete',
      payload: { token, password: 'a long partner password 1' },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ user: null, partner: { partnerId: partner.id, email } });
    return { partner, email, cookie: cookieFrom(done.headers['set-cookie']) };
  };

  const newTrip = () => makeSchedule(t.database.db, { travelDate: addDays(tomorrowInOperatorZone(), 2) });

  const localAdultPrice = async () => {
    const [settings] = await t.database.db.select().from(paymentSettings).limit(1);
    return Math.round(Number(settings?.localAdultPrice) * 100);
  };

  const bookingBody = (trip: MadeSchedule, seats: string[], guests = seats.length) => ({
    scheduleId: trip.schedule.id,
    travelDate: trip.schedule.travelDate,
    launchId: trip.launchIds[0],
    originId: trip.stops[0]?.locationId,
    destinationId: trip.stops.at(-1)?.locationId,
    seats,
    tickets: [{ type: 'local', category: 'adult', quantity: guests }],
    passengers: Array.from({ length: guests }, (_, i) => ({
      name: `Guest ${i + 1}`,
      nationality: 'Maldives',
      ...(i === 1 ? { email: 'guest.two@example.com' } : {}),
    })),
    language: 'en',
    saleId: randomUUID(),
  });

  it('books 6 guests in one request at its net rate: confirmed at once, every guest named, the e-ticket to the partner and the guest who gave an address', async () => {
    const { partner, cookie } = await newPartner();
    const trip = await newTrip();
    const body = bookingBody(trip, ['A1', 'A2', 'A3', 'A4', 'B1', 'B2']);
    const res = await call('POST', '/api/partner/bookings', cookie, body);
    expect(res.statusCode, res.body).toBe(201);
    const booking = res.json<PartnerBooking>();
    const publicCents = 6 * (await localAdultPrice());
    const commission = Math.round(publicCents / 10);
    expect(booking).toMatchObject({
      ticketStatus: 'confirmed',
      currency: 'MVR',
      publicAmount: (publicCents / 100).toFixed(2),
      commissionAmount: (commission / 100).toFixed(2),
      totalAmount: ((publicCents - commission) / 100).toFixed(2),
      seats: body.seats,
    });
    expect(booking.passengers.map((p) => p.name)).toEqual(body.passengers.map((p) => p.name));
    expect(booking.eTicketUrl).toMatch(/\/t\/[\w-]{40,}$/);
    const [row] = await t.database.db.select().from(tickets).where(eq(tickets.id, booking.ticketId));
    expect(row).toMatchObject({ channel: 'partner', partnerId: partner.id, paymentMethod: 'On Account' });
    const persons = await t.database.db
      .select()
      .from(ticketPassengers)
      .where(eq(ticketPassengers.ticketId, booking.ticketId));
    expect(persons).toHaveLength(6);
    const mails = await outboxRows(t.app, like(mailOutbox.subject, `%${booking.reference}%`));
    expect(mails.map((m) => m.to).sort()).toEqual([partner.contactEmail, 'guest.two@example.com'].sort());
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, booking.ticketId), eq(auditLog.action, 'partner_booking')));
    expect(audit?.after).toMatchObject({ partner: partner.name, guests: 6 });
    // Sent again (a lost answer): the same booking, nothing more.
    const again = await call('POST', '/api/partner/bookings', cookie, body);
    expect(again.statusCode).toBe(200);
    expect(again.json<PartnerBooking>().reference).toBe(booking.reference);
    const account = (await call('GET', '/api/partner/account', cookie)).json<PartnerOwnAccount>();
    expect(account.balance).toBe(booking.totalAmount);
    // The office cannot delete it: it stays on the account.
    const deleted = await t.send('DELETE', `/api/admin/tickets/${booking.ticketId}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().error.code).toBe('partner_booking_kept');
  });

  it('charges a dollar partner in dollars, converted at the day’s exchange rate', async () => {
    const { cookie } = await newPartner({ currency: 'USD', commissionPercent: 0 });
    const trip = await newTrip();
    const res = await call('POST', '/api/partner/bookings', cookie, bookingBody(trip, ['A1', 'A2']));
    expect(res.statusCode, res.body).toBe(201);
    const [settings] = await t.database.db.select().from(paymentSettings).limit(1);
    const expected = (2 * Number(settings?.localAdultPrice)) / Number(settings?.exchangeRate);
    const booking = res.json<PartnerBooking>();
    expect(booking.currency).toBe('USD');
    expect(Number(booking.totalAmount)).toBeCloseTo(expected, 1);
  });

  it('refuses a booking over the credit limit with 409 credit_limit, saying what is left, and books nothing', async () => {
    const price = await localAdultPrice();
    const { partner, cookie } = await newPartner({
      commissionPercent: 0,
      creditLimit: ((price * 1.5) / 100).toFixed(2),
    });
    const trip = await newTrip();
    const over = await call('POST', '/api/partner/bookings', cookie, bookingBody(trip, ['A1', 'A2']));
    expect(over.statusCode, over.body).toBe(409);
    expect(over.json().error).toMatchObject({
      code: 'credit_limit',
      creditLeft: ((price * 1.5) / 100).toFixed(2),
      currency: 'MVR',
    });
    const rows = await t.database.db.select().from(tickets).where(eq(tickets.partnerId, partner.id));
    expect(rows).toHaveLength(0);
    const one = await call('POST', '/api/partner/bookings', cookie, bookingBody(trip, ['A1']));
    expect(one.statusCode).toBe(201);
    // Half a fare left: two more seats are refused, until a payment the office records frees credit.
    const refused = await call('POST', '/api/partner/bookings', cookie, bookingBody(trip, ['B1', 'B2']));
    expect(refused.statusCode).toBe(409);
    const paid = await t.send('POST', `/api/admin/partners/${partner.id}/payments`, {
      amount: (price / 100).toFixed(2),
      paidOn: '2026-11-20',
      bankReference: 'FT-CREDIT',
    });
    expect(paid.json().partner).toMatchObject({
      balance: '0.00',
      creditLeft: ((price * 1.5) / 100).toFixed(2),
    });
    const after = await call('POST', '/api/partner/bookings', cookie, bookingBody(trip, ['B1']));
    expect(after.statusCode, after.body).toBe(201);
  });

  it('never lets two bookings at once pass the limit together', async () => {
    const price = await localAdultPrice();
    const { partner, cookie } = await newPartner({
      commissionPercent: 0,
      creditLimit: ((price * 3) / 100).toFixed(2),
    });
    const trip = await newTrip();
    const results = await Promise.all([
      call('POST', '/api/partner/bookings', cookie, bookingBody(trip, ['A1', 'A2'])),
      call('POST', '/api/partner/bookings', cookie, bookingBody(trip, ['B1', 'B2'])),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const rows = await t.database.db.select().from(tickets).where(eq(tickets.partnerId, partner.id));
    expect(rows).toHaveLength(1);
  });

  it('keeps a partner to /api/partner: the office’s and the counter’s routes answer 403, and staff are refused its routes', async () => {
    const { email, cookie } = await newPartner();
    expect((await call('GET', '/api/admin/partners', cookie)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/counter/departures', cookie)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/tickets', cookie)).statusCode).toBe(403);
    const staff = await t.send('GET', '/api/admin/staff');
    expect(JSON.stringify(staff.json())).not.toContain(email);
    expect((await t.send('GET', '/api/partner/account')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/partner/account' })).statusCode).toBe(401);
    const me = await call('GET', '/api/auth/me', cookie);
    expect(me.json()).toMatchObject({ user: null, partner: { email } });
  });

  it('shows and changes only its own bookings: another partner’s reference is not found', async () => {
    const a = await newPartner();
    const b = await newPartner();
    const trip = await newTrip();
    const booking = (
      await call('POST', '/api/partner/bookings', a.cookie, bookingBody(trip, ['A1', 'A2']))
    ).json<PartnerBooking>();
    const listB = (await call('GET', '/api/partner/bookings', b.cookie)).json<{
      bookings: PartnerBooking[];
    }>();
    expect(listB.bookings.map((x) => x.reference)).not.toContain(booking.reference);
    expect(
      (await call('POST', `/api/partner/bookings/${booking.reference}/cancel`, b.cookie)).statusCode,
    ).toBe(404);
    const listA = (await call('GET', '/api/partner/bookings', a.cookie)).json<{
      bookings: PartnerBooking[];
    }>();
    expect(listA.bookings.map((x) => x.reference)).toContain(booking.reference);

    const renamed = await call('PATCH', `/api/partner/bookings/${booking.reference}/passengers/1`, a.cookie, {
      name: 'Guest Two Corrected',
      nationality: 'Italy',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<PartnerBooking>().passengers[1]).toMatchObject({
      name: 'Guest Two Corrected',
      nationality: 'Italy',
    });

    const before = (await call('GET', '/api/partner/account', a.cookie)).json<PartnerOwnAccount>();
    const cancelled = await call('POST', `/api/partner/bookings/${booking.reference}/cancel`, a.cookie);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<PartnerBooking>()).toMatchObject({
      ticketStatus: 'cancelled_by_passenger',
      eTicketUrl: null,
    });
    const after = (await call('GET', '/api/partner/account', a.cookie)).json<PartnerOwnAccount>();
    expect(Number(after.balance)).toBeCloseTo(Number(before.balance) - Number(booking.totalAmount), 2);
    // The seats are free again for anyone.
    const token = await verifiedToken(t.app, `walk-in-${randomUUID().slice(0, 8)}@example.com`);
    expect((await seatLockRequest(t.app, 'POST', trip, ['A1'], { token })).statusCode).toBe(200);
    expect(
      (await call('POST', `/api/partner/bookings/${booking.reference}/cancel`, a.cookie)).statusCode,
    ).toBe(409);
  });

  it('sets an allotment aside: the public cannot take its seats, the partner sees and books them first, and the rest is released on time', async () => {
    const { partner, cookie } = await newPartner();
    const trip = await newTrip();
    const made = await t.send('POST', `/api/admin/partners/${partner.id}/allotments`, {
      scheduleId: trip.schedule.id,
      travelDate: trip.schedule.travelDate,
      launchId: trip.launchIds[0],
      seats: ['C1', 'C2', 'C3'],
      releaseHours: 24,
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({
      seats: ['C1', 'C2', 'C3'],
      held: ['C1', 'C2', 'C3'],
      released: false,
    });
    const token = await verifiedToken(t.app, `walk-in-${randomUUID().slice(0, 8)}@example.com`);
    const publicLock = await seatLockRequest(t.app, 'POST', trip, ['C1'], { token });
    expect(publicLock.statusCode).toBe(409);
    const query = new URLSearchParams({
      scheduleId: trip.schedule.id,
      date: trip.schedule.travelDate,
      launchId: trip.launchIds[0] ?? '',
    });
    const map = (await call('GET', `/api/partner/seats?${query}`, cookie)).json<SeatMap>();
    expect(map.seats.filter((s) => s.state === 'mine').map((s) => s.label)).toEqual(['C1', 'C2', 'C3']);
    const booked = await call('POST', '/api/partner/bookings', cookie, bookingBody(trip, ['C1', 'C2']));
    expect(booked.statusCode, booked.body).toBe(201);
    const list = await t.send('GET', `/api/admin/partners/${partner.id}/allotments`);
    expect(list.json().allotments[0]).toMatchObject({ held: ['C3'] });
    // Past its release time (24 h before the departure, two days and more away): C3 is anyone's.
    skewMs = 2 * 86_400_000;
    try {
      const later = await verifiedToken(t.app, `walk-in-${randomUUID().slice(0, 8)}@example.com`);
      const released = await seatLockRequest(t.app, 'POST', trip, ['C3'], { token: later });
      expect(released.statusCode, released.body).toBe(200);
    } finally {
      skewMs = 0;
    }
  });

  it('sends each partner last month’s statement on the 1st, once, with a PDF and an XLSX that add up; a transfer naming it pays the account', async () => {
    const { partner, cookie } = await newPartner();
    const trip = await newTrip();
    const booking = (
      await call('POST', '/api/partner/bookings', cookie, bookingBody(trip, ['A1', 'A2', 'A3']))
    ).json<PartnerBooking>();
    const paid = await t.send('POST', `/api/admin/partners/${partner.id}/payments`, {
      amount: '100.00',
      paidOn: new Date().toISOString().slice(0, 10),
      bankReference: 'FT-100',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    // The 1st of next month, in the operator's zone.
    const now = new Date();
    const firstNext = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 6));
    const clock = { now: () => firstNext };
    const first = await sendPartnerStatements({ db: t.database.db, clock, tzOperator: t.config.tzOperator });
    expect(first.sent).toBeGreaterThanOrEqual(1);
    const again = await sendPartnerStatements({ db: t.database.db, clock, tzOperator: t.config.tzOperator });
    expect(again.sent).toBe(0);
    const [statement] = await t.database.db
      .select()
      .from(partnerStatements)
      .where(eq(partnerStatements.partnerId, partner.id));
    const net = Number(booking.totalAmount);
    expect(statement).toMatchObject({ openingBalance: '0.00', paid: '100.00' });
    expect(Number(statement?.charged)).toBeCloseTo(net, 2);
    expect(Number(statement?.closingBalance)).toBeCloseTo(net - 100, 2);
    const mails = await outboxRows(t.app, like(mailOutbox.subject, `%${statement?.number}%`));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toBe(partner.contactEmail);
    const files = mails[0]?.attachments ?? [];
    expect(files.map((f) => f.filename)).toEqual([
      `statement-${statement?.number}.pdf`,
      `statement-${statement?.number}.xlsx`,
    ]);
    const pdfText = (
      await extractText(
        await getDocumentProxy(new Uint8Array(Buffer.from(files[0]?.contentBase64 ?? '', 'base64'))),
        { mergePages: true },
      )
    ).text;
    expect(pdfText).toContain(`Statement ${statement?.number}`);
    expect(pdfText).toContain(booking.reference);
    expect(pdfText).toContain(`Balance due ${statement?.closingBalance}`);
    expect(pdfText).toContain(`Bookings (net of commission) ${statement?.charged}`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(files[1]?.contentBase64 ?? '', 'base64') as never);
    const bookings = book.getWorksheet('Bookings');
    expect(bookings?.getRow(2).getCell(2).value).toBe(booking.reference);
    expect(bookings?.getRow(2).getCell(8).value).toBeCloseTo(net, 2);
    const summary = book.getWorksheet('Statement');
    expect(summary?.getRow(12).getCell(2).value).toBeCloseTo(net - 100, 2);

    // The office downloads the same month.
    const month = statement?.month.slice(0, 7);
    const pdf = await t.send('GET', `/api/admin/partners/${partner.id}/statements/${month}.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const listed = await t.send('GET', `/api/admin/partners/${partner.id}/statements`);
    expect(listed.json().statements[0]).toMatchObject({ number: statement?.number, overdue: false });

    // A transfer whose remark names the statement pays the partner's account.
    const remark = `payment ${statement?.number.toLowerCase().replace('-', ' ')}`;
    const csv = `Date,Amount,Currency,Remark,Payer,Id\n${firstNext.toISOString().slice(0, 10)},250.00,MVR,"${remark}",Coral Sands,PS-${randomUUID().slice(0, 8)}\n`;
    const mapping = {
      headerRow: 1,
      date: 'Date',
      amount: 'Amount',
      currency: 'Currency',
      remark: 'Remark',
      payer: 'Payer',
      transactionId: 'Id',
      dateFormat: 'YYYY-MM-DD',
      decimalMark: '.',
    };
    const form = await multipartBody(
      { account: 'MVR', mapping: JSON.stringify(mapping) },
      { file: { body: Buffer.from(csv), type: 'text/csv', name: 's.csv' } },
    );
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/admin/statements',
      payload: form.payload,
      headers: { ...form.headers, cookie: t.cookie },
    });
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json()).toMatchObject({ imported: 1, matched: 1 });
    const payments = await t.database.db
      .select()
      .from(partnerPayments)
      .where(eq(partnerPayments.partnerId, partner.id));
    expect(payments.map((p) => p.amount).sort()).toEqual(['100.00', '250.00']);
    expect(payments.find((p) => p.amount === '250.00')?.statementLineId).not.toBeNull();
  });
});
