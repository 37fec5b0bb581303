import { z } from 'zod';
import { CURRENCIES } from './constants.ts';

/*
 * Card payments online (docs/decisions/042): the passenger pays on the gateway's page and comes
 * back to `/payment/<localId>`, which reads GET /api/payments/:localId until the outcome is
 * known. Declared apart from schemas.ts, so the public first load carries none of it.
 */

/** How a passenger may pay online: GET /api/settings/public lists those offered. */
export const PAYMENT_METHOD_NAMES = ['bank_transfer', 'card'] as const;
export type PaymentMethodName = (typeof PAYMENT_METHOD_NAMES)[number];

/** tickets.payment_method of a booking paid by card online: never a counter's card terminal ('Card'). */
export const CARD_ONLINE = 'Card Online';

/**
 * A card payment's state: `open` until the gateway answers; `paid` confirmed its booking;
 * `declined` refused or abandoned; `mismatch` paid another amount or currency than the booking's
 * (audited, never confirms); `paid_no_seat` paid after its seats were released and taken (owed
 * back, in the refunds queue); `refunded` given back through the gateway or its portal.
 */
export const CARD_PAYMENT_STATES = [
  'open',
  'paid',
  'declined',
  'mismatch',
  'paid_no_seat',
  'refunded',
] as const;
export type CardPaymentState = (typeof CARD_PAYMENT_STATES)[number];

/** The return page's key: our 128-bit id of one payment, in base64url. */
export const paymentParamsSchema = z.object({ localId: z.string().regex(/^[A-Za-z0-9_-]{22,64}$/) });

/** GET /api/payments/:localId: what the passenger's return page shows. */
export const cardPaymentViewSchema = z.object({
  state: z.enum(CARD_PAYMENT_STATES),
  reference: z.string(),
  /** The server's total, as a decimal string, in the booking's currency. */
  totalAmount: z.string(),
  currency: z.enum(CURRENCIES),
  /** When the booking's seats are released unless paid by then. */
  holdUntil: z.string(),
  /** Whether the booking still waits for its card payment with its seats held: another try or a transfer may follow. */
  seatsHeld: z.boolean(),
  /** Whether the operator takes bank transfers to pay later: a declined card may switch to one. */
  transferOffered: z.boolean(),
  /** The e-ticket (`/t/<token>`) once the booking is confirmed. */
  eTicketPath: z.string().nullable(),
  /** The booking's manage page, with its read-only link. */
  managePath: z.string().nullable(),
});
export type CardPaymentView = z.infer<typeof cardPaymentViewSchema>;

/** The gateway's page for a payment, on the gateway's own host. */
export const paymentRedirectSchema = z.object({ localId: z.string(), redirectUrl: z.string() });
export type PaymentRedirect = z.infer<typeof paymentRedirectSchema>;

/** POST /api/payments/:localId/transfer: the booking now waits for a bank transfer. */
export const switchedToTransferSchema = z.object({ managePath: z.string(), paymentDueAt: z.string() });
export type SwitchedToTransfer = z.infer<typeof switchedToTransferSchema>;
