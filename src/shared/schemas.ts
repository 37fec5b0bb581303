import { z } from 'zod';
import { CURRENCIES, DEFAULT_COUNTRY_CODE, DEFAULT_NATIONALITY } from './constants.ts';
import { MSG } from './messages.ts';

// Request and response bodies shared by the web app and the server (STYLE.md habit 2).

export const uuidSchema = z.uuid();
export const isoDateSchema = z.iso.date();

export const brandingSchema = z.object({
  appName: z.string(),
  shortName: z.string(),
  themeColor: z.string(),
  backgroundColor: z.string(),
  iconUrl: z.string().nullable(),
  logoUrl: z.string().nullable(),
  faviconUrl: z.string().nullable(),
});
export type Branding = z.infer<typeof brandingSchema>;

export const bannerSchema = z.object({
  id: z.string(),
  title: z.string(),
  imageUrl: z.string(),
  displayOrder: z.number(),
  isActive: z.boolean(),
  showOnMobile: z.boolean(),
  showOnDesktop: z.boolean(),
  /**
   * GET /api/banners only, and only when the banner has one: the same picture at most
   * BANNER_SMALL_WIDTH px wide (#shared/banner-images.ts), for `srcset` on small screens.
   */
  smallImageUrl: z.string().optional(),
});
export type Banner = z.infer<typeof bannerSchema>;

export const locationSchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  country: z.string(),
});
export type Location = z.infer<typeof locationSchema>;

export const publicSettingsSchema = z.object({
  localAdultPrice: z.string(),
  localChildPrice: z.string(),
  foreignerAdultPrice: z.string(),
  foreignerChildPrice: z.string(),
  exchangeRate: z.string(),
  bankName: z.string(),
  accountHolder: z.string(),
  accountNumber: z.string(),
  bankNameUsd: z.string(),
  accountHolderUsd: z.string(),
  accountNumberUsd: z.string(),
  paymentInstructions: z.string(),
  paymentMethod: z.string(),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

export type ApiErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

// Booking journey: trip search, launches of a trip, the seat map and seat locks.

export const BOOKING_SESSION_HEADER = 'x-booking-session';
/** The wizard's per-run id (ARCHITECTURE.md section 8.13), sent as X-Booking-Session. */
export const bookingSessionSchema = z.uuid({ error: MSG.bookingSessionInvalid });

const travelDateSchema = z.iso.date({ error: MSG.invalidTravelDate });
/** An absent or empty place means "not chosen yet" (SPEC.md section 5: nothing is found). */
const optionalPlaceSchema = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(z.uuid({ error: 'Unknown location' }).optional());

export const tripSearchQuerySchema = z.object({
  date: travelDateSchema,
  from: optionalPlaceSchema,
  to: optionalPlaceSchema,
});
export type TripSearchQuery = z.infer<typeof tripSearchQuerySchema>;

export const tripStopSchema = z.object({
  stopOrder: z.number(),
  locationId: z.string(),
  name: z.string(),
  departureTime: z.string().nullable(),
});
export type TripStop = z.infer<typeof tripStopSchema>;

export const tripSchema = z.object({
  scheduleId: z.string(),
  travelDate: z.string(),
  from: z.object({ id: z.string(), name: z.string() }),
  to: z.object({ id: z.string(), name: z.string() }),
  /** HH:MM at the passenger's From stop. */
  departureTime: z.string(),
  passengerDepartureTime: z.string(),
  stops: z.array(tripStopSchema),
  launchIds: z.array(z.string()),
  availableSeats: z.number(),
  status: z.string(),
});
export type Trip = z.infer<typeof tripSchema>;

export const tripParamsSchema = z.object({ scheduleId: z.uuid({ error: 'Unknown trip' }) });
export const tripLaunchesQuerySchema = z.object({ date: travelDateSchema });

export const tripLaunchSchema = z.object({
  id: z.string(),
  name: z.string(),
  imageUrl: z.string().nullable(),
  capacity: z.number(),
  seatNumbers: z.array(z.string()),
  freeSeats: z.number(),
});
export type TripLaunch = z.infer<typeof tripLaunchSchema>;

export const seatMapQuerySchema = z.object({
  date: travelDateSchema,
  launchId: z.uuid({ error: 'Please choose a launch' }),
});

export const SEAT_STATES = ['available', 'occupied', 'locked', 'mine'] as const;
export type SeatState = (typeof SEAT_STATES)[number];

export const seatMapSchema = z.object({
  seats: z.array(z.object({ label: z.string(), state: z.enum(SEAT_STATES) })),
  /** Earliest end of this session's live holds on the trip; null when it holds none. */
  lockedUntil: z.string().nullable(),
});
export type SeatMap = z.infer<typeof seatMapSchema>;

/** More seats than any one booking needs; stops one request from holding a whole vessel. */
export const SEAT_LOCK_MAX_SEATS = 50;

export const seatLockRequestSchema = z.object({
  scheduleId: z.uuid({ error: 'Unknown trip' }),
  travelDate: travelDateSchema,
  launchId: z.uuid({ error: 'Please choose a launch' }),
  seats: z
    .array(z.string().trim().min(1, { error: MSG.selectSeats }).max(20))
    .min(1, { error: MSG.selectSeats })
    .max(SEAT_LOCK_MAX_SEATS, { error: MSG.tooManySeats })
    .refine((seats) => new Set(seats).size === seats.length, { error: 'Each seat can be selected once' }),
});
export type SeatLockRequest = z.infer<typeof seatLockRequestSchema>;

export const seatLockResponseSchema = z.object({ lockedUntil: z.string() });
export type SeatLockResponse = z.infer<typeof seatLockResponseSchema>;

// E-mail verification, booking submission and the public booking lookup.

export const emailSchema = z
  .string({ error: MSG.emailRequired })
  .trim()
  .min(1, { error: MSG.emailRequired })
  .max(320, { error: MSG.invalidEmail })
  .pipe(z.email({ error: MSG.invalidEmail }));

export const emailCodeRequestSchema = z.object({ email: emailSchema });
export type EmailCodeRequest = z.infer<typeof emailCodeRequestSchema>;
export const emailCodeResponseSchema = z.object({ cooldownSeconds: z.number(), attemptsLeft: z.number() });
export type EmailCodeResponse = z.infer<typeof emailCodeResponseSchema>;

export const emailCodeVerifySchema = z.object({
  email: emailSchema,
  code: z
    .string({ error: MSG.otpCodeFormat })
    .trim()
    .regex(/^\d{6}$/, { error: MSG.otpCodeFormat }),
});
export type EmailCodeVerify = z.infer<typeof emailCodeVerifySchema>;
export const emailVerifyResponseSchema = z.object({ verificationToken: z.string() });
export type EmailVerifyResponse = z.infer<typeof emailVerifyResponseSchema>;

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const idempotencyKeySchema = z
  .string({ error: MSG.idempotencyKeyRequired })
  .trim()
  .min(8, { error: MSG.idempotencyKeyRequired })
  .max(100, { error: MSG.idempotencyKeyRequired });

export const TICKET_TYPES = ['local', 'foreigner'] as const;
export const TICKET_CATEGORIES = ['adult', 'child'] as const;
/** More than any one party; keeps a single booking from claiming a whole vessel. */
export const BOOKING_MAX_TICKETS = 50;

export const bookingTicketSchema = z.object({
  type: z.enum(TICKET_TYPES),
  category: z.enum(TICKET_CATEGORIES),
  quantity: z.number().int().min(0).max(BOOKING_MAX_TICKETS),
});
export type BookingTicket = z.infer<typeof bookingTicketSchema>;

export const bookingPassengerSchema = z.object(
  {
    name: z
      .string({ error: MSG.missingPassengerInfo })
      .trim()
      .min(1, { error: MSG.missingPassengerInfo })
      .max(200),
    email: z
      .string({ error: MSG.missingPassengerInfo })
      .trim()
      .min(1, { error: MSG.missingPassengerInfo })
      .max(320, { error: MSG.invalidEmail })
      .pipe(z.email({ error: MSG.invalidEmail })),
    phone: z.string().trim().max(30).optional(),
    nationality: z.string().trim().min(1).max(60).default(DEFAULT_NATIONALITY),
    countryCode: z.string().trim().min(1).max(8).default(DEFAULT_COUNTRY_CODE),
  },
  { error: MSG.missingPassengerInfo },
);

const tripField = z.uuid({ error: MSG.slipAndTripRequired });

/** The `booking` field of POST /api/bookings; totals are never sent, the server computes them. */
export const bookingRequestSchema = z
  .object({
    scheduleId: tripField,
    travelDate: z.iso.date({ error: MSG.slipAndTripRequired }),
    originId: tripField,
    destinationId: tripField,
    launchId: tripField,
    seats: z
      .array(z.string().trim().min(1, { error: MSG.selectSeats }).max(20), { error: MSG.selectSeats })
      .min(1, { error: MSG.selectSeats })
      .max(BOOKING_MAX_TICKETS, { error: MSG.tooManySeats })
      .refine((seats) => new Set(seats).size === seats.length, { error: 'Each seat can be selected once' }),
    tickets: z
      .array(bookingTicketSchema, { error: MSG.selectTicket })
      .max(TICKET_TYPES.length * TICKET_CATEGORIES.length * 2)
      .refine((rows) => rows.some((r) => r.quantity > 0), { error: MSG.selectTicket }),
    passenger: bookingPassengerSchema,
    paymentCurrency: z.enum(CURRENCIES).default('USD'),
    verificationToken: z.string().max(200).optional(),
  })
  .superRefine((b, ctx) => {
    // ARCHITECTURE.md section 8.3: one seat per ticket.
    const quantity = b.tickets.reduce((n, r) => n + r.quantity, 0);
    if (b.seats.length !== quantity) {
      const message = b.seats.length > quantity ? MSG.tooManySeats : MSG.seatCountMismatch;
      ctx.addIssue({ code: 'custom', path: ['seats'], message });
    }
  });
export type BookingRequest = z.input<typeof bookingRequestSchema>;
export type BookingInput = z.output<typeof bookingRequestSchema>;

export const bookingCreatedSchema = z.object({
  reference: z.string(),
  totalAmount: z.string(),
  currency: z.enum(CURRENCIES),
  ticketStatus: z.literal('pending'),
  paymentStatus: z.literal('pending'),
});
export type BookingCreated = z.infer<typeof bookingCreatedSchema>;

export const bookingBreakdownRowSchema = z.object({
  type: z.enum(TICKET_TYPES),
  category: z.enum(TICKET_CATEGORIES),
  quantity: z.number(),
  /** Unit price in the type's own currency: MVR for local, USD for foreigner. */
  price: z.string(),
});

/** GET /api/bookings/:reference: what anyone holding the reference may see (no contact data). */
export const bookingLookupSchema = z.object({
  reference: z.string(),
  ticketStatus: z.string(),
  ticketStatusLabel: z.string(),
  paymentStatus: z.string(),
  paymentStatusLabel: z.string(),
  statusText: z.string(),
  travelDate: z.string(),
  departureTime: z.string(),
  from: z.object({ name: z.string() }),
  to: z.object({ name: z.string() }),
  stops: z.array(z.object({ stopOrder: z.number(), name: z.string(), departureTime: z.string().nullable() })),
  launchName: z.string(),
  seatNumbers: z.array(z.string()),
  adultCount: z.number(),
  childCount: z.number(),
  ticketBreakdown: z.array(bookingBreakdownRowSchema),
  totalAmount: z.string(),
  currency: z.string(),
  passengerName: z.string(),
  createdAt: z.string(),
});
export type BookingLookup = z.infer<typeof bookingLookupSchema>;
