import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, mailOutbox, ticketSeats } from '#server/db/schema.ts';
import { createDevTransport, createMailer } from '#server/lib/mailer.ts';
import { type AdminTicket, APPROVAL_UNDO_SECONDS, type TicketList } from '#shared/admin-api.ts';
import { MSG } from '#shared/messages/api.ts';
import { makeSchedule, makeTicket } from '#tests/factories.ts';
import { useAdminApp } from '#tests/setup/admin-app.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

// The office's review queue: pending bookings by departure, and an approval that can be taken
// back for APPROVAL_UNDO_SECONDS while its e-mail waits.
describe(`the review queue (${testDatabaseKind})`, () => {
  let now = new Date();
  const clock = { now: () => now };
  const wait = (seconds: number) => {
    now = new Date(now.getTime() + seconds * 1000);
  };
  const t = useAdminApp({ clock });
  const db = () => t.database.db;

  const approvalMailOf = async (ticket: { passengerEmail: string }) =>
    db().select().from(mailOutbox).where(eq(mailOutbox.to, ticket.passengerEmail));
  const auditOf = (ticketId: string) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'ticket'), eq(auditLog.entityId, ticketId)))
      .orderBy(desc(auditLog.createdAt));
  const seatsOf = (ticketId: string) =>
    db().select().from(ticketSeats).where(eq(ticketSeats.ticketId, ticketId));
  const approve = (id: string) => t.post(`/api/admin/tickets/${id}/approve`, {});
  const undo = (id: string) => t.post(`/api/admin/tickets/${id}/undo-approval`, {});

  it('lists pending bookings by departure, soonest first, whatever the order they came in', async () => {
    const date = '2032-05-10';
    const dayAfter = '2032-05-11';
    const late = await makeSchedule(db(), { travelDate: date, stops: [{ departureTime: '15:00' }, {}] });
    const early = await makeSchedule(db(), { travelDate: date, stops: [{ departureTime: '07:30' }, {}] });
    const next = await makeSchedule(db(), { travelDate: dayAfter, stops: [{ departureTime: '06:00' }, {}] });
    // Booked in this order: the day after first, then the afternoon, then the morning twice.
    const made: { id: string }[] = [];
    for (const [i, schedule] of [next, late, early, early].entries()) {
      // A second apart: the database clock alone may give two quick inserts the same instant.
      const createdAt = new Date(Date.UTC(2032, 0, 1, 0, 0, i));
      made.push((await makeTicket(db(), { schedule, createdAt })).ticket);
    }
    const [onNext, onLate, firstEarly, secondEarly] = made;

    const queue: TicketList = (await t.get(`/api/admin/tickets?status=pending&q=`)).json();
    const mine = queue.tickets.filter((x) => made.some((m) => m.id === x.id)).map((x) => x.id);
    // Same departure: the one booked first is reviewed first.
    expect(mine).toEqual([firstEarly?.id, secondEarly?.id, onLate?.id, onNext?.id]);

    // The other tabs stay newest first.
    const everything: TicketList = (await t.get(`/api/admin/tickets?date=${date}`)).json();
    expect(everything.tickets.map((x) => x.id)).toEqual([secondEarly?.id, firstEarly?.id, onLate?.id]);
  });

  it('undoes an approval within the window: pending again, seats still held, no mail ever sent, audited', async () => {
    const { ticket } = await makeTicket(db());
    const seatsBefore = await seatsOf(ticket.id);
    expect((await approve(ticket.id)).statusCode).toBe(200);
    // The approval e-mail waits for the window: a delivery pass before it ends sends nothing.
    const mailer = createMailer({
      db: db(),
      transport: createDevTransport({ info: () => undefined }),
      from: 'Island Ferry <no-reply@islandferry.test>',
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
      clock,
      writeLater: t.app.deps.writeLaterMail,
    });
    await mailer.flush();
    expect((await approvalMailOf(ticket)).map((m) => m.status)).toEqual(['held']);

    wait(APPROVAL_UNDO_SECONDS - 1);
    const res = await undo(ticket.id);
    expect(res.statusCode).toBe(200);
    const view: AdminTicket = res.json();
    expect(view).toMatchObject({ ticketStatus: 'pending', paymentStatus: 'pending', approvedAt: null });
    expect(await seatsOf(ticket.id)).toEqual(seatsBefore);
    // The passenger never hears of it: the held mail is withdrawn, and nothing goes out later.
    expect(await approvalMailOf(ticket)).toEqual([]);
    wait(APPROVAL_UNDO_SECONDS * 2);
    await mailer.flush();
    expect(await approvalMailOf(ticket)).toEqual([]);

    const [entry] = await auditOf(ticket.id);
    expect(entry).toMatchObject({
      actorUserId: t.admin.id,
      action: 'undo_approval',
      before: { ticketStatus: 'confirmed', paymentStatus: 'completed' },
      after: { ticketStatus: 'pending', paymentStatus: 'pending' },
    });
    // Back in the queue, and it can be approved again.
    const queue: TicketList = (
      await t.get(`/api/admin/tickets?status=pending&q=${ticket.paymentReference}`)
    ).json();
    expect(queue.tickets.map((x) => x.id)).toEqual([ticket.id]);
    expect((await approve(ticket.id)).statusCode).toBe(200);
  });

  it('refuses the undo once the window has passed, and the approval e-mail then goes out', async () => {
    const { ticket } = await makeTicket(db());
    expect((await approve(ticket.id)).statusCode).toBe(200);
    wait(APPROVAL_UNDO_SECONDS + 1);
    const res = await undo(ticket.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'undo_too_late', message: MSG.undoTooLate });
    const view: AdminTicket = (await t.get(`/api/admin/tickets/${ticket.id}`)).json();
    expect(view.ticketStatus).toBe('confirmed');
    expect((await auditOf(ticket.id))[0]?.action).toBe('approve');

    const mailer = createMailer({
      db: db(),
      transport: createDevTransport({ info: () => undefined }),
      from: 'Island Ferry <no-reply@islandferry.test>',
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
      clock,
      writeLater: t.app.deps.writeLaterMail,
    });
    await mailer.flush();
    const [mail] = await approvalMailOf(ticket);
    expect(mail).toMatchObject({ status: 'sent', subject: `Booking approved: ${ticket.paymentReference}` });
  });

  it('refuses the undo once the mailer has the approval e-mail, even inside the window', async () => {
    const { ticket } = await makeTicket(db());
    expect((await approve(ticket.id)).statusCode).toBe(200);
    // Another instance whose clock runs ahead has claimed the mail to send it.
    await db()
      .update(mailOutbox)
      .set({ claimedUntil: new Date(now.getTime() + 600_000) })
      .where(eq(mailOutbox.to, ticket.passengerEmail));
    const res = await undo(ticket.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('undo_too_late');
    expect(((await t.get(`/api/admin/tickets/${ticket.id}`)).json() as AdminTicket).ticketStatus).toBe(
      'confirmed',
    );
  });

  it('refuses the undo once anything else happened to the booking', async () => {
    const { ticket } = await makeTicket(db());
    expect((await approve(ticket.id)).statusCode).toBe(200);
    wait(5);
    expect((await t.post(`/api/admin/tickets/${ticket.id}/mark`, { status: 'present' })).statusCode).toBe(
      200,
    );
    const res = await undo(ticket.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'undo_refused', message: MSG.undoRefused });
    const view: AdminTicket = (await t.get(`/api/admin/tickets/${ticket.id}`)).json();
    expect(view).toMatchObject({ ticketStatus: 'confirmed', markedStatus: 'present' });
  });

  it('refuses to undo what was never approved, or was undone already', async () => {
    const { ticket } = await makeTicket(db());
    expect((await undo(ticket.id)).json().error.code).toBe('undo_refused');
    expect((await approve(ticket.id)).statusCode).toBe(200);
    expect((await undo(ticket.id)).statusCode).toBe(200);
    const again = await undo(ticket.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('undo_refused');
  });

  it('is the reviewer’s: a role that may not approve may not undo either', async () => {
    const { ticket } = await makeTicket(db());
    expect((await approve(ticket.id)).statusCode).toBe(200);
    for (const role of ['counter', 'crew'] as const) {
      const other = await t.signInAs(role);
      const res = await other.post(`/api/admin/tickets/${ticket.id}/undo-approval`, {});
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('forbidden');
    }
    // The office may, as it may approve; what it did is on record under its name.
    const office = await t.signInAs('office');
    expect((await office.post(`/api/admin/tickets/${ticket.id}/undo-approval`, {})).statusCode).toBe(200);
    const [entry] = await auditOf(ticket.id);
    expect(entry?.action).toBe('undo_approval');
    expect(entry?.actorUserId).not.toBe(t.admin.id);
  });
});
