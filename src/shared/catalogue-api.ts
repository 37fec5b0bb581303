// The operator's catalogue (ARCHITECTURE.md section 3, admin): schedules with their stops,
// launches, locations, banners, payment settings and branding. Request schemas are shared by
// the admin screens and the server; the response shapes follow.
import { z } from 'zod';
import {
  LAUNCH_MAX_CAPACITY,
  LAUNCH_MIN_CAPACITY,
  PWA_SHORT_NAME_MAX,
  type SCHEDULE_STATUSES,
} from './constants.ts';
import { MSG } from './messages.ts';
import type { Banner, Location } from './schemas.ts';

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

// --- Schedules ---------------------------------------------------------------------------

export const routeStopInputSchema = z.object({
  locationId: z.uuid({ error: MSG.scheduleStops }),
  /** Required on every stop but the last (checked on the whole list). */
  departureTime: z
    .string()
    .regex(TIME, { error: MSG.scheduleStops })
    .nullish()
    .transform((v) => v ?? null),
});
export type RouteStopInput = z.infer<typeof routeStopInputSchema>;

export const scheduleInputSchema = z
  .object({
    travelDate: z.iso.date({ error: MSG.scheduleBasics }),
    launchIds: z
      .array(z.uuid({ error: MSG.scheduleBasics }))
      .min(1, { error: MSG.scheduleBasics })
      .max(20),
    routeStops: z
      .array(z.unknown())
      .min(2, { error: MSG.scheduleBasics })
      .max(20)
      .pipe(z.array(routeStopInputSchema)),
  })
  .superRefine((value, ctx) => {
    const stops = value.routeStops;
    if (stops.slice(0, -1).some((s) => !s.departureTime)) {
      ctx.addIssue({ code: 'custom', path: ['routeStops'], message: MSG.scheduleStops });
    }
    const ids = stops.map((s) => s.locationId);
    if (new Set(ids).size !== ids.length) {
      ctx.addIssue({ code: 'custom', path: ['routeStops'], message: MSG.scheduleRepeatedStop });
    }
    if (new Set(value.launchIds).size !== value.launchIds.length) {
      ctx.addIssue({ code: 'custom', path: ['launchIds'], message: MSG.scheduleBasics });
    }
  });
export type ScheduleInput = z.input<typeof scheduleInputSchema>;

export const scheduleListQuerySchema = z.object({
  date: z.iso.date({ error: MSG.invalidTravelDate }).optional(),
});

export type ScheduleStopView = {
  stopOrder: number;
  locationId: string;
  name: string;
  departureTime: string | null;
};

export type AdminSchedule = {
  id: string;
  travelDate: string;
  departureTime: string;
  status: (typeof SCHEDULE_STATUSES)[number] | string;
  completedAt: string | null;
  launchIds: string[];
  launches: { id: string; name: string }[];
  routeStops: ScheduleStopView[];
  /** Pending and confirmed tickets on this schedule. */
  activeBookings: number;
};

// --- Launches ----------------------------------------------------------------------------

export const SEAT_LABEL_MAX = 10;

export const launchInputSchema = z
  .object({
    name: z.string({ error: MSG.launchRequired }).trim().min(1, { error: MSG.launchRequired }).max(100),
    capacity: z.coerce
      .number({ error: MSG.launchRequired })
      .int({ error: MSG.launchRequired })
      .min(LAUNCH_MIN_CAPACITY, { error: MSG.launchRequired })
      .max(LAUNCH_MAX_CAPACITY, { error: MSG.launchRequired }),
    seatNumbers: z.array(
      z
        .string()
        .trim()
        .min(1, { error: MSG.launchSeatLabels })
        .max(SEAT_LABEL_MAX, { error: MSG.launchSeatLabels }),
    ),
    status: z.enum(['active', 'inactive']).default('active'),
  })
  .superRefine((value, ctx) => {
    if (value.seatNumbers.length !== value.capacity) {
      ctx.addIssue({ code: 'custom', path: ['seatNumbers'], message: MSG.launchSeatLabels });
    }
    if (new Set(value.seatNumbers).size !== value.seatNumbers.length) {
      ctx.addIssue({ code: 'custom', path: ['seatNumbers'], message: MSG.launchSeatLabels });
    }
  });
export type LaunchInput = z.input<typeof launchInputSchema>;

export type AdminLaunch = {
  id: string;
  name: string;
  imageUrl: string | null;
  capacity: number;
  seatNumbers: string[];
  status: string;
  createdAt: string;
};

// --- Locations ---------------------------------------------------------------------------

const required = (max: number) =>
  z.string({ error: MSG.locationRequired }).trim().min(1, { error: MSG.locationRequired }).max(max);

export const locationInputSchema = z.object({
  name: required(100),
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
  .refine((v) => v.showOnDesktop || v.showOnMobile, { message: MSG.bannerPlacement });

// --- Payment settings --------------------------------------------------------------------

const price = z.coerce
  .number({ error: MSG.priceInvalid })
  .min(0, { error: MSG.priceInvalid })
  .max(1_000_000, { error: MSG.priceInvalid });

const text = (max: number) => z.string().trim().max(max);

/** Partial: each card of the payment screen saves only its own fields. */
export const paymentSettingsUpdateSchema = z
  .object({
    localAdultPrice: price,
    localChildPrice: price,
    foreignerAdultPrice: price,
    foreignerChildPrice: price,
    exchangeRate: z.coerce
      .number({ error: MSG.ratePositive })
      .gt(0, { error: MSG.ratePositive })
      .max(100_000, { error: MSG.ratePositive }),
    bankName: text(200),
    accountHolder: text(200),
    accountNumber: text(100),
    bankNameUsd: text(200),
    accountHolderUsd: text(200),
    accountNumberUsd: text(100),
    paymentInstructions: text(2000),
  })
  .partial()
  .strict();
export type PaymentSettingsUpdate = z.input<typeof paymentSettingsUpdateSchema>;

// --- Branding (pwa_settings) -------------------------------------------------------------

const hexColor = z
  .string()
  .trim()
  .regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, { error: MSG.colorInvalid });

export const pwaSettingsUpdateSchema = z
  .object({
    appName: z.string().trim().min(1, { error: MSG.appNameRequired }).max(60),
    shortName: z
      .string()
      .trim()
      .min(1, { error: MSG.appNameRequired })
      .max(PWA_SHORT_NAME_MAX, { error: MSG.shortNameTooLong }),
    themeColor: hexColor,
    backgroundColor: hexColor,
  })
  .partial()
  .strict();
export type PwaSettingsUpdate = z.infer<typeof pwaSettingsUpdateSchema>;

export const BRANDING_IMAGES = ['icon', 'logo', 'favicon'] as const;
export type BrandingImage = (typeof BRANDING_IMAGES)[number];

// --- Response envelopes ------------------------------------------------------------------

export type ScheduleList = { schedules: AdminSchedule[] };
export type LaunchList = { launches: AdminLaunch[] };
export type LocationList = { locations: Location[] };
export type BannerList = { banners: Banner[] };
