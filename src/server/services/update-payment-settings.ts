import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { paymentSettingsUpdateSchema } from '#shared/catalogue-api.ts';
import { DEFAULT_EXCHANGE_RATE, DEFAULT_PRICES } from '#shared/constants.ts';
import type { PaymentSettingsView } from '#shared/schemas.ts';
import type { Db } from '../db/client.ts';
import { paymentSettings } from '../db/schema.ts';
import { writeAudit } from '../lib/audit.ts';
import { readPaymentSettings } from './read-payment-settings.ts';

const PRICE_FIELDS = [
  'localAdultPrice',
  'localChildPrice',
  'foreignerAdultPrice',
  'foreignerChildPrice',
] as const;

/**
 * Saves only the fields sent (each card of the payment screen is its own save) on the one
 * settings row, creating it with the defaults when there is none (SPEC.md section 7).
 * Tickets already booked keep their stored prices and totals.
 */
export async function updatePaymentSettings(opts: {
  db: Db;
  /** What the route's schema parsed. */
  input: z.output<typeof paymentSettingsUpdateSchema>;
  actorUserId: string | null;
}): Promise<PaymentSettingsView> {
  const { db, input } = opts;
  const changes: Partial<typeof paymentSettings.$inferInsert> = {};
  for (const field of PRICE_FIELDS) {
    const value = input[field];
    // The numeric(12,2) column rounds the decimal text half away from zero.
    if (value !== undefined) changes[field] = String(value);
  }
  if (input.exchangeRate !== undefined) changes.exchangeRate = String(input.exchangeRate);
  for (const field of [
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
  ] as const) {
    const value = input[field];
    if (value !== undefined) changes[field] = value;
  }

  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(paymentSettings)
      .orderBy(asc(paymentSettings.createdAt))
      .limit(1)
      .for('update');
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
    await writeAudit(tx, {
      actorUserId: opts.actorUserId,
      action: 'update',
      entity: 'payment_settings',
      entityId: row?.id ?? null,
      before,
      after: changes,
    });
  });
  return readPaymentSettings({ db });
}
