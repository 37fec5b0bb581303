import { z } from 'zod';
import { CURRENCIES } from './constants.ts';
import { checkParty, onlyBuiltIn, seatedCount } from './schemas.ts';

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
  paymentTermsDays: z.coerce
    .number({ error: 'Enter whole days from 0 to 365' })
    .int({ error: 'Enter whole days from 0 to 365' })
    .min(0, { error: 'Enter whole days from 0 to 365' })
    .max(365, { error: 'Enter whole days from 0 to 365' }),
  /** Until how many hours before departure the partner may cancel a booking itself. */
  cancelHours: z.coerce
    .number({ error: 'Enter whole hours from 0 to 720' })
    .int({ error: 'Enter whole hours from 0 to 720' })
    .min(0, { error: 'Enter whole hours from 0 to 720' })
    .max(720, { error: 'Enter whole hours from 0 to 720' })
    .default(24),
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
  cancelHours: z.number(),
  /** The start of its statement numbers: P0007 for P0007-202611. */
  statementCode: z.string(),
  active: z.boolean(),
  /** What its statements past their due date still ask for (0.00 when nothing is overdue). */
  overdue: z.string(),
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

// --- The partner's own account and its users ---------------------------------------------------

/** `GET /api/auth/me` for a partner's user: the account it books for. */
export const partnerAccountSchema = z.object({
  userId: z.string(),
  email: z.string(),
  partnerId: z.string(),
  partnerName: z.string(),
  currency: z.enum(CURRENCIES),
});
export type PartnerAccount = z.infer<typeof partnerAccountSchema>;

/** `POST /api/admin/partners/:id/users`: invites a person to book for the partner. */
export const partnerUserInviteSchema = z.object({
  email: z.email({ error: 'Enter a valid e-mail address' }).trim().toLowerCase().max(320),
});
export const partnerInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  expiresAt: z.string(),
});
/** `GET /api/admin/partners/:id/users`: the partner's users and its open invitations. */
export const partnerUsersSchema = z.object({
  users: z.array(
    z.object({
      id: z.string(),
      email: z.string(),
      active: z.boolean(),
      lastSignInAt: z.string().nullable(),
    }),
  ),
  invitations: z.array(partnerInvitationSchema),
});
export type PartnerUsers = z.infer<typeof partnerUsersSchema>;

// --- Allotments --------------------------------------------------------------------------------

/** `POST /api/admin/partners/:id/allotments`: seats set aside on one departure. */
export const allotmentInputSchema = z.object({
  scheduleId: z.uuid(),
  travelDate: z.iso.date(),
  launchId: z.uuid(),
  seats: z.array(z.string().trim().min(1).max(20)).min(1, { error: 'Choose at least one seat' }).max(200),
  /** Released, what is unsold of it, this many hours before the departure. */
  releaseHours: z.coerce
    .number({ error: 'Enter the hours before departure' })
    .int({ error: 'Enter whole hours' })
    .min(0, { error: 'Enter whole hours' })
    .max(720, { error: 'At most 720 hours (30 days)' }),
});
export type AllotmentInput = z.infer<typeof allotmentInputSchema>;
export const allotmentParamsSchema = z.object({ id: z.uuid(), allotmentId: z.uuid() });

export const allotmentSchema = z.object({
  id: z.string(),
  partnerId: z.string(),
  scheduleId: z.string(),
  travelDate: z.string(),
  departureTime: z.string(),
  routeName: z.string(),
  launchId: z.string(),
  launchName: z.string(),
  /** The seats set aside. */
  seats: z.array(z.string()),
  /** Those still held for the partner: not booked, not released. */
  held: z.array(z.string()),
  releaseHours: z.number(),
  releasesAt: z.string(),
  released: z.boolean(),
});
export type Allotment = z.infer<typeof allotmentSchema>;
export const allotmentListSchema = z.object({ allotments: z.array(allotmentSchema) });

/**
 * `GET /api/admin/partners/:id/seats`: a launch's seats on a departure, for the whole departure
 * (an allotment holds every leg), the partner's allotted seats `mine`.
 */
export const partnerSeatsQuerySchema = z.object({
  scheduleId: z.uuid(),
  date: z.iso.date(),
  launchId: z.uuid(),
});
export type PartnerSeatsQuery = z.infer<typeof partnerSeatsQuerySchema>;

// --- Bookings on account -----------------------------------------------------------------------

const uuid = z.uuid();

/** One guest of a party: named for the manifest, with an e-mail for their e-ticket if given. */
export const partnerGuestSchema = z.object({
  name: z.string().trim().min(1, { error: 'Enter the guest’s name' }).max(120),
  nationality: z.string().trim().min(1, { error: 'Enter the guest’s nationality' }).max(60),
  /** A built-in category (adult, child, infant) or a concession's code; adult when not given. */
  category: z.string().trim().min(1).max(24).default('adult'),
  type: z.enum(['local', 'foreigner']).optional(),
  email: z.union([z.literal(''), z.email({ error: 'Enter a valid e-mail address' }).max(320)]).optional(),
});
export type PartnerGuest = z.infer<typeof partnerGuestSchema>;

/**
 * `POST /api/partner/bookings`: the counter sale's body without the payment, the currency (the
 * partner's own) or the contact (the first guest); every guest named.
 */
export const partnerBookingRequestSchema = z
  .object({
    scheduleId: uuid,
    travelDate: z.iso.date(),
    launchId: uuid,
    originId: uuid,
    destinationId: uuid,
    seats: z.array(z.string().trim().min(1).max(20)).max(100),
    tickets: z
      .array(
        z.object({
          type: z.enum(['local', 'foreigner']),
          category: z.string().trim().min(1).max(24),
          quantity: z.number().int().min(0).max(100),
        }),
      )
      .min(1)
      .max(40),
    passengers: z.array(partnerGuestSchema).min(1, { error: 'Name every guest' }).max(100),
    /** The language of the guests' e-mails. */
    language: z.enum(['en', 'dv']).default('en'),
    /** Made by the screen once per booking: a retried submit never books twice. */
    saleId: uuid,
  })
  .superRefine((booking, ctx) => {
    const quantity = booking.tickets.reduce((n, t) => n + t.quantity, 0);
    if (quantity === 0)
      ctx.addIssue({ code: 'custom', path: ['tickets'], message: 'Add at least one ticket' });
    // An infant takes no seat; a concession's seat is the server's to count.
    else if (onlyBuiltIn(booking.tickets) && seatedCount(booking.tickets) !== booking.seats.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['seats'],
        message: 'Choose one seat for each guest who takes one',
      });
    }
    if (new Set(booking.seats).size !== booking.seats.length) {
      ctx.addIssue({ code: 'custom', path: ['seats'], message: 'A seat is chosen twice' });
    }
    const contact = booking.passengers[0];
    if (contact) checkParty(ctx, { tickets: booking.tickets, passengers: booking.passengers, contact });
  });
export type PartnerBookingRequest = z.input<typeof partnerBookingRequestSchema>;

export const partnerBookingSchema = z.object({
  ticketId: z.string(),
  reference: z.string(),
  ticketStatus: z.string(),
  /** What the partner is charged: the public fare less its commission. */
  totalAmount: z.string(),
  publicAmount: z.string(),
  commissionAmount: z.string(),
  currency: z.enum(CURRENCIES),
  travelDate: z.string(),
  departureTime: z.string().nullable(),
  origin: z.string(),
  destination: z.string(),
  launchName: z.string(),
  seats: z.array(z.string()),
  passengers: z.array(
    z.object({ position: z.number(), name: z.string(), nationality: z.string(), category: z.string() }),
  ),
  /** The e-ticket's page; null once cancelled. */
  eTicketUrl: z.string().nullable(),
  createdAt: z.string(),
  /** Until when the partner may cancel it itself; null when it can no longer. */
  cancellableUntil: z.string().nullable(),
});
export type PartnerBooking = z.infer<typeof partnerBookingSchema>;

/**
 * Commission off a public total, in cents: the percentage to two decimals, rounded half up. The
 * server charges by it; the partner's screen previews with it.
 */
export function commissionCents(publicCents: bigint, percent: string): bigint {
  const basisPoints = BigInt(Math.round(Number(percent) * 100));
  return (publicCents * basisPoints + 5_000n) / 10_000n;
}

/** `GET /api/partner/bookings`: the partner's own, newest first. */
export const partnerBookingsQuerySchema = z.object({
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
export const partnerBookingListSchema = z.object({ bookings: z.array(partnerBookingSchema) });
export const partnerBookingParamsSchema = z.object({ reference: z.string().trim().min(4).max(40) });

/** `PATCH /api/partner/bookings/:reference/passengers/:position`: a guest's name corrected. */
export const partnerGuestParamsSchema = partnerBookingParamsSchema.extend({
  position: z.coerce.number().int().min(0).max(400),
});
export const partnerGuestPatchSchema = partnerGuestSchema.pick({ name: true, nationality: true });

/** `GET /api/partner/account`: the account as its partner sees it. */
export const partnerOwnAccountSchema = z.object({
  partnerId: z.string(),
  name: z.string(),
  currency: z.enum(CURRENCIES),
  commissionPercent: z.string(),
  creditLimit: z.string(),
  balance: z.string(),
  creditLeft: z.string(),
  paymentTermsDays: z.number(),
  cancelHours: z.number(),
});
export type PartnerOwnAccount = z.infer<typeof partnerOwnAccountSchema>;

// --- Monthly statements ------------------------------------------------------------------------

export const partnerStatementSchema = z.object({
  /** YYYY-MM. */
  month: z.string(),
  number: z.string(),
  currency: z.enum(CURRENCIES),
  openingBalance: z.string(),
  charged: z.string(),
  commission: z.string(),
  cancelled: z.string(),
  paid: z.string(),
  closingBalance: z.string(),
  dueOn: z.string(),
  mailedAt: z.string().nullable(),
  /** Past its due date with its closing balance not yet paid. */
  overdue: z.boolean(),
});
export type PartnerStatement = z.infer<typeof partnerStatementSchema>;
export const partnerStatementListSchema = z.object({ statements: z.array(partnerStatementSchema) });
/** `GET .../statements/:month.pdf` and `.xlsx`. */
export const partnerStatementParamsSchema = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'A month such as 2026-11' }),
  format: z.enum(['pdf', 'xlsx']),
});
