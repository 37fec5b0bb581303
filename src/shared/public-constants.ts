// The constants the public pages' first paint needs (the operator's default name, contact details
// and time zone, the hold's length, the lookup's pace, the home page's claims...), apart from the
// others and re-exported by constants.ts: a module a first paint imports comes into its first load
// whole, so this one stays small.

/** TZ_OPERATOR's default (docs/product.md section 11.9); the web uses what GET /api/settings/public says. */
export const DEFAULT_TIME_ZONE = 'Indian/Maldives';

/** Contact details shown in the footer and the lookup help card. */
export const CONTACT = {
  phone: '+960 330 1234',
  emails: ['bookings@islandferry.mv', 'support@islandferry.mv'],
  supportEmail: 'support@islandferry.mv',
  services: ['Ferry booking', 'Island transfers', 'Airport connections', 'Tourist routes'],
} as const;

/** The operator's contact details until they save their own (pwa_settings, null: these). */
export const DEFAULT_CONTACT = {
  contactPhone: CONTACT.phone,
  bookingEmail: CONTACT.emails[0],
  supportEmail: CONTACT.supportEmail,
} as const;

/** Shown until the branding settings have loaded, and when they carry no name. */
export const DEFAULT_APP_NAME = 'Island Ferry';

/** Below this width the pages take their phone layout. */
export const MOBILE_BREAKPOINT_PX = 768;

export const SEAT_HOLD_SECONDS = 15 * 60;
export const DEFAULT_COUNTRY_CODE = '+960';
export const DEFAULT_NATIONALITY = 'Maldivian';
export const LOOKUP_DEBOUNCE_MS = 500;
export const LOOKUP_MIN_AUTO_CHARS = 8;
export const ARRIVAL_ADVICE_MINUTES = 30;
export const BANNER_ROTATION_MS = 5_000;

/** The home hero's claims: each value with its label's catalogue id (#shared/messages/home.ts). */
export const HOME_CLAIMS = [
  { value: '20+', label: 'home.claimDailyRoutes' },
  { value: '24/7', label: 'home.claimSupport' },
  { value: '10K+', label: 'home.claimTravelers' },
] as const;
