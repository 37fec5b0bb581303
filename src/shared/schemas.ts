import type { CompiledMessage } from '@lingui/message-utils/compileMessage';
import { z } from 'zod';
import { coded, failsAs, PROBLEMS } from './api-errors.ts';
import {
  CURRENCIES,
  DEFAULT_COUNTRY_CODE,
  DEFAULT_NATIONALITY,
  LAUNCH_MAX_CAPACITY,
  TICKET_STATUSES,
} from './constants.ts';
import { BOOKING_SESSION_HEADER, IDEMPOTENCY_KEY_HEADER } from './http-headers.ts';
import { LANGUAGES } from './languages.ts';
import { MSG } from './messages/api.ts';
import { refundPolicySchema } from './refund-policy.ts';

// Request and response bodies of the public API, shared by the web app and the server
// (docs/product.md section 16): the routes declare them, so they are also the OpenAPI document.

/**
 * A text compiled by `compileMessage` (@lingui/message-utils): plain strings and
 * `[name, type?, format?]` tokens, as Lingui's runtime reads them.
 */
const compiledMessageSchema = z.array(
  z.union([z.string(), z.array(z.unknown())]),
) as unknown as z.ZodType<CompiledMessage>;

export const brandingSchema = z.object({
  appName: z.string(),
  shortName: z.string(),
  themeColor: z.string(),
  backgroundColor: z.string(),
  iconUrl: z.string().nullable(),
  logoUrl: z.string().nullable(),
  faviconUrl: z.string().nullable(),
  /** The operator's contact details: what they saved, else DEFAULT_CONTACT. */
  contactPhone: z.string(),
  bookingEmail: z.string(),
  supportEmail: z.string(),
  /** The home page's claims as the operator wrote them; null: the defaults (HOME_CLAIMS), []: none. */
  homeClaims: z.array(z.object({ value: z.string(), label: z.string(), labelDv: z.string() })).nullable(),
  /**
   * The operator's corrections of passenger texts (admin: Texts), per language and catalogue id,
   * compiled by the server for Lingui's runtime, so the browser needs no message compiler.
   */
  texts: z.partialRecord(z.enum(LANGUAGES), z.record(z.string(), compiledMessageSchema)).optional(),
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
  /** The name in Dhivehi (Thaana); '' when the operator has not given one, so `name` shows. */
  nameDv: z.string(),
  code: z.string(),
  country: z.string(),
});
export type Location = z.infer<typeof locationSchema>;

/** Prices, the exchange rate and bank details: what the admin edits (GET /api/admin/payment-settings). */
export const paymentSettingsViewSchema = z.object({
  localAdultPrice: z.string(),
  localChildPrice: z.string(),
  foreignerAdultPrice: z.string(),
  foreignerChildPrice: z.string(),
  /** An infant's price in the default list, when the operator set one (else free; decision 036). */
  infantLocalPrice: z.string().optional(),
  infantForeignerPrice: z.string().optional(),
  exchangeRate: z.string(),
  bankName: z.string(),
  accountHolder: z.string(),
  accountNumber: z.string(),
  bankNameUsd: z.string(),
  accountHolderUsd: z.string(),
  accountNumberUsd: z.string(),
  paymentInstructions: z.string(),
  paymentMethod: z.string(),
  /** The texts above in Dhivehi (Thaana); '' when not given, so the English shows. */
  bankNameDv: z.string(),
  bankNameUsdDv: z.string(),
  paymentInstructionsDv: z.string(),
  /** What a passenger's own cancellation gives back: step 5 shows it (docs/decisions/027). */
  refundPolicy: refundPolicySchema,
  /** How long an uploaded slip usually waits for the office's approval, in minutes: told to passengers. */
  usualApprovalMinutes: z.number().int(),
});
export type PaymentSettingsView = z.infer<typeof paymentSettingsViewSchema>;

/** GET /api/settings/public: the same, plus the booking rules the wizard shows. */
export const publicSettingsSchema = paymentSettingsViewSchema.extend({
  /** The most tickets one booking may carry (MAX_TICKETS_PER_BOOKING); step 2 shows it. */
  maxTicketsPerBooking: z.number(),
  /** The operator's IANA time zone (TZ_OPERATOR): "today" and the times shown (docs/product.md section 11.9). */
  timeZone: z.string(),
  /**
   * That zone's offset from UTC, in minutes, when the answer was made: the web works out
   * "today" from it without a date formatter (a browser's first one costs tens of ms).
   */
  utcOffsetMinutes: z.number().int(),
  /**
   * Pay later by transfer (docs/decisions/040-pay-later.md): whether step 5 offers to submit
   * without a slip, how long such a booking's seats are held, and how many hours before its
   * departure the hold ends at the latest.
   */
  payLater: z.object({ enabled: z.boolean(), holdHours: z.number().int(), cutoffHours: z.number().int() }),
});
/**
 * One fare category as `GET /api/settings/public` lists it (docs/decisions/036-fare-categories.md);
 * its schema is fareCategoryPublicSchema (src/shared/fare-categories.ts), apart from the public
 * first load.
 */
export type FareCategoryPublic = {
  code: string;
  name: { en: string; dv: string };
  /** Takes a seat of its own (an infant and a seatless concession do not). */
  seat: boolean;
  /** An ID must be shown at boarding. */
  idRequired: boolean;
  minAge: number | null;
  maxAge: number | null;
  /** Adult and child: 'price'; infant: 'free' unless the list prices it; a concession: its rule. */
  priceRule: 'free' | 'percent' | 'price';
  /** With 'percent': how much off the adult fare of the same pair and type. */
  percentOff: string | null;
};

export type PublicSettings = z.infer<typeof publicSettingsSchema> & {
  /**
   * The fare categories (docs/decisions/036-fare-categories.md): adult, child and infant, then
   * the operator's active concessions. Its schema is publicSettingsWithFaresSchema.
   */
  fares: FareCategoryPublic[];
  /** How a passenger may pay online: 'bank_transfer', and 'card' when a gateway is configured (docs/decisions/042). */
  paymentMethods: Array<'bank_transfer' | 'card'>;
};

/** GET /api/health, after the database answered. */
export const healthSchema = z.object({ status: z.literal('ok') });

/** GET /manifest.webmanifest, made from the branding (docs/product.md section 2, PWA). */
export const webManifestSchema = z.object({
  name: z.string(),
  short_name: z.string(),
  description: z.string(),
  start_url: z.string(),
  scope: z.string(),
  display: z.string(),
  theme_color: z.string(),
  background_color: z.string(),
  icons: z.array(z.object({ src: z.string(), sizes: z.string(), type: z.string(), purpose: z.string() })),
});
export type WebManifest = z.infer<typeof webManifestSchema>;

// Booking journey: trip search, launches of a trip, the seat map and seat locks.

/** The wizard's per-run id (docs/product.md section 10.13), sent as X-Booking-Session. */
const bookingSessionSchema = z
  .string({ error: MSG.bookingSessionInvalid })
  .check(failsAs('invalid_booking_session'))
  .trim()
  .toLowerCase()
  .pipe(z.uuid({ error: MSG.bookingSessionInvalid }).check(failsAs('invalid_booking_session')));

/** Headers of a request that acts for one wizard run; any other header passes untouched. */
export const bookingSessionHeadersSchema = z.looseObject({ [BOOKING_SESSION_HEADER]: bookingSessionSchema });
/** The seat map: without a session every live lock shows as someone else's. */
export const optionalBookingSessionHeadersSchema = z.looseObject({
  [BOOKING_SESSION_HEADER]: bookingSessionSchema.optional(),
});

const travelDateSchema = z.iso.date({ error: MSG.invalidTravelDate });
/** An absent or empty place means "not chosen yet" (docs/product.md section 5: nothing is found). */
const optionalPlaceSchema = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(z.uuid({ error: 'Unknown location' }).optional());

/** How many tickets of one kind the party has; absent means none. */
const partyCountSchema = z.coerce.number().int().min(0).max(LAUNCH_MAX_CAPACITY).default(0);

/** The party a search prices its trips for: each kind's count (no tickets at all: one local adult). */
export const partyQuerySchema = z.object({
  localAdult: partyCountSchema,
  localChild: partyCountSchema,
  foreignerAdult: partyCountSchema,
  foreignerChild: partyCountSchema,
  /**
   * The operator's concessions in the party (docs/decisions/036-fare-categories.md), as
   * `code:type:count` joined by commas ('senior:local:1,student:foreigner:2'). A code the
   * operator does not sell is left out of the fare.
   */
  concessions: z
    .string()
    .max(500)
    .regex(
      /^([a-z][a-z0-9_]{1,23}:(local|foreigner):\d{1,3})(,[a-z][a-z0-9_]{1,23}:(local|foreigner):\d{1,3})*$/,
    )
    .optional()
    .transform((text) =>
      (text ? text.split(',') : []).map((part) => {
        const [category = '', type, count] = part.split(':');
        return {
          category,
          type: type === 'foreigner' ? ('foreigner' as const) : ('local' as const),
          quantity: Number(count),
        };
      }),
    ),
});
export type PartyQuery = z.infer<typeof partyQuerySchema>;

/** The same place for From and To names no journey: refused, not answered with nothing. */
const differentPlaces = (q: { from?: string | undefined; to?: string | undefined }) =>
  !q.from || q.from !== q.to;
/** Checked once every field is valid, so a bad date is told first. */
const samePlaceRule = {
  ...coded('same_place'),
  path: ['to'],
  when: (payload: { issues: readonly unknown[] }) => payload.issues.length === 0,
};

export const tripSearchQuerySchema = z
  .object({
    date: travelDateSchema,
    from: optionalPlaceSchema,
    to: optionalPlaceSchema,
    ...partyQuerySchema.shape,
    /**
     * `1`: the trips are offered as a return's way back (docs/decisions/037-return-trips.md), so
     * each carries the return discount of its pair (`returnDiscountPercent`).
     */
    returning: z.literal('1').optional(),
  })
  .refine(differentPlaces, samePlaceRule);
export type TripSearchQuery = z.infer<typeof tripSearchQuerySchema>;

/** GET /api/trips/nearest-dates: the dates near `date` that have trips from From to To. */
export const tripDatesQuerySchema = z
  .object({
    date: travelDateSchema,
    from: z.uuid({ error: 'Unknown location' }),
    to: z.uuid({ error: 'Unknown location' }),
  })
  .refine(differentPlaces, samePlaceRule);
export type TripDatesQuery = z.infer<typeof tripDatesQuerySchema>;

export const tripDatesSchema = z.object({
  /** Up to 3 dates before `date`, today at the earliest, nearest last (in calendar order). */
  before: z.array(z.string()),
  /** Up to 3 dates after `date`, in calendar order. */
  after: z.array(z.string()),
});
export type TripDates = z.infer<typeof tripDatesSchema>;

export const tripStopSchema = z.object({
  stopOrder: z.number(),
  locationId: z.string(),
  name: z.string(),
  /** The stop's name in Dhivehi; '' when the operator has not given one. */
  nameDv: z.string(),
  departureTime: z.string().nullable(),
});
export type TripStop = z.infer<typeof tripStopSchema>;

export const tripSchema = z.object({
  scheduleId: z.string(),
  travelDate: z.string(),
  from: z.object({ id: z.string(), name: z.string(), nameDv: z.string() }),
  to: z.object({ id: z.string(), name: z.string(), nameDv: z.string() }),
  /** HH:MM at the passenger's From stop. */
  departureTime: z.string(),
  passengerDepartureTime: z.string(),
  stops: z.array(tripStopSchema),
  launchIds: z.array(z.string()),
  availableSeats: z.number(),
  status: z.string(),
  /** HH:MM when the launch is at the passenger's To stop; null when the timetable gives no time there. */
  arrivalTime: z.string().nullable(),
  /** Minutes from departure at From to the time at To; null without an arrival time. */
  durationMinutes: z.number().int().nullable(),
  /**
   * The party's fare from the operator's prices, worked out as a booking's total is: in the
   * currency its tickets are priced in (MVR for local tickets, USD for foreigner ones; USD, the
   * booking's default payment currency, for a party with both).
   */
  fare: z.object({ amount: z.string(), currency: z.enum(CURRENCIES), tickets: z.number().int() }),
  /**
   * The unit prices of this From -> To (docs/decisions/033-fares-per-port-pair.md): the pair's own
   * where it has them, else the operator's price list; the wizard's later steps preview totals
   * with them. Optional for a trip a browser kept from before they were sent.
   */
  prices: z
    .object({
      localAdultPrice: z.string(),
      localChildPrice: z.string(),
      foreignerAdultPrice: z.string(),
      foreignerChildPrice: z.string(),
      /**
       * The infant's and each active concession's unit prices on the pair, by their rules
       * (docs/decisions/036-fare-categories.md): `[{code, localPrice, foreignerPrice}]`, what
       * src/shared/money.ts prices them with. Optional, as the rest.
       */
      categoryPrices: z
        .array(z.object({ code: z.string(), localPrice: z.string(), foreignerPrice: z.string() }))
        .optional(),
    })
    .optional(),
  /**
   * The operator's discount, in percent ('10', '7.5'), on a return booked with this trip as its
   * way back (set per port pair); absent: none. The wizard previews a return's total with it.
   */
  returnDiscountPercent: z.string().optional(),
});
export type Trip = z.infer<typeof tripSchema>;

export const tripParamsSchema = z.object({ scheduleId: z.uuid({ error: 'Unknown trip' }) });
/**
 * The passenger's From and To on a departure's stops: the seats of GET /api/trips/:id/launches and
 * /seats are seen from that stretch (docs/decisions/032-seats-per-leg.md). Without them, the whole
 * departure; a From not on the route, or a To not after it, is 400 invalid_schedule.
 */
const stretchQuerySchema = {
  originId: z.uuid({ error: 'Unknown location' }).optional(),
  destinationId: z.uuid({ error: 'Unknown location' }).optional(),
};

export const tripLaunchesQuerySchema = z.object({ date: travelDateSchema, ...stretchQuerySchema });

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
  ...stretchQuerySchema,
});

export const SEAT_STATES = ['available', 'occupied', 'locked', 'mine'] as const;
export type SeatState = (typeof SEAT_STATES)[number];

export const seatMapSchema = z.object({
  seats: z.array(z.object({ label: z.string(), state: z.enum(SEAT_STATES) })),
  /** Earliest end of this session's live holds on the trip; null when it holds none. */
  lockedUntil: z.string().nullable(),
});
export type SeatMap = z.infer<typeof seatMapSchema>;

/**
 * A bound on the request's size only: the largest launch. The number a passenger may hold is
 * MAX_TICKETS_PER_BOOKING, configured and enforced by the server (fair holds).
 */
const SEAT_LOCK_MAX_SEATS = LAUNCH_MAX_CAPACITY;

/** The return journey of a seat lock: its departure, stretch and seats. */
export const seatLockReturnSchema = z.object({
  scheduleId: z.uuid({ error: 'Unknown trip' }),
  travelDate: travelDateSchema,
  launchId: z.uuid({ error: 'Please choose a launch' }),
  originId: z.uuid({ error: 'Unknown location' }),
  destinationId: z.uuid({ error: 'Unknown location' }),
  seats: z
    .array(z.string().trim().min(1, { error: MSG.selectSeats }).max(20))
    .min(1, { error: MSG.selectSeats })
    .max(SEAT_LOCK_MAX_SEATS, { error: MSG.tooManySeats })
    .refine((seats) => new Set(seats).size === seats.length, { error: 'Each seat can be selected once' }),
});
export type SeatLockReturn = z.infer<typeof seatLockReturnSchema>;

export const seatLockRequestSchema = z.object({
  scheduleId: z.uuid({ error: 'Unknown trip' }),
  travelDate: travelDateSchema,
  launchId: z.uuid({ error: 'Please choose a launch' }),
  seats: z
    .array(z.string().trim().min(1, { error: MSG.selectSeats }).max(20))
    .min(1, { error: MSG.selectSeats })
    .max(SEAT_LOCK_MAX_SEATS, { error: MSG.tooManySeats })
    .refine((seats) => new Set(seats).size === seats.length, { error: 'Each seat can be selected once' }),
  /** From POST /api/email-codes/verify: a lock needs a verified e-mail; releasing needs only the session. */
  verificationToken: z.string().max(200).optional(),
  /**
   * The passenger's From and To stops: the seats are held for the legs between them (without
   * them, the whole departure), and the lock closes when the vessel has left the From stop.
   */
  originId: z.uuid({ error: 'Unknown location' }).optional(),
  destinationId: z.uuid({ error: 'Unknown location' }).optional(),
  /**
   * A return (docs/decisions/037-return-trips.md): its departure on the reverse route, the
   * passenger's stretch on it and its seats, held with the outbound's in one transaction.
   */
  return: seatLockReturnSchema.optional(),
});
export type SeatLockRequest = z.infer<typeof seatLockRequestSchema>;

export const seatLockResponseSchema = z.object({ lockedUntil: z.string() });

/**
 * POST /api/seat-locks: the hold's end and the booking session's reference, made at its first
 * lock and kept by the session for a day, for the transfer's remark (docs/decisions/039).
 */
export const passengerSeatLockResponseSchema = seatLockResponseSchema.extend({ reference: z.string() });
export type SeatLockResponse = z.infer<typeof passengerSeatLockResponseSchema>;

/** DELETE /api/seat-locks: how many of the session's locks went. */
export const seatReleaseResponseSchema = z.object({ released: z.number() });
export type SeatReleaseResponse = z.infer<typeof seatReleaseResponseSchema>;

// E-mail verification, booking submission and the public booking lookup.

/** An e-mail address to verify: absent or blank is one rule, malformed another (docs/product.md section 5). */
const emailSchema = z
  .string({ error: MSG.emailRequired })
  .trim()
  .min(1, { error: MSG.emailRequired })
  .check(failsAs('email_required'))
  .pipe(
    z
      .string()
      .max(320, { error: MSG.invalidEmail })
      .pipe(z.email({ error: MSG.invalidEmail }))
      .check(failsAs('invalid_email')),
  );

/**
 * The language the passenger reads ('en', 'dv'): the mails a request causes are written in it.
 * Absent, the server takes the passenger's `lang` cookie, else the request's Accept-Language,
 * else English. POST /api/email-codes has it in its body; POST /api/bookings as the multipart
 * field `language` beside `booking`, outside the request hash (a retry in another language is
 * still the same booking).
 */
export const requestLanguageSchema = z.enum(LANGUAGES).optional();

export const emailCodeRequestSchema = z.object({ email: emailSchema, language: requestLanguageSchema });
export const emailCodeResponseSchema = z.object({ cooldownSeconds: z.number(), attemptsLeft: z.number() });
export type EmailCodeResponse = z.infer<typeof emailCodeResponseSchema>;

export const emailCodeVerifySchema = z.object({
  email: emailSchema,
  code: z
    .string({ error: MSG.otpCodeFormat })
    .trim()
    .regex(/^\d{6}$/, { error: MSG.otpCodeFormat })
    .check(failsAs('invalid_code_format')),
});
export const emailVerifyResponseSchema = z.object({ verificationToken: z.string() });
export type EmailVerifyResponse = z.infer<typeof emailVerifyResponseSchema>;

const idempotencyKeySchema = z
  .string({ error: MSG.idempotencyKeyRequired })
  .trim()
  .min(8, { error: MSG.idempotencyKeyRequired })
  .max(100, { error: MSG.idempotencyKeyRequired })
  .check(failsAs('idempotency_key_required'));

/** Headers of POST /api/bookings: the key first, so a request missing both names the key. */
export const bookingHeadersSchema = z.looseObject({
  [IDEMPOTENCY_KEY_HEADER]: idempotencyKeySchema,
  [BOOKING_SESSION_HEADER]: bookingSessionSchema,
});

export const TICKET_TYPES = ['local', 'foreigner'] as const;
/**
 * An infant takes no seat: it travels on an adult's lap, at most one per adult, free
 * (docs/decisions/035-every-person-named.md). Adults and children each take a seat.
 */
export const TICKET_CATEGORIES = ['adult', 'child', 'infant'] as const;
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];
export type TicketType = (typeof TICKET_TYPES)[number];
/** The categories that take a seat: a booking has one seat per person of these. */
export const SEATED_CATEGORIES: readonly TicketCategory[] = ['adult', 'child'];
/** How many infants one adult may carry on their lap. */
export const INFANTS_PER_ADULT = 1;
/**
 * A ticket's category as a request names it: a built-in one or the code of an operator's
 * concession (docs/decisions/036-fare-categories.md). Whether a code is sold is the server's
 * check against the database (400 `unknown_fare_category`).
 */
export const categoryCodeSchema = z.string().trim().min(1).max(24);
export type CategoryCode = string;
export const isBuiltIn = (code: string): code is TicketCategory =>
  (TICKET_CATEGORIES as readonly string[]).includes(code);
/** A bound on the request's size only; MAX_TICKETS_PER_BOOKING is the configured limit. */
const BOOKING_MAX_TICKETS = LAUNCH_MAX_CAPACITY;

const bookingTicketSchema = z.object({
  type: z.enum(TICKET_TYPES),
  category: categoryCodeSchema,
  quantity: z.number().int().min(0).max(BOOKING_MAX_TICKETS),
});

/** Missing or blank name or e-mail is docs/product.md section 5's 'Missing passenger information'. */
const passengerText = (max: number) =>
  z
    .string({ error: MSG.missingPassengerInfo })
    .trim()
    .min(1, { error: MSG.missingPassengerInfo })
    .max(max)
    .check(failsAs('missing_passenger_info'));

const bookingPassengerSchema = z
  .object(
    {
      name: passengerText(200),
      email: passengerText(320).pipe(z.email({ error: MSG.invalidEmail })),
      phone: z.string().trim().max(30).optional(),
      nationality: z.string().trim().min(1).max(60).default(DEFAULT_NATIONALITY),
      countryCode: z.string().trim().min(1).max(8).default(DEFAULT_COUNTRY_CODE),
    },
    { error: MSG.missingPassengerInfo },
  )
  .check(failsAs('missing_passenger_info'));

const tripField = z.uuid({ error: MSG.slipAndTripRequired }).check(failsAs('slip_and_trip_required'));

const bookedSeat = z
  .string({ error: MSG.selectSeats })
  .trim()
  .min(1, { error: MSG.selectSeats })
  .max(20)
  .check(failsAs('select_seats'));

/** A person's name: trimmed, 1 to 100 characters, as the passenger's name is corrected. */
export const PERSON_NAME_MAX = 100;

/**
 * One person of the party, named (docs/decisions/035-every-person-named.md). `type` is optional:
 * without it the server gives the person a ticket type of their category in the order of the
 * ticket rows. The first person is the contact.
 */
export const personInputSchema = z.object({
  name: passengerText(PERSON_NAME_MAX),
  nationality: z.string().trim().min(1).max(60).default(DEFAULT_NATIONALITY),
  category: categoryCodeSchema,
  type: z.enum(TICKET_TYPES).optional(),
});
export type PersonInput = z.output<typeof personInputSchema>;

type CountedTicket = { type: TicketType; category: CategoryCode; quantity: number };
type IssueSink = {
  addIssue: (issue: {
    code: 'custom';
    path: PropertyKey[];
    message: string;
    params: { code: string };
  }) => void;
};

const countOf = (tickets: readonly CountedTicket[], keep: (t: CountedTicket) => boolean) =>
  tickets.filter(keep).reduce((n, t) => n + t.quantity, 0);

/** The persons who take a seat: one seat each (docs/product.md section 10.3). */
export const seatedCount = (tickets: readonly CountedTicket[]) =>
  countOf(tickets, (t) => isBuiltIn(t.category) && SEATED_CATEGORIES.includes(t.category));

/** Only built-in categories: the schema can check the seats; a concession's are the server's to check. */
export const onlyBuiltIn = (tickets: readonly { category: string }[]) =>
  tickets.every((t) => isBuiltIn(t.category));

/** Every person of the party, infants included: who is counted on board. */
export const personCount = (tickets: readonly CountedTicket[]) => countOf(tickets, () => true);

const issue = (
  ctx: IssueSink,
  path: PropertyKey[],
  rule: 'too_many_infants' | 'persons_mismatch' | 'contact_first',
) => ctx.addIssue({ code: 'custom', path, message: PROBLEMS[rule].message, params: { code: rule } });

/**
 * The party's rules beside the seat count, for an online booking and a counter sale alike: at
 * most one infant per adult (of either ticket type), and, when the persons are named, one name
 * per ticket of each category (and type, when given), the contact first and in a seat.
 */
export function checkParty(
  ctx: IssueSink,
  party: {
    tickets: readonly CountedTicket[];
    passengers?: readonly PersonInput[] | undefined;
    contact: { name: string; nationality: string };
  },
) {
  const adults = countOf(party.tickets, (t) => t.category === 'adult');
  const infants = countOf(party.tickets, (t) => t.category === 'infant');
  if (infants > adults * INFANTS_PER_ADULT) issue(ctx, ['tickets'], 'too_many_infants');
  const persons = party.passengers;
  if (!persons) return;
  const categories = new Set([...party.tickets.map((t) => t.category), ...persons.map((p) => p.category)]);
  const matches = [...categories].every((category) => {
    const named = persons.filter((p) => p.category === category);
    if (named.length !== countOf(party.tickets, (t) => t.category === category)) return false;
    // A person who names a type needs a ticket of that type and category left for them.
    return TICKET_TYPES.every(
      (type) =>
        named.filter((p) => p.type === type).length <=
        countOf(party.tickets, (t) => t.category === category && t.type === type),
    );
  });
  if (!matches) return issue(ctx, ['passengers'], 'persons_mismatch');
  const [first] = persons;
  if (
    !first ||
    // An infant is never the contact; a concession without a seat is the server's to refuse.
    first.category === 'infant' ||
    first.name !== party.contact.name.trim() ||
    first.nationality !== party.contact.nationality.trim()
  ) {
    issue(ctx, ['passengers', 0], 'contact_first');
  }
}

/**
 * The `booking` field of POST /api/bookings; totals are never sent, the server computes them.
 * Fields are in the order of docs/product.md section 5's submit checks (trip, passenger, seats,
 * tickets), so the first rule a booking breaks is the one answered.
 */
export const bookingRequestSchema = z
  .object({
    scheduleId: tripField,
    travelDate: z.iso.date({ error: MSG.slipAndTripRequired }).check(failsAs('slip_and_trip_required')),
    originId: tripField,
    destinationId: tripField,
    launchId: tripField,
    passenger: bookingPassengerSchema,
    seats: z
      .array(bookedSeat, { error: MSG.selectSeats })
      .min(1, { error: MSG.selectSeats })
      .check(failsAs('select_seats'))
      .refine((seats) => seats.length <= BOOKING_MAX_TICKETS, coded('too_many_seats'))
      .refine((seats) => new Set(seats).size === seats.length, { error: 'Each seat can be selected once' }),
    tickets: z
      .array(bookingTicketSchema, { error: MSG.selectTicket })
      .max(TICKET_TYPES.length * TICKET_CATEGORIES.length * 2)
      .check(failsAs('select_ticket'))
      .refine((rows) => rows.some((r) => r.quantity > 0), coded('select_ticket')),
    paymentCurrency: z.enum(CURRENCIES).default('USD'),
    verificationToken: z.string().max(200).optional(),
    /**
     * Pay later by transfer (docs/decisions/040-pay-later.md): sent without a `slip` part, the
     * booking waits for the bank statement (or a slip added later) until its payment is due.
     */
    payLater: z.boolean().optional(),
    /**
     * Card (docs/decisions/042): sent without a `slip` part, the booking waits for its payment on
     * the gateway, and the answer says where to send the passenger.
     */
    paymentMethod: z.enum(['bank_transfer', 'card']).optional(),
    /**
     * Every person of the party, named; optional. The first is the contact: the same name and
     * nationality as `passenger`. Without it the contact is the one person named.
     */
    passengers: z
      .array(personInputSchema)
      .min(1)
      .max(BOOKING_MAX_TICKETS * 2)
      .optional(),
    /**
     * A return (docs/decisions/037-return-trips.md): the second departure, on the reverse route,
     * with the same party; its seats one per seated person, as the outbound's.
     */
    return: z
      .object({
        scheduleId: tripField,
        travelDate: z.iso.date({ error: MSG.slipAndTripRequired }).check(failsAs('slip_and_trip_required')),
        launchId: tripField,
        originId: tripField,
        destinationId: tripField,
        seats: z
          .array(bookedSeat, { error: MSG.selectSeats })
          .min(1, { error: MSG.selectSeats })
          .check(failsAs('select_seats'))
          .refine((seats) => seats.length <= BOOKING_MAX_TICKETS, coded('too_many_seats'))
          .refine((seats) => new Set(seats).size === seats.length, {
            error: 'Each seat can be selected once',
          }),
      })
      .optional(),
  })
  .superRefine((b, ctx) => {
    if (b.return && b.return.seats.length !== seatedCount(b.tickets)) {
      const rule = b.return.seats.length > seatedCount(b.tickets) ? 'too_many_seats' : 'seat_count_mismatch';
      ctx.addIssue({
        code: 'custom',
        path: ['return', 'seats'],
        message: PROBLEMS[rule].message,
        params: { code: rule },
      });
    }
    // docs/product.md section 10.3: one seat per ticket of a category that takes a seat.
    // With a concession the seats depend on its definition: the server checks them (decision 036).
    const quantity = seatedCount(b.tickets);
    if (onlyBuiltIn(b.tickets) && b.seats.length !== quantity) {
      const rule = b.seats.length > quantity ? 'too_many_seats' : 'seat_count_mismatch';
      ctx.addIssue({
        code: 'custom',
        path: ['seats'],
        message: PROBLEMS[rule].message,
        params: { code: rule },
      });
    }
    checkParty(ctx, { tickets: b.tickets, passengers: b.passengers, contact: b.passenger });
  });
export type BookingRequest = z.input<typeof bookingRequestSchema>;
/** The multipart fields of POST /api/bookings besides `booking` and `slip`. */
export const bookingFormFieldsSchema = z.object({ language: requestLanguageSchema });
export type BookingInput = z.output<typeof bookingRequestSchema>;

/**
 * One journey of a booking (docs/decisions/037-return-trips.md): a single trip has one, a return
 * two, the outbound first; `totalAmount` is the journey's share of what the booking costs.
 */
export const bookingJourneySchema = z.object({
  journey: z.number().int(),
  scheduleId: z.string(),
  travelDate: z.string(),
  departureTime: z.string(),
  from: z.object({ id: z.string(), name: z.string(), nameDv: z.string() }),
  to: z.object({ id: z.string(), name: z.string(), nameDv: z.string() }),
  launchName: z.string(),
  seats: z.array(z.string()),
  totalAmount: z.string(),
  ticketStatus: z.string(),
});
export type BookingJourney = z.infer<typeof bookingJourneySchema>;

export const bookingCreatedSchema = z.object({
  reference: z.string(),
  totalAmount: z.string(),
  currency: z.enum(CURRENCIES),
  /** 'awaiting_card' for a booking paid by card, until the gateway confirms it. */
  ticketStatus: z.enum(['pending', 'awaiting_card']),
  paymentStatus: z.literal('pending'),
  /**
   * The booking's manage page with its read-only link (`/bookings/<reference>/manage?k=<token>`),
   * the one its mails carry: the person who sent the booking proved the mailbox with its code.
   * Absent from the answer replayed for a booking sent before the link was part of it.
   */
  managePath: z.string().optional(),
  /** The booking's journeys, the outbound first; absent from an answer replayed from before returns. */
  journeys: z.array(bookingJourneySchema).optional(),
  /**
   * Pay later (docs/decisions/040-pay-later.md): when the transfer must have arrived, after which
   * the seats are released; null for a booking sent with its slip.
   */
  paymentDueAt: z.string().nullable().optional(),
  /** A card booking (docs/decisions/042): our id of its payment and the gateway's page to send the passenger to. */
  payment: z.object({ localId: z.string(), redirectUrl: z.string() }).optional(),
});
export type BookingCreated = z.infer<typeof bookingCreatedSchema>;

export const bookingBreakdownRowSchema = z.object({
  type: z.enum(TICKET_TYPES),
  /** adult, child, infant or a concession's code (docs/decisions/036). */
  category: z.string(),
  quantity: z.number(),
  /** Unit price in the type's own currency: MVR for local, USD for foreigner. */
  price: z.string(),
});
export type TicketBreakdownRow = z.infer<typeof bookingBreakdownRowSchema>;

/**
 * A person of the party as the booking's views show them, in position order (the contact
 * first). `unnamed` beside the list counts the persons of the party nobody named.
 */
export const personViewSchema = z.object({
  name: z.string(),
  nationality: z.string(),
  category: z.string(),
  type: z.enum(TICKET_TYPES),
});
export type PersonView = z.infer<typeof personViewSchema>;

/** GET /api/bookings/:reference: what anyone holding the reference may see (no contact data). */
export const bookingLookupSchema = z.object({
  reference: z.string(),
  ticketStatus: z.string(),
  ticketStatusLabel: z.string(),
  paymentStatus: z.string(),
  paymentStatusLabel: z.string(),
  statusText: z.string(),
  /** Which sentence statusText is (an approved booking on a completed trip reads as completed). */
  statusKey: z.enum(TICKET_STATUSES),
  travelDate: z.string(),
  departureTime: z.string(),
  /** `nameDv`: the name in Dhivehi, '' when not given or the location is gone. */
  from: z.object({ name: z.string(), nameDv: z.string() }),
  to: z.object({ name: z.string(), nameDv: z.string() }),
  stops: z.array(
    z.object({
      stopOrder: z.number(),
      name: z.string(),
      nameDv: z.string(),
      departureTime: z.string().nullable(),
    }),
  ),
  launchName: z.string(),
  seatNumbers: z.array(z.string()),
  adultCount: z.number(),
  childCount: z.number(),
  /** Infants on an adult's lap: no seat, free (docs/decisions/035-every-person-named.md). */
  infantCount: z.number(),
  ticketBreakdown: z.array(bookingBreakdownRowSchema),
  totalAmount: z.string(),
  currency: z.string(),
  passengerName: z.string(),
  /**
   * Every person named, the contact first, with their category; the public lookup masks each
   * name as it masks `passengerName` and gives no nationality ('').
   */
  persons: z.array(personViewSchema),
  /** The persons of the party nobody named (a booking sent without `passengers`). */
  unnamedCount: z.number().int(),
  /**
   * The names of the booking's categories beyond adult, child and infant: the operator's
   * concessions (docs/decisions/036-fare-categories.md), in English and Dhivehi. Optional.
   */
  categoryNames: z
    .array(
      z.object({
        code: z.string(),
        name: z.object({ en: z.string(), dv: z.string() }),
        idRequired: z.boolean(),
      }),
    )
    .optional(),
  createdAt: z.string(),
  /** Whether the payment slip (the proof of the transfer) came in: a pending booking then reads 'Slip received, being checked'. */
  proofReceived: z.boolean(),
  /** The operator's usual time from slip to approval, in minutes (payment settings). */
  usualApprovalMinutes: z.number().int(),
  /**
   * Pay later (docs/decisions/040-pay-later.md): a booking sent without its slip is released at
   * this instant unless its transfer or a slip has come in by then; null otherwise.
   */
  paymentDueAt: z.string().nullable(),
  /**
   * Every journey of the booking, the outbound first (a single trip: one). The fields above are
   * the outbound's; `totalAmount` above is the booking's whole, each journey's is its share.
   */
  journeys: z.array(bookingJourneySchema),
});
export type BookingLookup = z.infer<typeof bookingLookupSchema>;

/** GET /dev/outbox (never in production): recorded mails, newest first, for the demo and the tests. */
export const outboxQuerySchema = z.object({ to: z.string().trim().max(320).optional() });
export const outboxMailSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  /** The HTML part, when the mail has one. */
  html: z.string().nullable(),
  createdAt: z.string(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

/** GET /api/bookings/:reference */
export const bookingReferenceParamsSchema = z.object({ reference: z.string() });
