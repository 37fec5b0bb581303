// Disruptions of a departure (docs/decisions/026-disruptions.md): the HTTP contract of the
// cancel and its preview. Admin only.
import { z } from 'zod';
import { LANGUAGES } from './languages.ts';
import { REFUND_REASONS, type RefundReason } from './manage-api.ts';
import { REFUND_MSG, STAFF_MSG } from './messages/staff.ts';

export const CANCEL_REASONS = ['weather', 'technical', 'other'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];
export const CANCEL_REASON_LABELS: Record<CancelReason, string> = {
  weather: 'Weather',
  technical: 'Technical',
  other: 'Other',
};

const disruptionNote = z.string().trim().max(500).optional();
/** Why a departure is `done` ('cancelled', 'delayed', 'moved'), and the staff's note. */
const why = (done: string) => ({
  reason: z.enum(CANCEL_REASONS, { error: `Choose why the departure is ${done}` }),
  note: disruptionNote,
});

/** `POST /api/admin/trips/:scheduleId/cancel` */
export const cancelDepartureSchema = z.object(why('cancelled'));
export type CancelDeparture = z.infer<typeof cancelDepartureSchema>;

/** A booking as the disruption's lists name it: its reference and the payer's name. */
const bookingNamed = { ticketId: z.string(), reference: z.string(), name: z.string() };
/** How to reach the payer; null where the booking has none. */
const contact = { email: z.string().nullable(), phone: z.string().nullable() };
/** The departure a disruption is of, or moves its bookings to. */
const departure = { scheduleId: z.string(), travelDate: z.string(), departureTime: z.string() };

const affectedSchema = z.object({
  ...bookingNamed,
  status: z.string(),
  channel: z.string(),
  persons: z.number(),
  /** The e-mail the notice goes to; null: no address (a counter sale), call them instead. */
  email: z.string().nullable(),
  phone: z.string().nullable(),
  totalAmount: z.string(),
  currency: z.string(),
  /** Whether the office had confirmed the payment. */
  paid: z.boolean(),
});

/** The notices a disruption sends (src/server/services/notify-passenger.ts). */
export const NOTICE_KINDS = ['departure_cancelled', 'departure_delayed', 'departure_moved'] as const;
export const NOTICE_KIND_LABELS: Record<(typeof NOTICE_KINDS)[number], string> = {
  departure_cancelled: 'Departure cancelled',
  departure_delayed: 'New time',
  departure_moved: 'Booking moved',
};

/**
 * One message a disruption sends, as a passenger of one language reads it: written for the
 * group's first booking (`reference`) by the code that queues the real mails, so every other
 * passenger's has their own name, booking and trip. The manage link's key is left out.
 */
export const noticeSampleSchema = z.object({
  kind: z.enum(NOTICE_KINDS),
  language: z.enum(LANGUAGES),
  /** How many passengers get this message by e-mail, in this language. */
  count: z.number(),
  reference: z.string(),
  subject: z.string(),
  text: z.string(),
});
export type NoticeSample = z.infer<typeof noticeSampleSchema>;

/**
 * The reason and note a preview writes its sample messages with; with no reason there are none
 * yet (`messages` is empty).
 */
const previewWhy = {
  reason: z.enum(CANCEL_REASONS).optional(),
  note: disruptionNote,
};
/** `GET /api/admin/trips/:scheduleId/cancel-preview?reason=&note=` */
export const cancelPreviewQuerySchema = z.object(previewWhy);

/** `GET /api/admin/trips/:scheduleId/cancel-preview`, and the cancel's answer. */
export const cancelPreviewSchema = z.object({
  ...departure,
  passengers: z.array(affectedSchema),
  /** How many notices go out by e-mail. */
  mails: z.number(),
  /** The passengers with no e-mail address: a call list with their phone numbers. */
  callList: z.array(affectedSchema),
  /** The full refunds requested, summed per currency. */
  refunds: z.array(z.object({ currency: z.string(), count: z.number(), amount: z.string() })),
  /** The message of each language the e-mails go out in (the cancel's answer: those sent). */
  messages: z.array(noticeSampleSchema),
});
export type CancelPreview = z.infer<typeof cancelPreviewSchema>;

/**
 * `GET /api/admin/refunds?status=&cursor=`: the refunds queue, oldest first, a page at a time;
 * `GET /api/admin/refunds.csv?status=`: the whole of it.
 */
export const refundsQuerySchema = z.object({
  status: z.enum(['requested', 'refunded']).default('requested'),
  /** The `next` of the previous page; without it, the first page. */
  cursor: z.string().max(400, { error: STAFF_MSG.cursorInvalid }).optional(),
});
/** What the queue shows for each reason (src/shared/manage-api.ts REFUND_REASONS). */
export const REFUND_REASON_LABELS: Record<RefundReason, string> = {
  operator_cancelled: 'Operator cancellation',
  passenger_cancelled: 'Passenger cancellation',
  cheaper_rebooking: 'Cheaper rebooking',
  rejected_extra_payment: 'Rebooking payment rejected',
  paid_no_seat: 'Paid, no seat',
};
export const refundSchema = z.object({
  id: z.string(),
  ticketId: z.string(),
  reference: z.string(),
  /** The payer details of the original booking. */
  passengerName: z.string(),
  ...contact,
  amount: z.string(),
  currency: z.string(),
  reason: z.enum(REFUND_REASONS),
  /** The share of the fare the refund policy gave; null when the policy did not apply. */
  percent: z.number().nullable(),
  paymentVerified: z.boolean(),
  /** Whether the booking has a payment slip (GET /api/admin/tickets/:id/slip). */
  hasSlip: z.boolean(),
  /** Whether it has a dearer rebooking's second slip (GET /api/admin/tickets/:id/extra-slip). */
  hasExtraSlip: z.boolean(),
  /** The passenger's own account for the refund; all null until they give it. */
  bankName: z.string().nullable(),
  accountName: z.string().nullable(),
  accountNumber: z.string().nullable(),
  /** The office's bank reference of the refund payment, once refunded (a card refund: the gateway's refund id). */
  bankReference: z.string().nullable(),
  /**
   * The card payment it goes back to (docs/decisions/042): the gateway and its transaction id;
   * null for a booking paid otherwise.
   */
  card: z.object({ provider: z.string(), transactionId: z.string().nullable() }).nullable(),
  /** The gateway's refusal of the last refund tried through it; null when none failed. */
  gatewayError: z.string().nullable(),
  status: z.enum(['requested', 'refunded']),
  createdAt: z.string(),
  refundedAt: z.string().nullable(),
  travelDate: z.string(),
  departureTime: z.string().nullable(),
});
export type Refund = z.infer<typeof refundSchema>;
export const refundListSchema = z.object({
  /** A page of the queue in its order. */
  refunds: z.array(refundSchema),
  /** The cursor of the page after this one; null on the last. */
  next: z.string().nullable(),
  /** The whole queue in this state, not only the page: its requests and their sum per currency. */
  totals: z.array(z.object({ currency: z.string(), count: z.number(), amount: z.string() })),
  /**
   * Whether the configured card gateway refunds through its API (`POST
   * /api/admin/refunds/:id/refund-card`); otherwise a card refund is made in the gateway's
   * merchant portal and marked refunded with its reference.
   */
  gatewayRefunds: z.boolean(),
});
export const refundIdParamsSchema = z.object({ id: z.uuid() });
/** `POST /api/admin/refunds/:id/refunded`: the bank's reference of the payment back. */
export const markRefundedSchema = z.object({
  bankReference: z
    .string({ error: REFUND_MSG.bankReferenceRequired })
    .trim()
    .min(1, { error: REFUND_MSG.bankReferenceRequired })
    .max(100, { error: REFUND_MSG.bankReferenceTooLong }),
});
export type MarkRefunded = z.infer<typeof markRefundedSchema>;

/** `GET` and `PUT /api/admin/reminder-settings`: the day-before reminder e-mails, on or off. */
export const reminderSettingsSchema = z.object({ remindersEnabled: z.boolean() }).strict();
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>;

const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Write times as HH:MM' });

/**
 * `POST /api/admin/trips/:scheduleId/delay`: the new time of every stop, in route order (the last
 * stop may have none), with the reason. Times never go backwards along the route.
 */
export const delayDepartureSchema = z.object({
  times: z.array(clockTime.nullable()).min(2).max(20),
  ...why('delayed'),
});
export type DelayDeparture = z.infer<typeof delayDepartureSchema>;
export const delayResultSchema = z.object({
  scheduleId: z.string(),
  before: z.array(z.string().nullable()),
  after: z.array(z.string().nullable()),
  bookings: z.number(),
  mails: z.number(),
  callList: cancelPreviewSchema.shape.callList,
});
export type DelayResult = z.infer<typeof delayResultSchema>;

/**
 * `GET /api/admin/trips/:scheduleId/delay-preview?times=&reason=&note=`: `times` as the delay
 * takes them, comma-separated in route order ('' for a stop with none). The messages are written
 * once the times are ones the delay would take and a reason is given.
 */
export const delayPreviewQuerySchema = z.object({
  times: z
    .string()
    .max(200)
    .transform((list) => list.split(',').map((time) => time || null))
    .pipe(delayDepartureSchema.shape.times)
    .optional(),
  ...previewWhy,
});
export const delayPreviewSchema = cancelPreviewSchema.omit({ refunds: true });
export type DelayPreview = z.infer<typeof delayPreviewSchema>;

/** `POST /api/admin/trips/:scheduleId/move` and its preview (`GET .../move-preview?to=`). */
export const moveDepartureSchema = z.object({
  to: z.uuid({ error: 'Choose the departure to move to' }),
  ...why('moved'),
});
export type MoveDeparture = z.infer<typeof moveDepartureSchema>;
export const movePreviewQuerySchema = z.object({ to: z.uuid(), ...previewWhy });
export const movePlanSchema = z.object({
  scheduleId: z.string(),
  to: z.object(departure),
  moves: z.array(
    z.object({
      ...bookingNamed,
      persons: z.number(),
      fromSeats: z.array(z.string()),
      toSeats: z.array(z.string()),
      launch: z.string(),
      /** False when no free block was long enough: the party is seated apart. */
      together: z.boolean(),
    }),
  ),
  /** Bookings that cannot be carried over: they take the cancel path (full refund), listed here. */
  cannotMove: z.array(z.object({ ...bookingNamed, why: z.string(), ...contact })),
  mails: z.number(),
  callList: cancelPreviewSchema.shape.callList,
  /** The messages of each language: to the moved passengers, and to those who cannot move. */
  messages: cancelPreviewSchema.shape.messages,
});
export type MovePlan = z.infer<typeof movePlanSchema>;

export const disruptionSchema = z.object({
  id: z.string(),
  scheduleId: z.string(),
  kind: z.string(),
  reason: z.string(),
  note: z.string().nullable(),
  affected: z.number(),
  createdAt: z.string(),
  /** Who did it; null once that account is gone. */
  actor: z.string().nullable(),
  /** A delay's `{before, after}` times; a move's `{to, moved, cancelled}`. */
  details: z.unknown(),
  /** The departure's date and time (its time now, after a delay). */
  travelDate: z.string(),
  departureTime: z.string(),
});
export type Disruption = z.infer<typeof disruptionSchema>;
/** `GET /api/admin/trips/:scheduleId/disruptions`: the departure's disruptions, newest first. */
export const disruptionListSchema = z.object({ disruptions: z.array(disruptionSchema) });
