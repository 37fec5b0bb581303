import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { auditLog, mailOutbox, refundRequests, tickets } from '#server/db/schema.ts';
import { dateInZone } from '#server/lib/clock.ts';
import { REFUND_PAGE_SIZE } from '#shared/constants.ts';
import type { Refund, refundListSchema } from '#shared/disruptions.ts';
import { REFUND_MSG, STAFF_MSG } from '#shared/messages/staff.ts';
import { type MadeTicket, makePaymentSettings, makeSchedule, makeTicket } from '#tests/factories.ts';
import { useAdminApp } from '#tests/setup/admin-app.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

type RefundPage = z.infer<typeof refundListSchema>;

describe(`the refunds queue (${testDatabaseKind})`, () => {
  const t = useAdminApp({ role: 'office' }, async () => {
    await makePaymentSettings(t.database.db);
  });

  /** Every page of the queue in one state, following `next` from the first to the last. */
  const pages = async (status: 'requested' | 'refunded'): Promise<RefundPage[]> => {
    const walked: RefundPage[] = [];
    let cursor: string | null = null;
    do {
      const res = await t.send(
        'GET',
        `/api/admin/refunds?status=${status}${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      const page: RefundPage = res.json();
      walked.push(page);
      cursor = page.next;
    } while (cursor && walked.length < 100);
    return walked;
  };
  const list = async (status: 'requested' | 'refunded'): Promise<Refund[]> =>
    (await pages(status)).flatMap((page) => page.refunds);
  const email = (who: string) => `${who}-${randomUUID().slice(0, 8)}@example.com`;

  /** Two bookings on a departure the operator cancels: each gets an operator_cancelled request. */
  async function cancelledDeparture() {
    const db = t.database.db;
    const trip = await makeSchedule(db);
    const english = await makeTicket(db, {
      schedule: trip,
      status: 'confirmed',
      passengerEmail: email('en'),
      paymentSlipKey: `slips/${randomUUID()}.webp`,
    });
    const dhivehi = await makeTicket(db, {
      schedule: trip,
      status: 'confirmed',
      passengerEmail: email('dv'),
      language: 'dv',
    });
    const done = await t.send('POST', `/api/admin/trips/${trip.schedule.id}/cancel`, { reason: 'weather' });
    expect(done.statusCode, done.body).toBe(200);
    const requestOf = async (made: MadeTicket) => {
      const [row] = await db.select().from(refundRequests).where(eq(refundRequests.ticketId, made.ticket.id));
      if (!row) throw new Error('no refund request');
      return row;
    };
    return {
      english,
      dhivehi,
      englishRefund: await requestOf(english),
      dhivehiRefund: await requestOf(dhivehi),
    };
  }

  /** A passenger's own cancellation with the policy's share, and the account they gave. */
  async function passengerCancellation() {
    const db = t.database.db;
    const made = await makeTicket(db, { status: 'cancelled_by_passenger', passengerEmail: email('self') });
    const [row] = await db
      .insert(refundRequests)
      .values({
        ticketId: made.ticket.id,
        amount: '75.00',
        currency: 'MVR',
        reason: 'passenger_cancelled',
        percent: 50,
        paymentVerified: true,
        bankName: 'Bank of Maldives',
        accountName: 'Aminath Ali',
        accountNumber: '7730000123456',
      })
      .returning();
    if (!row) throw new Error('no refund request');
    return { made, refund: row };
  }

  it('lists each request with the payer, the reason, the policy’s share, the refund account and the slip', async () => {
    const db = t.database.db;
    const { english, dhivehi, englishRefund } = await cancelledDeparture();
    // The passenger gives the account on the manage page (docs/decisions/027).
    await db
      .update(refundRequests)
      .set({ bankName: 'MIB', accountName: 'John Smith', accountNumber: '90101400012345' })
      .where(eq(refundRequests.id, englishRefund.id));
    const own = await passengerCancellation();

    const requested = await list('requested');
    const byTicket = (id: string) => requested.find((r) => r.ticketId === id);
    expect(byTicket(english.ticket.id)).toMatchObject({
      reference: english.ticket.paymentReference,
      passengerName: english.ticket.passengerName,
      email: english.ticket.passengerEmail,
      phone: english.ticket.passengerPhone,
      amount: english.ticket.totalAmount,
      currency: 'MVR',
      reason: 'operator_cancelled',
      percent: null,
      paymentVerified: true,
      hasSlip: true,
      bankName: 'MIB',
      accountName: 'John Smith',
      accountNumber: '90101400012345',
      bankReference: null,
      status: 'requested',
      refundedAt: null,
    });
    expect(byTicket(dhivehi.ticket.id)).toMatchObject({
      reason: 'operator_cancelled',
      hasSlip: false,
      bankName: null,
      accountName: null,
      accountNumber: null,
    });
    expect(byTicket(own.made.ticket.id)).toMatchObject({
      reason: 'passenger_cancelled',
      percent: 50,
      amount: '75.00',
      bankName: 'Bank of Maldives',
    });
    expect(await list('refunded')).not.toContainEqual(
      expect.objectContaining({ ticketId: english.ticket.id }),
    );
  });

  it('marks one request refunded with the bank reference: the cancelled booking is marked, audited, and the passenger told in Dhivehi; a second mark changes nothing', async () => {
    const db = t.database.db;
    const { dhivehi, dhivehiRefund, englishRefund } = await cancelledDeparture();
    const [before] = await db.select().from(tickets).where(eq(tickets.id, dhivehi.ticket.id));

    const res = await t.send('POST', `/api/admin/refunds/${dhivehiRefund.id}/refunded`, {
      bankReference: '  BML-778899  ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: dhivehiRefund.id,
      status: 'refunded',
      bankReference: 'BML-778899',
    });

    const [closed] = await db.select().from(refundRequests).where(eq(refundRequests.id, dhivehiRefund.id));
    expect(closed).toMatchObject({ status: 'refunded', bankReference: 'BML-778899' });
    expect(closed?.refundedAt).toBeInstanceOf(Date);
    // Only that request: the other booking's is still owed.
    const [other] = await db.select().from(refundRequests).where(eq(refundRequests.id, englishRefund.id));
    expect(other).toMatchObject({ status: 'requested', bankReference: null, refundedAt: null });

    const [after] = await db.select().from(tickets).where(eq(tickets.id, dhivehi.ticket.id));
    expect(after?.ticketStatus).toBe('cancelled_by_operator');
    expect(after?.markedStatus).toBe('refunded');
    expect(after?.eticketVersion).toBe((before?.eticketVersion ?? 0) + 1);

    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, dhivehi.ticket.id), eq(auditLog.action, 'refund')));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.after).toMatchObject({
      refundId: dhivehiRefund.id,
      refundStatus: 'refunded',
      markedStatus: 'refunded',
      bankReference: 'BML-778899',
    });

    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.to, dhivehi.ticket.passengerEmail));
    const refundMail = mails.find((m) => m.subject.includes('ރީފަންޑް ފޮނުވައިފި'));
    expect(refundMail?.subject).toBe(`ރީފަންޑް ފޮނުވައިފި: ${dhivehi.ticket.paymentReference}`);
    expect(refundMail?.text).toContain(`${dhivehiRefund.amount} MVR`);
    expect(refundMail?.text).toContain(dhivehi.ticket.paymentReference);
    expect(refundMail?.text).toContain('BML-778899');
    expect(refundMail?.html).toContain('lang="dv" dir="rtl"');

    // It leaves the requested list for the refunded one.
    expect(await list('requested')).not.toContainEqual(expect.objectContaining({ id: dhivehiRefund.id }));
    expect(await list('refunded')).toContainEqual(
      expect.objectContaining({ id: dhivehiRefund.id, bankReference: 'BML-778899' }),
    );

    // Again (a double click, a second screen): 409, and nothing changes.
    const again = await t.send('POST', `/api/admin/refunds/${dhivehiRefund.id}/refunded`, {
      bankReference: 'OTHER-1',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({ code: 'already_refunded', message: REFUND_MSG.alreadyRefunded });
    const [still] = await db.select().from(refundRequests).where(eq(refundRequests.id, dhivehiRefund.id));
    expect(still).toEqual(closed);
    const [ticketStill] = await db.select().from(tickets).where(eq(tickets.id, dhivehi.ticket.id));
    expect(ticketStill?.eticketVersion).toBe(after?.eticketVersion);
    expect(
      await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, dhivehi.ticket.id), eq(auditLog.action, 'refund'))),
    ).toHaveLength(1);
    expect(
      (await db.select().from(mailOutbox).where(eq(mailOutbox.to, dhivehi.ticket.passengerEmail))).length,
    ).toBe(mails.length);
  });

  it('tells an English passenger in English, and keeps a rebooked booking travelling as it is', async () => {
    const db = t.database.db;
    const made = await makeTicket(db, { status: 'confirmed', passengerEmail: email('rebooked') });
    const [refund] = await db
      .insert(refundRequests)
      .values({
        ticketId: made.ticket.id,
        amount: '20.00',
        currency: 'MVR',
        reason: 'cheaper_rebooking',
        paymentVerified: true,
      })
      .returning();
    const res = await t.send('POST', `/api/admin/refunds/${refund?.id}/refunded`, { bankReference: 'FT123' });
    expect(res.statusCode, res.body).toBe(200);
    const [after] = await db.select().from(tickets).where(eq(tickets.id, made.ticket.id));
    expect(after).toMatchObject({ ticketStatus: 'confirmed', markedStatus: null });
    expect(after?.eticketVersion).toBe(made.ticket.eticketVersion);
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, made.ticket.passengerEmail));
    expect(mail?.subject).toBe(`Refund sent: ${made.ticket.paymentReference}`);
    expect(mail?.text).toContain(
      `We have sent you the refund of 20.00 MVR for booking ${made.ticket.paymentReference}.`,
    );
    expect(mail?.text).toContain('Bank reference of the payment: FT123');
  });

  it('sends no mail for a counter sale without an e-mail address', async () => {
    const db = t.database.db;
    const made = await makeTicket(db, {
      status: 'cancelled_by_operator',
      passengerEmail: '',
      channel: 'counter',
    });
    const [refund] = await db
      .insert(refundRequests)
      .values({
        ticketId: made.ticket.id,
        amount: made.ticket.totalAmount,
        currency: 'MVR',
        reason: 'operator_cancelled',
        paymentVerified: true,
      })
      .returning();
    const res = await t.send('POST', `/api/admin/refunds/${refund?.id}/refunded`, {
      bankReference: 'CASH-1',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.to, ''))).toEqual([]);
    const [after] = await db.select().from(tickets).where(eq(tickets.id, made.ticket.id));
    expect(after?.markedStatus).toBe('refunded');
  });

  it('the ticket card’s plain “refunded” marking leaves a refund waiting to the queue, and never re-stamps a paid one', async () => {
    const db = t.database.db;
    const { made, refund } = await passengerCancellation();
    const mark = (ticketId: string, status: string) =>
      t.send('POST', `/api/admin/tickets/${ticketId}/mark`, { status });
    const refused = await mark(made.ticket.id, 'refunded');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({ code: 'refund_in_queue', message: REFUND_MSG.refundInQueue });
    const [waiting] = await db.select().from(refundRequests).where(eq(refundRequests.id, refund.id));
    expect(waiting).toEqual(refund);
    const [unmarked] = await db.select().from(tickets).where(eq(tickets.id, made.ticket.id));
    expect(unmarked?.markedStatus).toBeNull();
    const listed = await t.send('GET', `/api/admin/tickets?q=${made.ticket.paymentReference}`);
    expect(listed.json().tickets[0]).toMatchObject({ openRefunds: 1 });

    // Paid through the queue; afterwards the plain marking changes the paid request in nothing.
    const paid = await t.send('POST', `/api/admin/refunds/${refund.id}/refunded`, {
      bankReference: 'BML-42',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const [closed] = await db.select().from(refundRequests).where(eq(refundRequests.id, refund.id));
    const again = await mark(made.ticket.id, 'refunded');
    expect(again.statusCode, again.body).toBe(200);
    const [still] = await db.select().from(refundRequests).where(eq(refundRequests.id, refund.id));
    expect(still).toEqual(closed);
    expect(still?.bankReference).toBe('BML-42');

    // A travelling booking with a cheaper rebooking's refund waiting: the other markings stay.
    const rebooked = await makeTicket(db, { status: 'confirmed', passengerEmail: email('cheaper') });
    await db.insert(refundRequests).values({
      ticketId: rebooked.ticket.id,
      amount: '10.00',
      currency: 'MVR',
      reason: 'cheaper_rebooking',
      paymentVerified: true,
    });
    expect((await mark(rebooked.ticket.id, 'refunded')).statusCode).toBe(409);
    expect((await mark(rebooked.ticket.id, 'present')).statusCode).toBe(200);
    // One the queue owes nothing keeps SPEC's plain marking.
    const plain = await makeTicket(db, { status: 'confirmed' });
    const marked = await mark(plain.ticket.id, 'refunded');
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toMatchObject({ markedStatus: 'refunded', openRefunds: 0 });
  });

  it('refuses an empty or missing bank reference and an unknown request, changing nothing', async () => {
    const db = t.database.db;
    const { refund } = await passengerCancellation();
    for (const payload of [{ bankReference: '   ' }, { bankReference: '' }, {}]) {
      const res = await t.send('POST', `/api/admin/refunds/${refund.id}/refunded`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.fields).toEqual({ bankReference: REFUND_MSG.bankReferenceRequired });
    }
    const long = await t.send('POST', `/api/admin/refunds/${refund.id}/refunded`, {
      bankReference: 'x'.repeat(101),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields).toEqual({ bankReference: REFUND_MSG.bankReferenceTooLong });
    const [still] = await db.select().from(refundRequests).where(eq(refundRequests.id, refund.id));
    expect(still).toEqual(refund);

    const unknown = await t.send('POST', `/api/admin/refunds/${randomUUID()}/refunded`, {
      bankReference: 'X1',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('refund_not_found');
  });

  it('exports the queue as CSV: the header, a row per request, formulas neutralised, a dated file name', async () => {
    const db = t.database.db;
    const { english, englishRefund } = await cancelledDeparture();
    await db
      .update(refundRequests)
      .set({ bankName: 'MIB', accountName: '=HYPERLINK("http://evil")', accountNumber: '90101400099999' })
      .where(eq(refundRequests.id, englishRefund.id));
    const own = await passengerCancellation();

    const res = await t.send('GET', '/api/admin/refunds.csv?status=requested');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = dateInZone(new Date(), t.config.tzOperator);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="refunds-requested-${today}.csv"`);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Reference,Passenger,Email,Phone,Reason,Amount,Currency,Payment verified,Bank,Account name,Account number,Requested at,Refunded at,Bank reference',
    );
    const row = lines.find((l) => l.startsWith(`${english.ticket.paymentReference},`));
    expect(row).toContain(
      `${english.ticket.passengerName},${english.ticket.passengerEmail},${english.ticket.passengerPhone},Operator cancellation,${english.ticket.totalAmount},MVR,Yes,MIB,"'=HYPERLINK(""http://evil"")",90101400099999,`,
    );
    expect(row).toMatch(/,\d{4}-\d{2}-\d{2} \d{2}:\d{2},,$/);
    const ownRow = lines.find((l) => l.startsWith(`${own.made.ticket.paymentReference},`));
    expect(ownRow).toContain(
      ',Passenger cancellation,75.00,MVR,Yes,Bank of Maldives,Aminath Ali,7730000123456,',
    );

    // The refunded list's file carries the bank reference.
    await t.send('POST', `/api/admin/refunds/${own.refund.id}/refunded`, { bankReference: 'BML-CSV-1' });
    const done = await t.send('GET', '/api/admin/refunds.csv?status=refunded');
    expect(done.headers['content-disposition']).toBe(`attachment; filename="refunds-refunded-${today}.csv"`);
    const doneRow = done.body.split('\r\n').find((l) => l.startsWith(`${own.made.ticket.paymentReference},`));
    expect(doneRow).toMatch(/,\d{4}-\d{2}-\d{2} \d{2}:\d{2},\d{4}-\d{2}-\d{2} \d{2}:\d{2},BML-CSV-1$/);
    expect(done.body).not.toContain(english.ticket.paymentReference);
  });

  it('pages the queue oldest first, each request once across ties, with the whole state’s sums; the CSV keeps every one', async () => {
    const db = t.database.db;
    const { ticket } = await makeTicket(db, {
      status: 'cancelled_by_passenger',
      passengerEmail: email('paged'),
    });
    const n = 2 * REFUND_PAGE_SIZE + 7;
    await db.execute(sql`insert into ${tickets} (payment_reference, schedule_id, launch_id, travel_date,
        passenger_name, passenger_email, passenger_nationality, total_amount, currency, exchange_rate,
        ticket_breakdown, seat_numbers, ticket_status)
      select payment_reference || 'x' || i, schedule_id, launch_id, travel_date, passenger_name,
        passenger_email, passenger_nationality, total_amount, currency, exchange_rate, ticket_breakdown,
        '{}', ticket_status
      from ${tickets}, generate_series(1, ${n}) i where id = ${ticket.id}`);
    // Asked for in threes at one instant a day ago, before the other tests' requests; every
    // fifth in USD.
    await db.execute(sql`insert into ${refundRequests} (ticket_id, amount, currency, reason, payment_verified, created_at)
      select t.id, '10.50', case when i % 5 = 0 then 'USD' else 'MVR' end, 'passenger_cancelled', true,
        date_trunc('second', now()) - interval '1 day' + make_interval(secs => i / 3)
      from ${tickets} t, cast(split_part(t.payment_reference, 'x', 2) as int) i
      where t.payment_reference like ${`${ticket.paymentReference}x%`}`);
    const ours = (refunds: Refund[]) =>
      refunds.filter((r) => r.reference.startsWith(`${ticket.paymentReference}x`));
    const inOrder = async (status: 'requested' | 'refunded') =>
      (
        await db
          .select({ id: refundRequests.id })
          .from(refundRequests)
          .innerJoin(tickets, eq(tickets.id, refundRequests.ticketId))
          .where(eq(refundRequests.status, status))
          .orderBy(asc(refundRequests.createdAt), asc(tickets.paymentReference), asc(refundRequests.id))
      ).map((r) => r.id);
    const sums = (status: 'requested' | 'refunded') =>
      db
        .select({
          currency: refundRequests.currency,
          count: sql<number>`count(*)::int`,
          amount: sql<string>`sum(${refundRequests.amount})::text`,
        })
        .from(refundRequests)
        .where(eq(refundRequests.status, status))
        .groupBy(refundRequests.currency)
        .orderBy(refundRequests.currency);

    const walked = await pages('requested');
    expect(walked.length).toBeGreaterThanOrEqual(3);
    expect(
      walked.every((page, i) => page.refunds.length === REFUND_PAGE_SIZE || i === walked.length - 1),
    ).toBe(true);
    const listed = walked.flatMap((page) => page.refunds);
    expect(listed.map((r) => r.id)).toEqual(await inOrder('requested'));
    expect(ours(listed)).toHaveLength(n);
    for (const page of walked) expect(page.totals).toEqual(await sums('requested'));
    expect(walked[0]?.totals.find((x) => x.currency === 'USD')).toMatchObject({
      count: 21,
      amount: '220.50',
    });

    // The bank run's file is every request, not a page.
    const csv = (await t.send('GET', '/api/admin/refunds.csv?status=requested')).body;
    const rows = csv.split('\r\n').filter((l) => l.startsWith(`${ticket.paymentReference}x`));
    expect(rows).toHaveLength(n);

    // Paid back, they page the same way under Refunded.
    await db.execute(sql`update ${refundRequests} set status = 'refunded', refunded_at = now(), bank_reference = 'BML-PAGED'
      where ticket_id in (select id from ${tickets} where payment_reference like ${`${ticket.paymentReference}x%`})`);
    const refunded = (await pages('refunded')).flatMap((page) => page.refunds);
    expect(refunded.map((r) => r.id)).toEqual(await inOrder('refunded'));
    expect(ours(refunded)).toHaveLength(n);
    expect(ours(await list('requested'))).toEqual([]);
  });

  it('refuses a cursor it did not give out with a 400', async () => {
    const ticketCursor = Buffer.from(
      JSON.stringify(['newest', '2031-05-06T10:00:00.000000Z', randomUUID()]),
    ).toString('base64url');
    for (const cursor of ['nonsense', ticketCursor, Buffer.from('["oldest",1,2,3]').toString('base64url')]) {
      const res = await t.send('GET', `/api/admin/refunds?status=refunded&cursor=${cursor}`);
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().error).toEqual({ code: 'invalid_cursor', message: STAFF_MSG.cursorInvalid });
    }
  });

  it('is the office’s and the owner’s alone: Crew and Counter are refused', async () => {
    const { refund } = await passengerCancellation();
    for (const role of ['crew', 'counter'] as const) {
      const staff = await t.signInAs(role);
      for (const [method, url, payload] of [
        ['GET', '/api/admin/refunds', undefined],
        ['GET', '/api/admin/refunds.csv', undefined],
        ['POST', `/api/admin/refunds/${refund.id}/refunded`, { bankReference: 'NOPE' }],
      ] as const) {
        const res = await staff.send(method, url, payload);
        expect({ role, url, status: res.statusCode }).toEqual({ role, url, status: 403 });
        expect(res.json().error).toEqual({ code: 'forbidden', message: STAFF_MSG.forbidden });
      }
    }
    const owner = await t.signInAs('owner');
    const res = await owner.post(`/api/admin/refunds/${refund.id}/refunded`, { bankReference: 'OK-1' });
    expect(res.statusCode, res.body).toBe(200);
    const [closed] = await t.database.db
      .select()
      .from(refundRequests)
      .where(eq(refundRequests.id, refund.id));
    expect(closed?.bankReference).toBe('OK-1');
  });
});
