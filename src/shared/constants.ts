// Business constants of docs/product.md section 9 and docs/product.md section 10.

import { DEFAULT_APP_NAME } from './public-constants.ts';

export {
  ARRIVAL_ADVICE_MINUTES,
  BANNER_ROTATION_MS,
  CONTACT,
  DEFAULT_APP_NAME,
  DEFAULT_CONTACT,
  DEFAULT_COUNTRY_CODE,
  DEFAULT_NATIONALITY,
  DEFAULT_TIME_ZONE,
  HOME_CLAIMS,
  LOOKUP_DEBOUNCE_MS,
  LOOKUP_MIN_AUTO_CHARS,
  MOBILE_BREAKPOINT_PX,
  SEAT_HOLD_SECONDS,
} from './public-constants.ts';

export const SEAT_LOCK_REFRESH_MS = 5_000;
export const SEATS_PER_ROW = 6;
export const AISLE_AFTER_SEAT = 3;
export const DEFAULT_GRID_CAPACITY = 100;
export const EMAIL_CODE_LENGTH = 6;
export const EMAIL_CODE_MAX_SENDS = 3;
export const EMAIL_CODE_COOLDOWN_SECONDS = 60;
export const EMAIL_CODE_TTL_MINUTES = 10;
export const EMAIL_CODE_MAX_WRONG_TRIES = 5;
export const VERIFICATION_TOKEN_TTL_MINUTES = 60;
export const DEFAULT_PRICES = {
  localAdultPrice: '25.00',
  localChildPrice: '15.00',
  foreignerAdultPrice: '5.00',
  foreignerChildPrice: '3.00',
} as const;
export const DEFAULT_EXCHANGE_RATE = '15.42';
/** payment_settings.refund_policy's column default (migration 0015): 24 h or more 100 %, 2 h 50 %. */
export const DEFAULT_REFUND_POLICY: { hoursBefore: number; percent: number }[] = [
  { hoursBefore: 24, percent: 100 },
  { hoursBefore: 2, percent: 50 },
];
/** payment_settings.usual_approval_minutes's column default (migration 0021): two hours. */
export const DEFAULT_USUAL_APPROVAL_MINUTES = 120;
export const PAYMENT_METHOD = 'Bank Transfer';
export const LAUNCH_DEFAULT_CAPACITY = 50;
export const LAUNCH_MIN_CAPACITY = 1;
export const LAUNCH_MAX_CAPACITY = 200;
export const DEFAULT_DEPARTURE_TIME = '08:00';
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_MAX_PIXELS = 40_000_000;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const COMPRESSION = {
  slip: { maxWidth: 1024, maxHeight: 1024, quality: 0.8, maxBytes: 200 * 1024 },
  launch: { maxWidth: 800, maxHeight: 600, quality: 0.85, maxBytes: 150 * 1024 },
  banner: { maxWidth: 1920, maxHeight: 1080, quality: 0.9, maxBytes: 500 * 1024 },
} as const;
export const COMPRESSION_QUALITY_STEP = 0.1;
export const COMPRESSION_QUALITY_FLOOR = 0.1;
export const DASHBOARD_RECENT_TICKETS = 5;
/**
 * The tickets one page of the office's ticket list carries (docs/decisions/045-year-scale.md):
 * a tab's count is its whole size, its pages follow one another in the tab's order by cursor.
 */
export const TICKET_PAGE_SIZE = 50;
/** The requests one page of the refunds queue carries; the queue's count and sums are whole. */
export const REFUND_PAGE_SIZE = 50;
export const LOGIN_WARNING_COUNTDOWN_SECONDS = 10;
export const SLIP_ZOOM = { min: 0.5, max: 3, step: 0.25 } as const;
export const PWA_SHORT_NAME_MAX = 12;
export const DEFAULT_THEME_COLOR = '#0ea5e9';
const DEFAULT_BACKGROUND_COLOR = '#ffffff';
// docs/decisions/005-password-length.md: docs/product.md's 6 is below today's guidance (ASVS 5: 12).
export const PASSWORD_MIN_LENGTH = 12;
export const LAUNCH_CARD_SEATS_SHOWN = 8;
export const SYSTEM_VERSION = 'v1.0.0';
export const SIDEBAR = {
  cookieName: 'sidebar_state',
  cookieMaxAgeSeconds: 7 * 24 * 60 * 60,
  shortcutKey: 'b',
  width: '16rem',
  widthMobile: '18rem',
  widthCollapsed: '3rem',
} as const;

export const NATIONALITIES = [
  'Maldivian',
  'Indian',
  'Sri Lankan',
  'Bangladeshi',
  'Pakistani',
  'British',
  'American',
  'Australian',
  'German',
  'French',
  'Other',
] as const;

export const COUNTRY_CODES = [
  { code: '+960', country: 'Maldives' },
  { code: '+91', country: 'India' },
  { code: '+94', country: 'Sri Lanka' },
  { code: '+1', country: 'USA' },
  { code: '+44', country: 'UK' },
] as const;

export const DEFAULT_LOCATIONS = ['Malé', 'Airport', 'Thoddoo', 'Rasdhoo', 'Maafushi'] as const;

/**
 * 'voided': a counter sale taken back at the counter (docs/decisions/025). 'cancelled_by_operator'
 * (a cancelled departure) and 'cancelled_by_passenger' (docs/decisions/026). SPEC's 'cancelled'
 * stays "Rejected", a refused payment. None of the last four holds seats. 'awaiting_card': a
 * booking paid by card online, its seats held until the gateway confirms it or its hold ends
 * (docs/decisions/042); not the office's to review.
 */
export const TICKET_STATUSES = [
  'pending',
  'awaiting_card',
  'confirmed',
  'cancelled',
  'completed',
  'voided',
  'cancelled_by_operator',
  'cancelled_by_passenger',
] as const;
/** The states of a booking that holds its seats and travels unless cancelled: a departure's changes reach them. */
export const ACTIVE_STATES: readonly string[] = ['pending', 'awaiting_card', 'confirmed'];
/** The states a refund is owed in: they accept the `refunded` marking. */
export const CANCELLED_STATES: readonly string[] = ['cancelled_by_operator', 'cancelled_by_passenger'];
/** Where a ticket was sold: online, at the counter on the jetty, or on a partner's account. */
export const SALE_CHANNELS = ['online', 'counter', 'partner'] as const;
export type SaleChannel = (typeof SALE_CHANNELS)[number];
export const PAYMENT_STATUSES = ['pending', 'completed', 'failed'] as const;
export const MARKED_STATUSES = ['present', 'no_show', 'cancelled', 'refunded'] as const;
export const SCHEDULE_STATUSES = ['scheduled', 'completed'] as const;
export const CURRENCIES = ['USD', 'MVR'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export type MarkedStatus = (typeof MARKED_STATUSES)[number];
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];
export type Currency = (typeof CURRENCIES)[number];

/** A claim the operator wrote for the home page: the value and its label in each language. */
export type HomeClaim = { value: string; label: string; labelDv: string };
/** What the operator may write: this many claims at most, and these lengths (characters). */
export const HOME_CLAIM_LIMITS = { claims: 4, value: 12, label: 40 } as const;

export const DEMO_ADMIN = { email: 'admin@islandferry.mv', password: 'admin123', username: 'admin' } as const;

export const CONTACT_PHONE_MAX = 30;

/** Branding until an operator saves their own (pwa_settings). */
export const DEFAULT_BRANDING = {
  appName: DEFAULT_APP_NAME,
  shortName: 'IslandFerry',
  themeColor: DEFAULT_THEME_COLOR,
  backgroundColor: DEFAULT_BACKGROUND_COLOR,
  iconUrl: null,
  logoUrl: null,
  faviconUrl: null,
} as const;

/** The seat labels of docs/product.md's 12-seat sample launch: rows A to C, four seats each. */
export const SAMPLE_LAUNCH_SEATS = [
  'A1',
  'A2',
  'A3',
  'A4',
  'B1',
  'B2',
  'B3',
  'B4',
  'C1',
  'C2',
  'C3',
  'C4',
] as const;
