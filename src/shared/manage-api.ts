// The manage page's part of the HTTP API (docs/decisions/027): a passenger's own changes to
// their booking. Apart from schemas.ts, so the public first load does not carry it.
import { z } from 'zod';
import { refundPolicySchema } from './refund-policy.ts';
import { bookingLookupSchema } from './schemas.ts';

/** Header of every manage read: the signed link's token, from a booking e-mail or a proved code. */
export const MANAGE_LINK_HEADER = 'x-manage-link';
/** Header of every change: the grant a proved code gave, good for one change. */
export const MANAGE_GRANT_HEADER = 'x-manage-grant';

/**
 * Why the office owes money back. `rejected_extra_payment`: the office rejected a dearer
 * rebooking's second payment, which cancels the booking; the first, verified payment comes back.
 * `paid_no_seat`: a card payment came after the booking's seats were released and taken
 * (docs/decisions/042); all of it comes back.
 */
export const REFUND_REASONS = [
  'operator_cancelled',
  'passenger_cancelled',
  'cheaper_rebooking',
  'rejected_extra_payment',
  'paid_no_seat',
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

export const manageParamsSchema = z.object({ reference: z.string().max(64) });

/** POST /api/bookings/:reference/manage/code: the same 202 whether or not the reference exists. */
export const manageCodeRequestSchema = z.object({ language: z.string().max(10).optional() });

/** POST /api/bookings/:reference/manage/verify */
export const manageVerifyRequestSchema = z.object({ code: z.string().trim().min(1).max(12) });
export const manageVerifyResponseSchema = z.object({
  /** Opens the page (reads only), as the e-mailed link does; reusable until it expires. */
  link: z.string(),
  /** Good for one change within `grantSeconds`. */
  grant: z.string(),
  grantSeconds: z.number(),
});
export type ManageVerifyResponse = z.infer<typeof manageVerifyResponseSchema>;

export const refundAccountSchema = z.object({
  bankName: z.string().trim().min(1).max(100),
  accountName: z.string().trim().min(1).max(100),
  accountNumber: z.string().trim().min(4).max(40),
});
export type RefundAccount = z.infer<typeof refundAccountSchema>;

/** A refund owed on this booking, as the passenger sees it. */
export const manageRefundSchema = z.object({
  id: z.string(),
  reason: z.enum(REFUND_REASONS),
  amount: z.string(),
  currency: z.string(),
  status: z.enum(['requested', 'refunded']),
  /** The account the passenger gave, masked to its last four digits; null: not given yet. */
  account: z.object({ bankName: z.string(), accountName: z.string(), last4: z.string() }).nullable(),
  paymentVerified: z.boolean(),
});
export type ManageRefund = z.infer<typeof manageRefundSchema>;

/** GET /api/bookings/:reference/manage: the booking, its e-ticket, and what may be done now. */
export const manageViewSchema = bookingLookupSchema.extend({
  /** The e-ticket's signed code while confirmed (null otherwise), and its link's path. */
  code: z.string().nullable(),
  eTicketPath: z.string().nullable(),
  /** The booking's e-mail address, masked (j***@example.com); '' for a counter sale without one. */
  emailMasked: z.string(),
  /** The passenger's From and To, for finding another departure. */
  originId: z.string().nullable(),
  destinationId: z.string().nullable(),
  refundPolicy: refundPolicySchema,
  /** A slip may be added now: the booking was sent to pay later and still waits for its payment. */
  slipAllowed: z.boolean(),
  /** Cancelling now: allowed, and what it gives back. */
  cancel: z.object({
    allowed: z.boolean(),
    /** The policy does not apply: the operator cancelled the departure (all comes back). */
    free: z.boolean(),
    percent: z.number(),
    amount: z.string(),
  }),
  /** Rebooking: allowed now, and free of charge and policy after the operator's cancellation. */
  rebook: z.object({ allowed: z.boolean(), free: z.boolean() }),
  /** The name may be corrected until boarding closes at the passenger's stop. */
  nameChangeAllowed: z.boolean(),
  /**
   * A dearer rebooking's extra payment, waiting for the office to check its slip. While it waits
   * the booking cannot be rebooked again (`rebook.allowed` is false).
   */
  extraAmount: z.string().nullable(),
  refunds: z.array(manageRefundSchema),
  /**
   * What may be done with each journey now (docs/decisions/037-return-trips.md), the outbound
   * first: as `cancel` and `rebook` above (which are the outbound's), for the journey's own row.
   * A single trip has one. Optional: absent from a view read before returns.
   */
  journeyChanges: z
    .array(
      z.object({
        journey: z.number().int(),
        cancel: z.object({
          allowed: z.boolean(),
          free: z.boolean(),
          percent: z.number(),
          amount: z.string(),
        }),
        rebook: z.object({ allowed: z.boolean(), free: z.boolean() }),
      }),
    )
    .optional(),
});
export type ManageView = z.infer<typeof manageViewSchema>;

/** Every change carries the client's request id: a retry of it answers as the first did. */
const changeBase = z.object({ requestId: z.uuid() });

/**
 * Which journey of a return a change acts on (docs/decisions/037-return-trips.md): 1 the outbound
 * (and a single trip's only one), 2 the way back; 1 when not said, so earlier requests keep working.
 */
const journeyField = z.union([z.literal(1), z.literal(2)]).optional();
/** A cancellation may take the whole booking: `both` cancels each journey still cancellable. */
export const manageCancelRequestSchema = changeBase.extend({
  account: refundAccountSchema.optional(),
  journey: z.union([z.literal(1), z.literal(2), z.literal('both')]).optional(),
});
export const manageNameRequestSchema = changeBase.extend({
  passengerName: z.string().trim().min(2).max(100),
});
export const manageRefundAccountRequestSchema = changeBase.extend({ account: refundAccountSchema });
/**
 * Rebooking onto another departure (the same From and To), with seats chosen on its seat map. A
 * dearer one is sent as multipart: this JSON in the `rebook` field and the slip in `slip`.
 */
export const manageRebookRequestSchema = changeBase.extend({
  scheduleId: z.uuid(),
  travelDate: z.iso.date(),
  launchId: z.uuid(),
  seats: z.array(z.string().trim().min(1).max(20)).min(1).max(20),
  journey: journeyField,
});
export type ManageRebookRequest = z.infer<typeof manageRebookRequestSchema>;

/**
 * POST /api/bookings/:reference/manage/slip (docs/decisions/040-pay-later.md): the payment slip of a
 * booking sent to pay later, as multipart: this JSON in the `slip-request` field, the image in
 * `slip`. The booking then waits for the office like one sent with its slip, and is no longer
 * released when its payment falls due.
 */
export const manageSlipRequestSchema = changeBase;

/** POST /api/bookings/:reference/manage/rebook-quote: the price of a rebooking before it is made. */
export const manageRebookQuoteRequestSchema = z.object({
  scheduleId: z.uuid(),
  travelDate: z.iso.date(),
  journey: journeyField,
});
export const manageRebookQuoteSchema = z.object({
  /** What the new departure costs for the same party, and the difference (+ to pay, - back). */
  totalAmount: z.string(),
  difference: z.string(),
  currency: z.string(),
  /** True when the difference must be paid with a slip before the office confirms it. */
  needsSlip: z.boolean(),
});
export type ManageRebookQuote = z.infer<typeof manageRebookQuoteSchema>;
