import { desc, eq } from 'drizzle-orm';
import jsQRModule from 'jsqr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { mailOutbox, tickets } from '#server/db/schema.ts';
import { RATE_LIMITS } from '#server/lib/rate-limit.ts';
import { verifyCode } from '#shared/e-ticket-code.ts';
import ETICKET_EN from '#shared/messages/eticket.ts';
import { makePaymentSettings, makeSchedule } from '#tests/factories.ts';
import { useAdminApp } from '#tests/setup/admin-app.ts';
import { outboxRows } from '#tests/setup/outbox.ts';
import { bookViaApi, ticketByReference } from '#tests/setup/public-booking.ts';
import { createTestApp } from '#tests/setup/test-app.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

// jsqr ships CommonJS whose default export Node hands over as the module itself.
const { default: jsQR } = jsQRModule as unknown as { default: typeof jsQRModule.default };

describe(`e-tickets (${testDatabaseKind})`, () => {
  const t = useAdminApp({ env: { PUBLIC_URL: 'https://ferry.example' } }, async () => {
    await makePaymentSettings(t.database.db);
  });

  async function approvedBooking() {
    const trip = await makeSchedule(t.database.db, { stops: 3 });
    const booking = await bookViaApi(t.app, trip);
    const ticket = await ticketByReference(t.app, booking.reference);
    const approve = await t.post(`/api/admin/tickets/${ticket.id}/approve`);
    expect(approve.statusCode, approve.body).toBe(200);
    const mail = (await outboxRows(t.app, eq(mailOutbox.to, booking.email))).at(-1);
    return { booking, ticket, trip, mail };
  }

  it('the approval e-mail links to the e-ticket, which carries a code the operator’s key verifies', async () => {
    const { booking, ticket, trip, mail } = await approvedBooking();
    const url = /https:\/\/ferry\.example\/t\/([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '');
    expect(url, mail?.text).not.toBeNull();
    expect(mail?.html).toContain(url?.[0]);
    const res = await t.app.inject({ method: 'GET', url: `/api/t/${url?.[1]}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    const eTicket = res.json();
    expect(eTicket).toMatchObject({ reference: booking.reference, ticketStatus: 'confirmed' });
    // The whole name: the link is the passenger's own.
    expect(eTicket.passengerName).toBe(ticket.passengerName);
    const checked = await verifyCode(eTicket.code, t.app.deps.ticketSigner().publicKeys);
    // The mail shows the same code inline: a PNG attachment the HTML shows by its content id,
    // which a QR reader decodes back to the signed code.
    const [qr] = mail?.attachments ?? [];
    expect(qr).toMatchObject({ contentType: 'image/png', cid: 'e-ticket-qr' });
    expect(mail?.html).toContain('<img src="cid:e-ticket-qr"');
    expect(mail?.html).toContain(`alt="Boarding QR code for booking ${booking.reference}"`);
    const { data, info } = await sharp(Buffer.from(qr?.contentBase64 ?? '', 'base64'))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data).toBe(eTicket.code);
    expect(checked).toEqual({
      ok: true,
      claims: expect.objectContaining({
        ticketId: ticket.id,
        scheduleId: trip.schedule.id,
        travelDate: ticket.travelDate,
        fromStop: 0,
        toStop: 2,
        seats: ticket.seatNumbers,
        adults: ticket.adultCount,
        children: ticket.childCount,
        version: 1,
      }),
    });
  });

  it('is not opened by a reference, a guess or a malformed token, and the lookup never shows the code', async () => {
    const { booking } = await approvedBooking();
    for (const token of [booking.reference, 'A'.repeat(43), 'abc', 'x'.repeat(100)]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/t/${encodeURIComponent(token)}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toEqual({ code: 'e_ticket_not_found', message: ETICKET_EN.notFound });
    }
    const lookup = await t.app.inject({ method: 'GET', url: `/api/bookings/${booking.reference}` });
    expect(lookup.statusCode).toBe(200);
    expect(lookup.json()).not.toHaveProperty('code');
    expect(lookup.body).not.toContain('IF1.');
  });

  it('shows no code once the booking is no longer confirmed, and keeps the same link', async () => {
    const { ticket, mail } = await approvedBooking();
    const token = /\/t\/([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1];
    await t.database.db.update(tickets).set({ ticketStatus: 'cancelled' }).where(eq(tickets.id, ticket.id));
    const res = await t.app.inject({ method: 'GET', url: `/api/t/${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ticketStatus: 'cancelled', code: null });
  });

  it('sends the link again to the booking’s own address, once per window, and answers alike for any reference', async () => {
    const { booking } = await approvedBooking();
    const mailsTo = async (to: string) =>
      (
        await t.database.db
          .select({ subject: mailOutbox.subject })
          .from(mailOutbox)
          .where(eq(mailOutbox.to, to))
      ).length;
    const before = await mailsTo(booking.email);
    const ask = (reference: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/bookings/${reference}/e-ticket`,
        remoteAddress: '10.55.0.1',
      });
    const first = await ask(booking.reference.toLowerCase());
    expect(first.statusCode).toBe(202);
    expect(await mailsTo(booking.email)).toBe(before + 1);
    const [mail] = await t.database.db
      .select({ text: mailOutbox.text, subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, booking.email))
      .orderBy(desc(mailOutbox.seq))
      .limit(1);
    expect(mail?.subject).toContain(booking.reference);
    expect(mail?.text).toMatch(/https:\/\/ferry\.example\/t\/[A-Za-z0-9_-]{43}/);
    // Within the window: the same answer, no second mail.
    const second = await ask(booking.reference);
    expect(second.statusCode).toBe(202);
    expect(second.body).toBe(first.body);
    expect(await mailsTo(booking.email)).toBe(before + 1);
    // An unknown reference and a pending booking: the same answer, no mail.
    const unknown = await ask('2611009999');
    expect({ status: unknown.statusCode, body: unknown.body }).toEqual({ status: 202, body: first.body });
    const pending = await bookViaApi(t.app, await makeSchedule(t.database.db));
    const pendingBefore = await mailsTo(pending.email);
    expect((await ask(pending.reference)).statusCode).toBe(202);
    expect(await mailsTo(pending.email)).toBe(pendingBefore);
  });

  it('limits the resend per address', async () => {
    const limited = await createTestApp({
      env: { RATE_LIMIT_SCALE: '1', PUBLIC_URL: 'https://ferry.example' },
    });
    try {
      const [max] = RATE_LIMITS.eTicketResend;
      const ask = (remoteAddress: string) =>
        limited.app.inject({ method: 'POST', url: '/api/bookings/2611000001/e-ticket', remoteAddress });
      for (let i = 0; i < max; i++) expect((await ask('10.66.0.1')).statusCode).toBe(202);
      expect((await ask('10.66.0.1')).statusCode).toBe(429);
      expect((await ask('10.66.0.2')).statusCode).toBe(202);
    } finally {
      await limited.close();
    }
  });
});
