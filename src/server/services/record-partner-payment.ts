import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { partnerPayments, partners } from '#server/db/schema.ts';
import { writeAudit } from '#server/lib/audit.ts';
import type { PartnerPayment, PartnerPaymentInput } from '#shared/partners.ts';
import { partnerNotFound } from './save-partner.ts';

export type RecordPartnerPaymentOptions = {
  db: Db;
  partnerId: string;
  input: PartnerPaymentInput;
  actorUserId: string;
};

/**
 * A payment the partner made against its account (docs/decisions/043-partner-accounts.md), in
 * the partner's currency, under a lock of the partner's row (as its bookings will take it), so a
 * booking and a payment never read each other's half. Audited; it frees that much credit.
 */
export async function recordPartnerPayment(opts: RecordPartnerPaymentOptions): Promise<PartnerPayment> {
  return opts.db.transaction(async (tx) => {
    const [partner] = await tx
      .select({ id: partners.id, currency: partners.currency })
      .from(partners)
      .where(eq(partners.id, opts.partnerId))
      .for('update');
    if (!partner) throw partnerNotFound();
    const [payment] = await tx
      .insert(partnerPayments)
      .values({
        partnerId: partner.id,
        amount: opts.input.amount,
        currency: partner.currency,
        paidOn: opts.input.paidOn,
        bankReference: opts.input.bankReference,
        createdBy: opts.actorUserId,
      })
      .returning();
    if (!payment) throw new Error('partner payment insert returned nothing');
    const recorded: PartnerPayment = {
      id: payment.id,
      partnerId: payment.partnerId,
      amount: payment.amount,
      currency: payment.currency === 'USD' ? 'USD' : 'MVR',
      paidOn: payment.paidOn,
      bankReference: payment.bankReference,
      createdAt: payment.createdAt.toISOString(),
    };
    await writeAudit({
      db: tx,
      actorUserId: opts.actorUserId,
      action: 'partner_payment',
      entity: 'partner',
      entityId: partner.id,
      after: recorded,
    });
    return recorded;
  });
}
