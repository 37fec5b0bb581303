import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { DEFAULT_EXCHANGE_RATE, DEFAULT_PRICES } from '#shared/constants.ts';
import { STAFF_MSG } from '#shared/messages/staff.ts';
import type { PaymentSettingsView } from '#shared/schemas.ts';
import type { paymentSettingsUpdateSchema } from '#shared/setup-api.ts';
import type { Db } from '../db/client.ts';
import { paymentSettings } from '../db/schema.ts';
import { writeAudit } from '../lib/audit.ts';
import { AppError } from '../lib/errors.ts';
import { bankChangeMail } from '../mails/bank-change-mail.ts';
import { mailOwners } from './mail-owners.ts';
import { readPaymentSettings } from './read-payment-settings.ts';
import { readSettingsRow } from './read-settings-row.ts';

/** What passengers are told to pay into, and how. */
const BANK_FIELDS = [
  'bankName',
  'accountHolder',
  'accountNumber',
  'bankNameUsd',
  'accountHolderUsd',
  'accountNumberUsd',
  'paymentInstructions',
  'bankNameDv',
  'bankNameUsdDv',
  'paymentInstructionsDv',
] as const;

const PRICE_FIELDS = [
  'localAdultPrice',
  'localChildPrice',
  'foreignerAdultPrice',
  'foreignerChildPrice',
] as const;

export type UpdatePaymentSettingsOptions = {
  db: Db;
  /** What the route's schema parsed. */
  input: z.output<typeof paymentSettingsUpdateSchema>;
  actorUserId: string | null;
  /** Whether the actor may change the bank accounts (the `bank.manage` permission). */
  mayChangeBank: boolean;
  /** Who made the change, for the Owners' notice. */
  actorEmail?: string;
};

/**
 * Saves only the fields sent (each card of the payment screen is its own save) on the one
 * settings row, creating it with the defaults when there is none (docs/product.md section 7).
 * Tickets already booked keep their stored prices and totals.
 */
export async function updatePaymentSettings(
  opts: UpdatePaymentSettingsOptions,
): Promise<PaymentSettingsView> {
  const { db, input } = opts;
  const changes: Partial<typeof paymentSettings.$inferInsert> = {};
  for (const field of PRICE_FIELDS) {
    const value = input[field];
    // The numeric(12,2) column rounds the decimal text half away from zero.
    if (value !== undefined) changes[field] = String(value);
  }
  // An infant's price: empty is free again (docs/decisions/036-fare-categories.md).
  for (const field of ['infantLocalPrice', 'infantForeignerPrice'] as const) {
    const value = input[field];
    if (value !== undefined) changes[field] = value === null || value === '' ? null : String(value);
  }
  if (input.exchangeRate !== undefined) changes.exchangeRate = String(input.exchangeRate);
  if (input.refundPolicy !== undefined) changes.refundPolicy = input.refundPolicy;
  if (input.usualApprovalMinutes !== undefined) changes.usualApprovalMinutes = input.usualApprovalMinutes;
  const bankChanges: Partial<Record<(typeof BANK_FIELDS)[number], string>> = {};
  for (const field of BANK_FIELDS) {
    const value = input[field];
    if (value !== undefined) bankChanges[field] = value;
  }
  // The accounts passengers pay into are the main fraud route: the Owner's alone.
  if (Object.keys(bankChanges).length > 0 && !opts.mayChangeBank) {
    throw new AppError('forbidden', STAFF_MSG.bankOwnerOnly, 403);
  }
  Object.assign(changes, bankChanges);

  await db.transaction(async (tx) => {
    const row = await readSettingsRow({ db: tx, table: 'payment', lock: true });
    if (row) {
      if (Object.keys(changes).length > 0) {
        await tx
          .update(paymentSettings)
          .set({ ...changes, updatedAt: new Date() })
          .where(eq(paymentSettings.id, row.id));
      }
    } else {
      await tx.insert(paymentSettings).values({
        ...DEFAULT_PRICES,
        exchangeRate: DEFAULT_EXCHANGE_RATE,
        ...changes,
      });
    }
    const before = row
      ? Object.fromEntries(Object.keys(changes).map((k) => [k, row[k as keyof typeof row]]))
      : null;
    await writeAudit({
      db: tx,
      actorUserId: opts.actorUserId,
      action: 'update',
      entity: 'payment_settings',
      entityId: row?.id ?? null,
      before,
      after: changes,
    });
    if (Object.keys(bankChanges).length > 0) {
      const beforeBank = row ? Object.fromEntries(BANK_FIELDS.map((k) => [k, row[k]])) : {};
      await mailOwners({
        db: tx,
        mail: (to) =>
          bankChangeMail({ to, actorEmail: opts.actorEmail, before: beforeBank, after: bankChanges }),
      });
    }
  });
  return readPaymentSettings({ db });
}
