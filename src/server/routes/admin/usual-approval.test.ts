import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, tickets } from '#server/db/schema.ts';
import { DEFAULT_USUAL_APPROVAL_MINUTES } from '#shared/constants.ts';
import { MSG, PAYMENT_STATUS_LABEL, SLIP_RECEIVED_LABEL } from '#shared/messages/api.ts';
import type { BookingLookup, PaymentSettingsView, PublicSettings } from '#shared/schemas.ts';
import { USUAL_APPROVAL_MSG } from '#shared/setup-api.ts';
import { makePaymentSettings, makeSchedule, makeTicket } from '#tests/factories.ts';
import { useAdminApp } from '#tests/setup/admin-app.ts';
import { bookViaApi } from '#tests/setup/public-booking.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

// The operator's usual time from slip to approval: set on the payment settings screen, told to
// passengers once their slip is in (the confirmation, Check Your Booking, the manage page).
describe(`the usual approval time (${testDatabaseKind})`, () => {
  const t = useAdminApp({}, async () => {
    await makePaymentSettings(t.database.db);
  });

  const publicSettings = async (): Promise<PublicSettings> =>
    (await t.app.inject({ method: 'GET', url: '/api/settings/public' })).json();
  const adminSettings = async (): Promise<PaymentSettingsView> =>
    (await t.get('/api/admin/payment-settings')).json();
  const lookup = async (reference: string): Promise<BookingLookup> =>
    (await t.app.inject({ method: 'GET', url: `/api/bookings/${reference}` })).json();
  const latestAudit = async () => {
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'payment_settings'))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    return entry;
  };

  it('starts at two hours, for the office and for passengers', async () => {
    expect(DEFAULT_USUAL_APPROVAL_MINUTES).toBe(120);
    expect((await adminSettings()).usualApprovalMinutes).toBe(120);
    expect((await publicSettings()).usualApprovalMinutes).toBe(120);
  });

  it('saves on its own, is audited, and every public answer carries it', async () => {
    const trip = await makeSchedule(t.database.db);
    const booked = await bookViaApi(t.app, trip, { seats: ['A1'] });
    const before = await publicSettings();
    try {
      const res = await t.put('/api/admin/payment-settings', { usualApprovalMinutes: 45 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().usualApprovalMinutes).toBe(45);
      expect((await adminSettings()).usualApprovalMinutes).toBe(45);
      // Nothing else changed; the wizard and the lookup read the new time at once.
      expect(await publicSettings()).toEqual({ ...before, usualApprovalMinutes: 45 });
      expect((await lookup(booked.reference)).usualApprovalMinutes).toBe(45);

      const entry = await latestAudit();
      expect(entry).toMatchObject({
        action: 'update',
        before: { usualApprovalMinutes: 120 },
        after: { usualApprovalMinutes: 45 },
      });
    } finally {
      await t.put('/api/admin/payment-settings', { usualApprovalMinutes: 120 });
    }
  });

  it.each([
    ['fewer than 5 minutes', 4],
    ['more than a week', 7 * 24 * 60 + 1],
    ['minutes that are not whole', 90.5],
    ['minutes as text', '90'],
    ['no number at all', null],
  ])('refuses %s with a message under the field, and changes nothing', async (_name, value) => {
    const before = await publicSettings();
    const audit = await latestAudit();
    const res = await t.put('/api/admin/payment-settings', { usualApprovalMinutes: value });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'validation_error',
      message: MSG.checkRequiredFields,
      fields: { usualApprovalMinutes: USUAL_APPROVAL_MSG },
    });
    expect(await publicSettings()).toEqual(before);
    expect(await latestAudit()).toEqual(audit);
  });

  it('is the Owner’s and the Office’s to change, not the Counter’s nor the Crew’s', async () => {
    for (const role of ['counter', 'crew'] as const) {
      const staff = await t.signInAs(role);
      const res = await staff.put('/api/admin/payment-settings', { usualApprovalMinutes: 30 });
      expect(res.statusCode, role).toBe(403);
      expect(res.json().error.code).toBe('forbidden');
    }
    expect((await publicSettings()).usualApprovalMinutes).toBe(120);

    const office = await t.signInAs('office');
    try {
      const res = await office.put('/api/admin/payment-settings', { usualApprovalMinutes: 30 });
      expect(res.statusCode, res.body).toBe(200);
      expect((await publicSettings()).usualApprovalMinutes).toBe(30);
    } finally {
      await t.put('/api/admin/payment-settings', { usualApprovalMinutes: 120 });
    }
  });

  it('a pending booking with its slip reads "Slip received, being checked"; without one, "Payment Pending"', async () => {
    const trip = await makeSchedule(t.database.db);
    const booked = await bookViaApi(t.app, trip, { seats: ['A1'] });
    expect(await lookup(booked.reference)).toMatchObject({
      paymentStatus: 'pending',
      paymentStatusLabel: SLIP_RECEIVED_LABEL,
      proofReceived: true,
      usualApprovalMinutes: 120,
    });

    const noSlip = await makeTicket(t.database.db, { schedule: trip, seats: ['A2'] });
    expect(await lookup(noSlip.ticket.paymentReference)).toMatchObject({
      paymentStatus: 'pending',
      paymentStatusLabel: PAYMENT_STATUS_LABEL.pending,
      proofReceived: false,
    });

    const [ticket] = await t.database.db
      .select({ id: tickets.id })
      .from(tickets)
      .where(eq(tickets.paymentReference, booked.reference));
    const approved = await t.post(`/api/admin/tickets/${ticket?.id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await lookup(booked.reference)).toMatchObject({
      paymentStatus: 'completed',
      paymentStatusLabel: PAYMENT_STATUS_LABEL.completed,
    });
  });
});
