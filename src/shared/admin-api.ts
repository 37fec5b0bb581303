// The admin side of the HTTP API (docs/architecture.md): request schemas shared by the
// server and the admin screens, and the shapes of the responses. The web imports types and
// request schemas only from here, never server code.
import { z } from 'zod';
import { coded, failsAs, PROBLEMS, type ProblemCode } from './api-errors.ts';
import { CARD_PAYMENT_STATES } from './card-payments.ts';
import {
  MARKED_STATUSES,
  type MarkedStatus,
  PASSWORD_MIN_LENGTH,
  PAYMENT_STATUSES,
  type PaymentStatus,
  SALE_CHANNELS,
  SCHEDULE_STATUSES,
  TICKET_STATUSES,
  type TicketStatus,
} from './constants.ts';
import { disruptionSchema } from './disruptions.ts';
import { LANGUAGES } from './languages.ts';
import { MSG } from './messages/api.ts';
import { STAFF_MSG } from './messages/staff.ts';
import { partnerAccountSchema } from './partners.ts';
import { PERMISSIONS, type Permission, ROLES } from './permissions.ts';
import { bookingBreakdownRowSchema, personViewSchema } from './schemas.ts';

/**
 * A text an admin form must give: missing, not a string or blank once trimmed, it fails as the
 * rule `code`, with that rule's text. Chain the length bound after it: `requiredText(code).max(100)`.
 */
export function requiredText(code: ProblemCode) {
  const error = PROBLEMS[code].message;
  return z.string({ error }).trim().min(1, { error }).check(failsAs(code));
}

// --- Accounts and sessions --------------------------------------------------------------

export const loginRequestSchema = z.object({
  email: requiredText('login_required').max(320),
  password: z
    .string({ error: MSG.loginRequired })
    .min(1, { error: MSG.loginRequired })
    .check(failsAs('login_required'))
    .max(1024),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** A password being chosen: a new one, or the first one of an invitation or a reset. */
const newPasswordSchema = z
  .string({ error: MSG.passwordTooShort })
  .min(PASSWORD_MIN_LENGTH, { error: MSG.passwordTooShort })
  .check(failsAs('password_too_short'))
  .max(1024);

export const passwordChangeSchema = z.object({
  currentPassword: z
    .string({ error: MSG.currentPasswordRequired })
    .min(1, { error: MSG.currentPasswordRequired })
    .check(failsAs('current_password_required'))
    .max(1024),
  newPassword: newPasswordSchema,
});
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

/** A staff account: who they are and what role they have. */
const staffAccount = { id: z.string(), email: z.string(), username: z.string(), role: z.enum(ROLES) };

export const adminUserSchema = z.object({
  ...staffAccount,
  /** What this role may do (src/shared/permissions.ts): the screens show only these. */
  permissions: z.array(z.enum(Object.keys(PERMISSIONS) as [Permission, ...Permission[]])),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** `GET /api/auth/me` and `POST /api/auth/login`: `user` is null when nobody is signed in. */
export const authMeSchema = z.object({
  user: adminUserSchema.nullable(),
  /** A partner's user (docs/decisions/043): no admin profile, the partner it books for. */
  partner: partnerAccountSchema.nullable().optional(),
});
export type AuthMe = z.infer<typeof authMeSchema>;

/** `GET /api/auth/demo-credentials`: the login hint, only while the demo admin keeps its demo password. */
export const demoCredentialsSchema = z.object({
  demo: z.object({ email: z.string(), password: z.string() }).nullable(),
});
export type DemoCredentials = z.infer<typeof demoCredentialsSchema>;

/**
 * `GET /api/client-info`. `geolocation` says why city/region/country may be null:
 * 'hidden' when no provider is configured or the IP is private/unknown, 'failed' when the
 * provider errored ('Hidden' / 'Detection Failed' on the login panel).
 */
export const clientInfoSchema = z.object({
  ip: z.string().nullable(),
  city: z.string().nullable(),
  region: z.string().nullable(),
  country: z.string().nullable(),
  geolocation: z.enum(['found', 'hidden', 'failed']),
});
export type ClientInfo = z.infer<typeof clientInfoSchema>;

// --- Tickets -----------------------------------------------------------------------------

export const TICKET_TABS = ['pending', 'approved', 'rejected'] as const;

/**
 * How long an approval can be undone (`POST /api/admin/tickets/:id/undo-approval`). The approval
 * e-mail waits this long before it goes out, so an undone approval was never told to anyone.
 */
export const APPROVAL_UNDO_SECONDS = 30;
export type TicketTab = (typeof TICKET_TABS)[number];
export type { MarkedStatus, PaymentStatus, TicketStatus };
export { MARKED_STATUSES };

/** The day a list of tickets, trips or schedules is of. */
export const listDateSchema = z.iso.date({ error: MSG.invalidTravelDate }).check(failsAs('invalid_date'));

export const ticketListQuerySchema = z.object({
  status: z.enum(TICKET_TABS).optional(),
  date: listDateSchema.optional(),
  /** Substring of the payment reference, case-insensitive. */
  q: z.string().trim().max(40).optional(),
  /** Every booking of one passenger e-mail (any case) or one client address: clearing a flood. */
  email: z.string().trim().toLowerCase().max(320).optional(),
  clientIp: z.string().trim().max(64).optional(),
  /** `statement`: only the bookings a bank statement line paid (docs/decisions/038). */
  paidBy: z.enum(['statement']).optional(),
  /** The `next` of the previous page; without it, the first page. */
  cursor: z.string().max(400, { error: STAFF_MSG.cursorInvalid }).optional(),
});
export type TicketListQuery = z.infer<typeof ticketListQuerySchema>;

/** `POST /api/admin/tickets/reject-pending`: every pending booking of one e-mail or one address. */
export const rejectPendingSchema = z
  .object({
    email: z.string().trim().toLowerCase().min(1).max(320).optional(),
    clientIp: z.string().trim().min(1).max(64).optional(),
    remarks: z.string().trim().max(1000).optional(),
  })
  .refine((b) => Boolean(b.email) !== Boolean(b.clientIp), {
    error: 'Name either an e-mail address or a client address',
  });
export type RejectPending = z.infer<typeof rejectPendingSchema>;
export const rejectPendingResultSchema = z.object({ rejected: z.number() });
export type RejectPendingResult = z.infer<typeof rejectPendingResultSchema>;

// A malformed id names no ticket or trip: the same 404 as an unknown one.
const ticketId = z.uuid().check(failsAs('ticket_not_found'));
const scheduleId = z.uuid().check(failsAs('schedule_not_found'));
export const ticketIdParamsSchema = z.object({ id: ticketId });
export const ticketReferenceParamsSchema = z.object({ reference: z.string() });
export const rejectTicketSchema = z.object({ remarks: z.string().trim().max(1000).optional() });
/**
 * Why a party that boarded is marked a no-show, which Owner and Office alone may do
 * (docs/decisions/024); the service requires it in that case only.
 */
export const markReasonSchema = z.string().trim().min(3, { error: STAFF_MSG.noShowReasonRequired }).max(300);
export const markTicketSchema = z.object({
  status: z.enum(MARKED_STATUSES),
  reason: markReasonSchema.optional(),
});

export const namedRefSchema = z.object({ id: z.string(), name: z.string() });
export type NamedRef = z.infer<typeof namedRefSchema>;
export const adminStopSchema = z.object({
  stopOrder: z.number(),
  locationId: z.string(),
  name: z.string(),
  departureTime: z.string().nullable(),
});
export type AdminStop = z.infer<typeof adminStopSchema>;

export const adminTicketSchema = z.object({
  id: z.string(),
  reference: z.string(),
  /**
   * 2 on the way back of a return (docs/decisions/037-return-trips.md), which shares its
   * reference and payment with its outbound; absent on a single trip or an outbound.
   */
  journey: z.literal(2).optional(),
  scheduleId: z.string(),
  travelDate: z.string(),
  passengerName: z.string(),
  passengerEmail: z.string(),
  passengerPhone: z.string().nullable(),
  passengerNationality: z.string(),
  /** The address a public booking came from (null for older or staff bookings). */
  clientIp: z.string().nullable(),
  adultCount: z.number(),
  childCount: z.number(),
  /** Infants on an adult's lap: of the party, no seat (docs/decisions/035-every-person-named.md). */
  infantCount: z.number(),
  /** Decimal string, 2 places, in `currency`. */
  totalAmount: z.string(),
  currency: z.enum(['USD', 'MVR']),
  exchangeRate: z.string(),
  paymentMethod: z.string(),
  /**
   * 'counter' for a sale at the jetty, 'partner' for a booking on a partner's account (each
   * marked so in the lists), else 'online'.
   */
  channel: z.enum(SALE_CHANNELS),
  /** The partner a 'partner' booking is on account of (docs/decisions/043); null otherwise. */
  partnerName: z.string().nullable(),
  /** A counter sale's bank transfer reference. */
  transferReference: z.string().nullable(),
  voidReason: z.string().nullable(),
  /** The account the passenger was shown, for checking the slip against. */
  bankAccount: z.object({ bankName: z.string(), accountHolder: z.string(), accountNumber: z.string() }),
  ticketBreakdown: z.array(bookingBreakdownRowSchema),
  seatNumbers: z.array(z.string()),
  launch: namedRefSchema.nullable(),
  ticketStatus: z.enum(TICKET_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  markedStatus: z.enum(MARKED_STATUSES).nullable(),
  remarks: z.string().nullable(),
  hasSlip: z.boolean(),
  /**
   * A dearer rebooking's second payment (docs/decisions/027): the difference the passenger
   * paid on top, and whether its slip is kept; beside it the first payment, what the booking had
   * cost before, and whether the office had verified it then. Null when there is none.
   */
  extraPayment: z
    .object({
      amount: z.string(),
      hasSlip: z.boolean(),
      firstAmount: z.string(),
      firstVerified: z.boolean(),
    })
    .nullable(),
  /** Refund requests of this ticket still waiting in the refunds queue. */
  openRefunds: z.number(),
  /** How many of the party boarded, as the boardings record it (docs/decisions/024). */
  boarded: z.number(),
  /** The passenger's From and To; null when the location is gone ('Unknown Location'). */
  from: namedRefSchema.nullable(),
  to: namedRefSchema.nullable(),
  passengerDepartureTime: z.string().nullable(),
  schedule: z.object({ departureTime: z.string(), status: z.string(), stops: z.array(adminStopSchema) }),
  createdAt: z.string(),
  approvedAt: z.string().nullable(),
  /** The bank statement lines that paid the booking (docs/decisions/038); empty when none. */
  statementPayments: z.array(
    z.object({
      lineId: z.string(),
      statementId: z.string(),
      bookedOn: z.string(),
      /** What the line paid of this booking. */
      amount: z.string(),
      currency: z.string(),
      remark: z.string(),
      payer: z.string().nullable(),
      bankTransactionId: z.string().nullable(),
    }),
  ),
  /**
   * A booking paid by card online (docs/decisions/042): its newest payment at the gateway, with
   * the gateway's transaction id and state; null for any other payment.
   */
  cardPayment: z
    .object({
      provider: z.string(),
      transactionId: z.string().nullable(),
      state: z.enum(CARD_PAYMENT_STATES),
      amount: z.string(),
      currency: z.string(),
    })
    .nullable(),
});
export type AdminTicket = z.infer<typeof adminTicketSchema>;

/**
 * `GET /api/admin/tickets`: a page of the tab in its order, and counts per tab under the same
 * filters. `next`: the cursor of the page after this one, null on the last.
 */
export const ticketListSchema = z.object({
  tickets: z.array(adminTicketSchema),
  counts: z.object({ pending: z.number(), approved: z.number(), rejected: z.number() }),
  next: z.string().nullable(),
});
export type TicketList = z.infer<typeof ticketListSchema>;

export const dashboardSchema = z.object({
  pendingTickets: z.number(),
  approvedToday: z.number(),
  /** Of those, sold at the counter (voided sales not counted). */
  counterSalesToday: z.number(),
  /** Of those, paid by card online and confirmed by the gateway (docs/decisions/042), apart from transfers. */
  cardPaymentsToday: z.number(),
  todaysTrips: z.number(),
  activeLaunches: z.number(),
  recentTickets: z.array(adminTicketSchema),
  /** The latest disruptions of any departure (docs/decisions/026). */
  recentDisruptions: z.array(disruptionSchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** Data of the `ticket` event on `GET /api/admin/events`. */
export type TicketEvent = { type: 'created' | 'updated' | 'deleted'; ticketId: string };
/** Data of the `schedule` event on `GET /api/admin/events`. */
export type ScheduleEvent = { type: 'created' | 'updated' | 'deleted'; scheduleId: string };

// --- Trips (ticketing) -------------------------------------------------------------------

export const tripListQuerySchema = z.object({ date: listDateSchema });
export const scheduleIdParamsSchema = z.object({ id: scheduleId });
export const tripIdParamsSchema = z.object({ scheduleId });
export const scheduleStatusSchema = z.object({ status: z.enum(SCHEDULE_STATUSES) });

export const adminTripSchema = z.object({
  scheduleId: z.string(),
  travelDate: z.string(),
  status: z.string(),
  completedAt: z.string().nullable(),
  /** The schedule's departure (its first stop). */
  departureTime: z.string(),
  /** That departure as an instant: once it has passed, the trip has sailed. */
  departsAt: z.string(),
  /** First and last stop. */
  from: namedRefSchema.nullable(),
  to: namedRefSchema.nullable(),
  stops: z.array(adminStopSchema),
  launches: z.array(namedRefSchema),
  /** Persons of the trip's confirmed tickets: adults, children and infants. */
  passengerCount: z.number(),
});
export type AdminTrip = z.infer<typeof adminTripSchema>;
export const adminTripListSchema = z.object({ trips: z.array(adminTripSchema) });

export const tripPassengerSchema = z.object({
  ticketId: z.string(),
  reference: z.string(),
  /** 2 on a return's way back (docs/decisions/037-return-trips.md); absent otherwise. */
  journey: z.literal(2).optional(),
  name: z.string(),
  phone: z.string().nullable(),
  nationality: z.string(),
  from: namedRefSchema.nullable(),
  to: namedRefSchema.nullable(),
  /** From and To as positions on the trip's route (0 is the first stop): the legs its seats hold. */
  fromStop: z.number(),
  toStop: z.number(),
  departureTime: z.string().nullable(),
  seatNumbers: z.array(z.string()),
  launch: namedRefSchema.nullable(),
  adultCount: z.number(),
  childCount: z.number(),
  infantCount: z.number(),
  /** Every person named, the contact first (docs/decisions/035-every-person-named.md). */
  persons: z.array(personViewSchema),
  /** The persons of the party nobody named: the manifest shows "+1 unnamed". */
  unnamedCount: z.number(),
  /** The party's persons per concession, with its names (docs/decisions/036-fare-categories.md). */
  concessions: z
    .array(
      z.object({
        code: z.string(),
        name: z.object({ en: z.string(), dv: z.string() }),
        count: z.number(),
        idRequired: z.boolean(),
      }),
    )
    .optional(),
  /** A person of the party must show an ID before boarding (a concession that needs one). */
  idRequired: z.boolean().optional(),
  /** How many of the party are on board, as the boardings record it. */
  boarded: z.number(),
  markedStatus: z.enum(MARKED_STATUSES).nullable(),
  /**
   * 'counter' for a sale at the jetty, 'partner' for a booking on a partner's account (each
   * marked so on the manifest), else 'online'.
   */
  channel: z.enum(SALE_CHANNELS),
  /** The partner a 'partner' booking is on account of; null otherwise. */
  partnerName: z.string().nullable(),
});
export type TripPassenger = z.infer<typeof tripPassengerSchema>;

/** `GET /api/admin/trips/:scheduleId/passengers` */
export const tripPassengersSchema = z.object({
  trip: adminTripSchema,
  passengers: z.array(tripPassengerSchema),
});
export type TripPassengers = z.infer<typeof tripPassengersSchema>;

// --- Boarding (Crew and Counter, today's departures) ---------------------------------------

/** `GET /api/admin/boarding`: today's departures in the operator's day. */
export const boardingDaySchema = z.object({ date: z.string(), trips: z.array(adminTripSchema) });
export type BoardingDay = z.infer<typeof boardingDaySchema>;

export const BOARDING_MARKS = ['present', 'no_show'] as const;
export const boardingMarkSchema = z.object({
  status: z.enum(BOARDING_MARKS),
  reason: markReasonSchema.optional(),
});
export const closeBoardingParamsSchema = z.object({
  scheduleId,
  stop: z.coerce.number().int().min(0).max(255),
});
export const boardingTicketParamsSchema = z.object({ scheduleId, ticketId });

// --- Texts (the operator's corrections of passenger texts) --------------------------------

/** The longest override the server stores (PROBLEMS.text_too_long says the same number). */
export const TEXT_OVERRIDE_MAX_LENGTH = 2000;

const languageSchema = z.enum(LANGUAGES);

/** One passenger text: its catalogue id, its namespace, the shipped texts and the operator's. */
export const adminTextSchema = z.object({
  /** `<namespace>.<key>` (src/shared/messages/catalogues.ts). */
  id: z.string(),
  namespace: z.string(),
  /** The texts the app ships, in every language. */
  defaults: z.record(languageSchema, z.string()),
  /** The operator's corrections, in the languages that have one. */
  overrides: z.partialRecord(languageSchema, z.string()),
});
export type AdminText = z.infer<typeof adminTextSchema>;

/** `GET /api/admin/texts`: every passenger text, in catalogue order. */
export const adminTextListSchema = z.object({ texts: z.array(adminTextSchema) });
export type AdminTextList = z.infer<typeof adminTextListSchema>;

/** `/api/admin/texts/:language/:id`: a language the app speaks and an id; anything else names no text. */
export const textParamsSchema = z.object({
  language: languageSchema.check(failsAs('text_not_found')),
  id: z.string().max(200).check(failsAs('text_not_found')),
});

/**
 * `PUT /api/admin/texts/:language/:id`. The text is stored as typed; the server also checks that
 * it is ICU MessageFormat with the default's placeholders and tags (text_invalid, text_placeholders).
 */
export const textOverrideSchema = z.object({
  text: z
    .string({ error: PROBLEMS.text_required.message })
    .check(failsAs('text_required'))
    .refine((text) => text.trim().length > 0, coded('text_required'))
    .max(TEXT_OVERRIDE_MAX_LENGTH, { error: PROBLEMS.text_too_long.message })
    .check(failsAs('text_too_long')),
});
export type TextOverrideInput = z.infer<typeof textOverrideSchema>;

// --- Staff (the Owner's Staff screen) and staff links ------------------------------------

export const staffEmailSchema = z
  .string({ error: MSG.invalidEmail })
  .trim()
  .toLowerCase()
  .max(320)
  .pipe(z.email({ error: MSG.invalidEmail }))
  .check(failsAs('invalid_email'));

export const inviteStaffSchema = z.object({
  email: staffEmailSchema,
  role: z.enum(ROLES, { error: STAFF_MSG.staffRoleRequired }),
});
export type InviteStaff = z.infer<typeof inviteStaffSchema>;

/** A role change, a deactivation or a reactivation. */
export const updateStaffSchema = z
  .object({ role: z.enum(ROLES).optional(), active: z.boolean().optional() })
  .refine((v) => v.role !== undefined || v.active !== undefined, { error: STAFF_MSG.staffNothingToChange });
export type UpdateStaff = z.infer<typeof updateStaffSchema>;

export const staffIdParamsSchema = z.object({ id: z.uuid() });
export const invitationIdParamsSchema = z.object({ id: z.uuid() });

export const staffMemberSchema = z.object({
  ...staffAccount,
  active: z.boolean(),
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  invitedBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** `GET /api/admin/staff` */
export const staffListSchema = z.object({
  staff: z.array(staffMemberSchema),
  invitations: z.array(invitationSchema),
});
export type StaffList = z.infer<typeof staffListSchema>;

/**
 * The token of an e-mailed invitation or password reset link (it travels in the URL's fragment).
 * Any text: one that names no link is answered `link_invalid` like an unknown one.
 */
export const staffLinkTokenSchema = z.object({ token: z.string().max(128) });

/** `POST /api/auth/links/check`: what a link is for, before a password is chosen. */
export const staffLinkSchema = z.object({
  kind: z.enum(['invite', 'reset']),
  email: z.string(),
  /** A staff role, or `partner` for a person who books for a partner account. */
  role: z.enum([...ROLES, 'partner']),
  /** An invitation to book for a partner: the partner's name. */
  partnerName: z.string().optional(),
});
export type StaffLink = z.infer<typeof staffLinkSchema>;

/** `POST /api/auth/links/complete`: sets the password, uses the link up and signs in. */
export const completeStaffLinkSchema = staffLinkTokenSchema.extend({
  password: newPasswordSchema,
});
export type CompleteStaffLink = z.infer<typeof completeStaffLinkSchema>;

// --- The audit trail ------------------------------------------------------------------------

const dateOnly = z.iso.date({ error: STAFF_MSG.auditDateInvalid });

export const auditQuerySchema = z.object({
  actor: z.uuid().optional(),
  action: z.string().max(60).optional(),
  from: dateOnly.optional(),
  to: dateOnly.optional(),
  /** The `next` of the previous page. */
  cursor: z.string().max(100).optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** `GET /api/admin/audit`: newest first, a page at a time. */
export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  next: z.string().nullable(),
  /** Everyone who appears in the trail, and every kind of action in it: the filters' choices. */
  actors: z.array(z.object({ id: z.string(), email: z.string() })),
  actions: z.array(z.string()),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
