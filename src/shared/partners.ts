import { z } from 'zod';
import { CURRENCIES } from './constants.ts';

/*
 * Partner accounts (docs/decisions/043-partner-accounts.md): resorts and agents that book on
 * account at a net rate, within a credit limit, and pay against a monthly statement.
 */

const money = z
  .string()
  .trim()
  .regex(/^\d{1,9}(\.\d{1,2})?$/, { error: 'Write an amount such as 1500 or 1500.50' });

/** `POST /api/admin/partners`: a new partner. */
export const partnerInputSchema = z.object({
  name: z.string().trim().min(1, { error: 'Enter the partner’s name' }).max(120),
  contactEmail: z.email({ error: 'Enter a valid e-mail address' }).trim().toLowerCase().max(320),
  currency: z.enum(CURRENCIES),
  /** A percentage off the public fare: 0 to 100, at most two decimals. */
  commissionPercent: z.coerce
    .number({ error: 'Enter the commission as a percentage' })
    .min(0, { error: 'The commission is between 0 and 100 %' })
    .max(100, { error: 'The commission is between 0 and 100 %' })
    .refine((n) => Math.round(n * 100) === n * 100, { error: 'At most two decimals' }),
  /** What the partner may owe at most, in its currency. */
  creditLimit: z.union([
    money,
    z
      .number()
      .nonnegative()
      .transform((n) => n.toFixed(2)),
  ]),
  paymentTermsDays: z.coerce.number().int().min(0).max(365),
});
export type PartnerInput = z.infer<typeof partnerInputSchema>;

/** `PATCH /api/admin/partners/:id`: any of the same, and whether it may book. */
export const partnerPatchSchema = partnerInputSchema.partial().extend({ active: z.boolean().optional() });
export type PartnerPatch = z.infer<typeof partnerPatchSchema>;

export const partnerParamsSchema = z.object({ id: z.uuid() });

/** A partner as the office sees it, with what it owes now. */
export const partnerSchema = z.object({
  id: z.string(),
  name: z.string(),
  contactEmail: z.string(),
  currency: z.enum(CURRENCIES),
  commissionPercent: z.string(),
  creditLimit: z.string(),
  paymentTermsDays: z.number(),
  active: z.boolean(),
  /** Booked, less cancellations, less payments recorded: what the partner owes (negative: in credit). */
  balance: z.string(),
  /** What may still be booked on account: the limit less the balance, never below 0. */
  creditLeft: z.string(),
  createdAt: z.string(),
});
export type Partner = z.infer<typeof partnerSchema>;
export const partnerListSchema = z.object({ partners: z.array(partnerSchema) });

/** `POST /api/admin/partners/:id/payments`: a payment the partner made, as the bank shows it. */
export const partnerPaymentInputSchema = z.object({
  amount: money.refine((a) => Number(a) > 0, { error: 'The amount must be more than 0' }),
  paidOn: z.iso.date({ error: 'Enter the date of the payment' }),
  bankReference: z.string().trim().min(1, { error: 'Enter the bank reference' }).max(100),
});
export type PartnerPaymentInput = z.infer<typeof partnerPaymentInputSchema>;

export const partnerPaymentSchema = z.object({
  id: z.string(),
  partnerId: z.string(),
  amount: z.string(),
  currency: z.enum(CURRENCIES),
  paidOn: z.string(),
  bankReference: z.string(),
  createdAt: z.string(),
});
export type PartnerPayment = z.infer<typeof partnerPaymentSchema>;
