// The operator's setup (the HTTP API in docs/architecture.md, admin): schedules with their stops,
// launches, locations, banners, payment settings and branding. Request schemas are shared by
// the admin screens and the server; the response shapes follow.
import { z } from 'zod';
import { adminStopSchema, listDateSchema, requiredText } from './admin-api.ts';
import { coded, failsAs, PROBLEMS } from './api-errors.ts';
import {
  CONTACT_PHONE_MAX,
  HOME_CLAIM_LIMITS,
  LAUNCH_MAX_CAPACITY,
  LAUNCH_MIN_CAPACITY,
  PWA_SHORT_NAME_MAX,
} from './constants.ts';
import { MSG } from './messages/api.ts';
import { STAFF_MSG } from './messages/staff.ts';
import { REFUND_POLICY_LIMITS, refundPolicySchema } from './refund-policy.ts';
import { bannerSchema, locationSchema } from './schemas.ts';

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

// --- Schedules ---------------------------------------------------------------------------

export const routeStopInputSchema = z.object({
  locationId: z.uuid({ error: MSG.scheduleStops }).check(failsAs('schedule_stops')),
  /**
   * The time the launch leaves this stop; on the last stop, where it only arrives, the arrival.
   * Required on every stop (checked on the whole list; a schedule saved before the arrival was
   * asked for has none at its last stop until it is edited).
   */
  departureTime: z
    .string()
    .regex(TIME, { error: MSG.scheduleStops })
    .check(failsAs('schedule_stops'))
    .nullish()
    .transform((v) => v ?? null),
});
export type RouteStopInput = z.infer<typeof routeStopInputSchema>;

const scheduleShape = {
  travelDate: z.iso.date({ error: MSG.scheduleBasics }).check(failsAs('schedule_basics')),
  launchIds: z
    .array(z.uuid({ error: MSG.scheduleBasics }).check(failsAs('schedule_basics')))
    .min(1, { error: MSG.scheduleBasics })
    .max(20)
    .check(failsAs('schedule_basics')),
  routeStops: z
    .array(z.unknown())
    .min(2, { error: MSG.scheduleBasics })
    .max(20)
    .check(failsAs('schedule_basics'))
    .pipe(z.array(routeStopInputSchema)),
};

type ScheduleShape = z.output<z.ZodObject<typeof scheduleShape>>;

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Minutes from one HH:MM to the next along a route: a time that reads earlier than the one
 * before it is past midnight, as the trip search counts a journey's duration.
 */
const minutesAfter = (from: string, to: string) => (minutesOf(to) - minutesOf(from) + 1440) % 1440;

type ArrivalRule = 'schedule_arrival_required' | 'schedule_arrival_order' | 'schedule_arrival_too_late';

/**
 * What is wrong with the arrival at the last stop, if anything: missing, not after the stop
 * before it (the same time), or so far on that the route would take a day or more (counted stop
 * to stop, each time past midnight when it reads earlier than the one before).
 */
function arrivalProblem(stops: readonly { departureTime: string | null }[]): ArrivalRule | null {
  const arrival = stops.at(-1)?.departureTime;
  if (!arrival) return 'schedule_arrival_required';
  const times = stops.map((s) => s.departureTime);
  if (times.some((t) => !t)) return null; // the stops' own message comes first
  const known = times as string[];
  if (known.at(-2) === arrival) return 'schedule_arrival_order';
  let total = 0;
  for (let i = 1; i < known.length; i++) total += minutesAfter(known[i - 1] ?? '', known[i] ?? '');
  return total >= 1440 ? 'schedule_arrival_too_late' : null;
}

function checkSchedule(value: ScheduleShape, ctx: z.RefinementCtx) {
  const issue = (path: string, rule: 'schedule_stops' | 'schedule_repeated_stop' | 'schedule_basics') =>
    ctx.addIssue({ code: 'custom', path: [path], message: PROBLEMS[rule].message, params: { code: rule } });
  const stops = value.routeStops;
  if (stops.slice(0, -1).some((s) => !s.departureTime)) issue('routeStops', 'schedule_stops');
  const ids = stops.map((s) => s.locationId);
  if (new Set(ids).size !== ids.length) issue('routeStops', 'schedule_repeated_stop');
  if (new Set(value.launchIds).size !== value.launchIds.length) issue('launchIds', 'schedule_basics');
  // The arrival's message goes under its own field: the last stop's time.
  const arrival = arrivalProblem(stops);
  if (arrival) {
    ctx.addIssue({
      code: 'custom',
      path: ['routeStops', stops.length - 1, 'departureTime'],
      message: PROBLEMS[arrival].message,
      params: { code: arrival },
    });
  }
}

export const scheduleInputSchema = z.object(scheduleShape).superRefine(checkSchedule);
export type ScheduleInput = z.input<typeof scheduleInputSchema>;

/** A repeat runs at most a year: its last date at most this many days after the first. */
export const REPEAT_MAX_DAYS = 365;

/** The calendar date `days` after a YYYY-MM-DD date. */
export const addIsoDays = (isoDate: string, days: number): string => {
  const d = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return isoDate;
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** The latest date a repeat starting on `first` may run until. */
export const repeatLimit = (first: string) => addIsoDays(first, REPEAT_MAX_DAYS);

/**
 * The dates from `first` to `until` (both included) that fall on one of `weekdays` (0 Sunday to
 * 6 Saturday). Calendar dates, the operator's: no time zone takes part.
 */
export function repeatDates(first: string, until: string, weekdays: readonly number[]): string[] {
  const days = new Set(weekdays);
  const dates: string[] = [];
  if (!z.iso.date().safeParse(first).success || !z.iso.date().safeParse(until).success) return dates;
  for (let date = first; date <= until && dates.length <= REPEAT_MAX_DAYS; date = addIsoDays(date, 1)) {
    if (days.has(new Date(`${date}T00:00:00Z`).getUTCDay())) dates.push(date);
  }
  return dates;
}

export const scheduleRepeatSchema = z.object({
  /** Days of the week, 0 Sunday to 6 Saturday. */
  weekdays: z
    .array(z.int().min(0).max(6), { error: STAFF_MSG.repeatWeekdays })
    .min(1, { error: STAFF_MSG.repeatWeekdays })
    .max(7),
  until: z.iso.date({ error: STAFF_MSG.repeatUntil }),
});

/**
 * A schedule repeated on days of the week until a date: one departure per matching date from the
 * travel date on, every one with the same stops and launches.
 */
export const scheduleRepeatInputSchema = z
  .object({ ...scheduleShape, repeat: scheduleRepeatSchema })
  .superRefine((value, ctx) => {
    checkSchedule(value, ctx);
    const { weekdays = [], until = '' } = value.repeat ?? {};
    // Until is compared with a travel date only once both are dates (their own messages say so).
    const isDate = (v: string) => z.iso.date().safeParse(v).success;
    if (!isDate(until) || !isDate(value.travelDate)) return;
    const at = (message: string, field: 'until' | 'weekdays') =>
      ctx.addIssue({ code: 'custom', path: ['repeat', field], message });
    if (until < value.travelDate) at(STAFF_MSG.repeatUntilBeforeStart, 'until');
    else if (until > repeatLimit(value.travelDate)) at(STAFF_MSG.repeatTooLong, 'until');
    else if (repeatDates(value.travelDate, until, weekdays).length === 0)
      at(STAFF_MSG.repeatNoDates, 'weekdays');
  });
export type ScheduleRepeatInput = z.input<typeof scheduleRepeatInputSchema>;

export const scheduleListQuerySchema = z.object({
  date: listDateSchema.optional(),
  /** Without a date: `upcoming` is today (the operator's) and later, first date first; `past` the days before, latest first. */
  when: z.enum(['upcoming', 'past']).optional(),
});

export const scheduleStopViewSchema = adminStopSchema.extend({
  /** The location was deleted while history used it (docs/decisions/007): not offered any more. */
  archived: z.boolean(),
});
export type ScheduleStopView = z.infer<typeof scheduleStopViewSchema>;

export const adminScheduleSchema = z.object({
  id: z.string(),
  travelDate: z.string(),
  departureTime: z.string(),
  status: z.string(),
  completedAt: z.string().nullable(),
  launchIds: z.array(z.string()),
  /** `archived`: deleted while history used it (docs/decisions/007); takes no new bookings. */
  launches: z.array(z.object({ id: z.string(), name: z.string(), archived: z.boolean() })),
  routeStops: z.array(scheduleStopViewSchema),
  /** Pending and confirmed tickets on this schedule. */
  activeBookings: z.number(),
});
export type AdminSchedule = z.infer<typeof adminScheduleSchema>;

// --- Launches ----------------------------------------------------------------------------

export const SEAT_LABEL_MAX = 10;

export const launchInputSchema = z
  .object({
    name: requiredText('launch_required').max(100),
    capacity: z.coerce
      .number({ error: MSG.launchRequired })
      .int({ error: MSG.launchRequired })
      .min(LAUNCH_MIN_CAPACITY, { error: MSG.launchRequired })
      .max(LAUNCH_MAX_CAPACITY, { error: MSG.launchRequired })
      .check(failsAs('launch_required')),
    seatNumbers: z
      .array(
        z
          .string({ error: MSG.launchSeatLabels })
          .trim()
          .min(1, { error: MSG.launchSeatLabels })
          .max(SEAT_LABEL_MAX, { error: MSG.launchSeatLabels })
          .check(failsAs('launch_seat_labels')),
        { error: MSG.launchSeatLabels },
      )
      .check(failsAs('launch_seat_labels')),
    status: z.enum(['active', 'inactive']).default('active'),
  })
  .superRefine((value, ctx) => {
    const labels = value.seatNumbers;
    if (labels.length !== value.capacity || new Set(labels).size !== labels.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['seatNumbers'],
        message: PROBLEMS.launch_seat_labels.message,
        params: { code: 'launch_seat_labels' },
      });
    }
  });
export type LaunchInput = z.input<typeof launchInputSchema>;

export const adminLaunchSchema = z.object({
  id: z.string(),
  name: z.string(),
  imageUrl: z.string().nullable(),
  capacity: z.number(),
  seatNumbers: z.array(z.string()),
  status: z.string(),
  createdAt: z.string(),
});
export type AdminLaunch = z.infer<typeof adminLaunchSchema>;

// --- Locations ---------------------------------------------------------------------------

const required = (max: number) => requiredText('location_required').max(max);

const NAME_MAX = 100;

export const locationInputSchema = z.object({
  name: required(NAME_MAX),
  /**
   * The name in Dhivehi, shown to Dhivehi readers; optional and may be empty (then `name`
   * shows). Left out of an edit, the saved one stays.
   */
  nameDv: z
    .string()
    .trim()
    .max(NAME_MAX, { error: `The name in Dhivehi can be at most ${NAME_MAX} characters` })
    .optional(),
  code: required(20),
  country: required(100),
});
export type LocationInput = z.infer<typeof locationInputSchema>;

// --- Banners -----------------------------------------------------------------------------

/** Multipart text fields next to the `image` file. */
export const bannerFieldsSchema = z
  .object({
    showOnDesktop: z.stringbool().default(false),
    showOnMobile: z.stringbool().default(false),
  })
  .refine((v) => v.showOnDesktop || v.showOnMobile, coded('banner_placement_required'));

// --- Payment settings --------------------------------------------------------------------

const price = z.coerce
  .number({ error: MSG.priceInvalid })
  .min(0, { error: MSG.priceInvalid })
  .max(1_000_000, { error: MSG.priceInvalid })
  .check(failsAs('price_invalid'));

const text = (max: number) => z.string().trim().max(max);

/** What a refund policy's form says under a field (admin, English): the same from the server. */
export const REFUND_POLICY_MSG = {
  hours: `Enter whole hours from 0 to ${REFUND_POLICY_LIMITS.maxHours}`,
  percent: `Enter a whole percentage from 0 to ${REFUND_POLICY_LIMITS.maxPercent}`,
  tooMany: `A policy has at most ${REFUND_POLICY_LIMITS.maxTiers} tiers`,
} as const;

/**
 * The cancellation refund tiers as the admin sends them: the contract (#shared/refund-policy.ts)
 * decides, after each field has been checked with a message a person can act on.
 */
export const refundPolicyInputSchema = z
  .array(
    z.strictObject({
      hoursBefore: z
        .number({ error: REFUND_POLICY_MSG.hours })
        .int({ error: REFUND_POLICY_MSG.hours })
        .min(0, { error: REFUND_POLICY_MSG.hours })
        .max(REFUND_POLICY_LIMITS.maxHours, { error: REFUND_POLICY_MSG.hours }),
      percent: z
        .number({ error: REFUND_POLICY_MSG.percent })
        .int({ error: REFUND_POLICY_MSG.percent })
        .min(0, { error: REFUND_POLICY_MSG.percent })
        .max(REFUND_POLICY_LIMITS.maxPercent, { error: REFUND_POLICY_MSG.percent }),
    }),
  )
  .max(REFUND_POLICY_LIMITS.maxTiers, { error: REFUND_POLICY_MSG.tooMany })
  .pipe(refundPolicySchema);

/** The usual time from slip to approval: at least 5 minutes, at most a week. */
export const USUAL_APPROVAL_LIMITS = { min: 5, max: 7 * 24 * 60 } as const;
export const USUAL_APPROVAL_MSG = `Enter whole minutes from ${USUAL_APPROVAL_LIMITS.min} to ${USUAL_APPROVAL_LIMITS.max}`;

/** Partial: each card of the payment screen saves only its own fields. */
export const paymentSettingsUpdateSchema = z
  .object({
    localAdultPrice: price,
    localChildPrice: price,
    foreignerAdultPrice: price,
    foreignerChildPrice: price,
    /** An infant's price in the default list (docs/decisions/036); null or '': free. */
    infantLocalPrice: z.union([z.literal(''), z.null(), price]),
    infantForeignerPrice: z.union([z.literal(''), z.null(), price]),
    exchangeRate: z.coerce
      .number({ error: MSG.ratePositive })
      .gt(0, { error: MSG.ratePositive })
      .max(100_000, { error: MSG.ratePositive })
      .check(failsAs('rate_positive')),
    bankName: text(200),
    accountHolder: text(200),
    accountNumber: text(100),
    bankNameUsd: text(200),
    accountHolderUsd: text(200),
    accountNumberUsd: text(100),
    paymentInstructions: text(2000),
    // The Dhivehi versions passengers reading Dhivehi see; empty shows the English.
    bankNameDv: text(200),
    bankNameUsdDv: text(200),
    paymentInstructionsDv: text(2000),
    /** What a passenger's own cancellation gives back (docs/decisions/027). */
    refundPolicy: refundPolicyInputSchema,
    /** What passengers are told a slip usually waits for approval. */
    usualApprovalMinutes: z
      .number({ error: USUAL_APPROVAL_MSG })
      .int({ error: USUAL_APPROVAL_MSG })
      .min(USUAL_APPROVAL_LIMITS.min, { error: USUAL_APPROVAL_MSG })
      .max(USUAL_APPROVAL_LIMITS.max, { error: USUAL_APPROVAL_MSG }),
  })
  .partial()
  .strict();
export type PaymentSettingsUpdate = z.input<typeof paymentSettingsUpdateSchema>;

// --- Branding (pwa_settings) -------------------------------------------------------------

const hexColor = z
  .string()
  .trim()
  .regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, { error: MSG.colorInvalid })
  .check(failsAs('color_invalid'));

/** Empty resets a contact detail to its default (DEFAULT_CONTACT). */
const contactPhone = z
  .string()
  .trim()
  .max(CONTACT_PHONE_MAX, { error: MSG.contactPhoneInvalid })
  .regex(/^([\d\s+()-]*\d[\d\s+()-]*)?$/, { error: MSG.contactPhoneInvalid })
  .check(failsAs('contact_phone_invalid'));
const contactEmail = z
  .string()
  .trim()
  .max(254, { error: MSG.invalidEmail })
  .pipe(z.union([z.literal(''), z.email({ error: MSG.invalidEmail })]))
  .check(failsAs('invalid_email'));

const claimText = (max: number, message: string, code: 'home_claim_value' | 'home_claim_label') =>
  z.string({ error: message }).trim().max(max, { error: message }).check(failsAs(code));

/**
 * The home page's claims as the operator writes them: null brings back the defaults (HOME_CLAIMS),
 * an empty list shows none. A Dhivehi label left empty shows the English one.
 */
export const homeClaimsInputSchema = z
  .array(
    z.strictObject({
      value: claimText(HOME_CLAIM_LIMITS.value, MSG.homeClaimValue, 'home_claim_value')
        .min(1, { error: MSG.homeClaimValue })
        .check(failsAs('home_claim_value')),
      label: claimText(HOME_CLAIM_LIMITS.label, MSG.homeClaimLabel, 'home_claim_label')
        .min(1, { error: MSG.homeClaimLabel })
        .check(failsAs('home_claim_label')),
      labelDv: claimText(HOME_CLAIM_LIMITS.label, MSG.homeClaimLabel, 'home_claim_label'),
    }),
    { error: MSG.homeClaimsTooMany },
  )
  .check(failsAs('home_claims_too_many'))
  .refine((claims) => claims.length <= HOME_CLAIM_LIMITS.claims, coded('home_claims_too_many'))
  .nullable();

export const pwaSettingsUpdateSchema = z
  .object({
    appName: z
      .string()
      .trim()
      .min(1, { error: MSG.appNameRequired })
      .check(failsAs('app_name_required'))
      .max(60),
    shortName: z
      .string()
      .trim()
      .min(1, { error: MSG.appNameRequired })
      .check(failsAs('app_name_required'))
      .max(PWA_SHORT_NAME_MAX, { error: MSG.shortNameTooLong })
      .check(failsAs('short_name_too_long')),
    themeColor: hexColor,
    backgroundColor: hexColor,
    contactPhone,
    bookingEmail: contactEmail,
    supportEmail: contactEmail,
    homeClaims: homeClaimsInputSchema,
  })
  .partial()
  .strict();
export type PwaSettingsUpdate = z.infer<typeof pwaSettingsUpdateSchema>;

export const BRANDING_IMAGES = ['icon', 'logo', 'favicon'] as const;
export type BrandingImage = (typeof BRANDING_IMAGES)[number];

// --- Ids in the path ---------------------------------------------------------------------
// A malformed id names nothing: the same 404 as an unknown one.

export const launchIdParamsSchema = z.object({ id: z.uuid().check(failsAs('launch_not_found')) });
export const locationIdParamsSchema = z.object({ id: z.uuid().check(failsAs('location_not_found')) });
export const bannerIdParamsSchema = z.object({ id: z.uuid().check(failsAs('banner_not_found')) });

// --- Response envelopes ------------------------------------------------------------------

export const scheduleListSchema = z.object({ schedules: z.array(adminScheduleSchema) });
export type ScheduleList = z.infer<typeof scheduleListSchema>;
export const launchListSchema = z.object({ launches: z.array(adminLaunchSchema) });
export type LaunchList = z.infer<typeof launchListSchema>;
export const locationListSchema = z.object({ locations: z.array(locationSchema) });
export type LocationList = z.infer<typeof locationListSchema>;
export const bannerListSchema = z.object({ banners: z.array(bannerSchema) });
export type BannerList = z.infer<typeof bannerListSchema>;
