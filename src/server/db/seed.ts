import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { smallBannerKey } from '#shared/banner-images.ts';
import {
  DEFAULT_BRANDING,
  DEFAULT_EXCHANGE_RATE,
  type DEFAULT_LOCATIONS,
  DEFAULT_PRICES,
} from '#shared/constants.ts';
import { addDays, type Clock, dateInZone, systemClock } from '../lib/clock.ts';
import { processSmallBanner } from '../lib/images.ts';
import type { Storage } from '../lib/storage.ts';
import type { Db, DbOrTx } from './client.ts';
import {
  banners,
  fareCategories,
  launches,
  locations,
  paymentSettings,
  pwaSettings,
  returnDiscounts,
  routeFares,
  scheduleLaunches,
  scheduleRouteStops,
  schedules,
} from './schema.ts';
import { type BannerTheme, renderBannerImage, renderLaunchImage } from './seed-images.ts';

type LocationName = (typeof DEFAULT_LOCATIONS)[number];

/** `nameDv`: the name in Dhivehi, what passengers reading Dhivehi see. */
const DEMO_LOCATIONS: ReadonlyArray<{ name: LocationName; nameDv: string; code: string; country: string }> = [
  { name: 'Malé', nameDv: 'މާލެ', code: 'MLE', country: 'Maldives' },
  // Velana International Airport, on Hulhulé.
  { name: 'Airport', nameDv: 'އެއާޕޯޓް', code: 'VIA', country: 'Maldives' },
  { name: 'Thoddoo', nameDv: 'ތޮއްޑޫ', code: 'THD', country: 'Maldives' },
  { name: 'Rasdhoo', nameDv: 'ރަސްދޫ', code: 'RAS', country: 'Maldives' },
  { name: 'Maafushi', nameDv: 'މާފުށި', code: 'MAF', country: 'Maldives' },
];

/** Row-major seat labels: rows A, B, C ... of `perRow` seats each (A1..A4, B1..B4, ...). */
export function seatGrid(rows: number, perRow: number): string[] {
  const labels: string[] = [];
  for (let r = 0; r < rows; r++) {
    for (let s = 1; s <= perRow; s++) labels.push(`${String.fromCharCode(65 + r)}${s}`);
  }
  return labels;
}

type DemoLaunchKey = 'seaBreeze' | 'islandExpress';

export const DEMO_LAUNCHES: Record<
  DemoLaunchKey,
  { name: string; seatNumbers: string[]; withImage: boolean }
> = {
  // docs/product.md section 9: the sample launch has 12 seats in rows A to C.
  seaBreeze: { name: 'Sea Breeze', seatNumbers: seatGrid(3, 4), withImage: false },
  // Six a row, as the booking seat grid lays them out.
  islandExpress: { name: 'Island Express', seatNumbers: seatGrid(6, 6), withImage: true },
};

type DemoRoute = {
  /** Every stop's time: the departure from it, and at the last stop the arrival there. */
  stops: ReadonlyArray<{ location: LocationName; departureTime: string }>;
  launches: ReadonlyArray<DemoLaunchKey>;
};

export const DEMO_ROUTES: ReadonlyArray<DemoRoute> = [
  {
    stops: [
      { location: 'Malé', departureTime: '13:30' },
      { location: 'Maafushi', departureTime: '14:15' },
    ],
    launches: ['seaBreeze'],
  },
  {
    stops: [
      { location: 'Malé', departureTime: '09:00' },
      { location: 'Airport', departureTime: '09:20' },
      { location: 'Thoddoo', departureTime: '10:45' },
      { location: 'Rasdhoo', departureTime: '11:15' },
    ],
    launches: ['islandExpress', 'seaBreeze'],
  },
  {
    stops: [
      { location: 'Malé', departureTime: '07:30' },
      { location: 'Airport', departureTime: '07:45' },
    ],
    launches: ['islandExpress'],
  },
  {
    stops: [
      { location: 'Maafushi', departureTime: '16:00' },
      { location: 'Malé', departureTime: '16:45' },
    ],
    launches: ['seaBreeze'],
  },
  // The multi-stop route back, once the Island Express is in at Rasdhoo (11:15).
  {
    stops: [
      { location: 'Rasdhoo', departureTime: '14:00' },
      { location: 'Thoddoo', departureTime: '14:30' },
      { location: 'Airport', departureTime: '15:55' },
      { location: 'Malé', departureTime: '16:15' },
    ],
    launches: ['islandExpress'],
  },
];

/** A pair's four prices: local adult and child in MVR, foreigner adult and child in USD. */
type DemoFare = {
  from: LocationName;
  to: LocationName;
  prices: readonly [localAdult: string, localChild: string, foreignerAdult: string, foreignerChild: string];
};

/**
 * The multi-stop route's fares per port pair (docs/decisions/033-fares-per-port-pair.md), rising
 * with distance; each way has its own. Malé -> Airport, the short first leg, keeps the default
 * price list, as every other pair does.
 */
export const DEMO_FARES: ReadonlyArray<DemoFare> = [
  { from: 'Malé', to: 'Thoddoo', prices: ['60.00', '35.00', '12.00', '7.00'] },
  { from: 'Malé', to: 'Rasdhoo', prices: ['75.00', '45.00', '15.00', '9.00'] },
  { from: 'Airport', to: 'Thoddoo', prices: ['50.00', '30.00', '10.00', '6.00'] },
  { from: 'Airport', to: 'Rasdhoo', prices: ['65.00', '40.00', '13.00', '8.00'] },
  { from: 'Thoddoo', to: 'Rasdhoo', prices: ['30.00', '20.00', '6.00', '4.00'] },
  { from: 'Rasdhoo', to: 'Thoddoo', prices: ['30.00', '20.00', '6.00', '4.00'] },
  { from: 'Rasdhoo', to: 'Airport', prices: ['60.00', '35.00', '12.00', '7.00'] },
  { from: 'Rasdhoo', to: 'Malé', prices: ['70.00', '40.00', '14.00', '8.00'] },
  { from: 'Thoddoo', to: 'Airport', prices: ['45.00', '25.00', '9.00', '5.00'] },
  { from: 'Thoddoo', to: 'Malé', prices: ['55.00', '30.00', '11.00', '6.00'] },
];

/**
 * The demo's return discounts (docs/decisions/037-return-trips.md): Malé to Maafushi and back,
 * and Malé to Rasdhoo and back, each cost 10 % less than two singles.
 */
export const DEMO_RETURN_DISCOUNTS: ReadonlyArray<{
  from: LocationName;
  to: LocationName;
  percentOff: string;
}> = [
  { from: 'Malé', to: 'Maafushi', percentOff: '10.00' },
  { from: 'Malé', to: 'Rasdhoo', percentOff: '10.00' },
];

/**
 * The demo's concessions (docs/decisions/036-fare-categories.md): seniors travel free and
 * students at half the adult fare, each showing an ID at boarding.
 */
export const DEMO_FARE_CATEGORIES: ReadonlyArray<typeof fareCategories.$inferInsert> = [
  {
    code: 'senior',
    nameEn: 'Senior (65+)',
    nameDv: 'މުސްކުޅި މީހާ (65+)',
    priceRule: 'free',
    seat: true,
    idRequired: true,
    minAge: 65,
    sort: 10,
  },
  {
    code: 'student',
    nameEn: 'Student',
    nameDv: 'ދަރިވަރު',
    priceRule: 'percent',
    percentOff: '50.00',
    seat: true,
    idRequired: true,
    minAge: 12,
    maxAge: 25,
    sort: 20,
  },
];

export const DEMO_SCHEDULE_DAYS = 14;

export const DEMO_PAYMENT_SETTINGS = {
  ...DEFAULT_PRICES,
  exchangeRate: DEFAULT_EXCHANGE_RATE,
  bankName: 'Bank of Maldives',
  accountHolder: 'Island Ferry Pvt Ltd',
  accountNumber: '7730000123456',
  bankNameUsd: 'Bank of Maldives',
  accountHolderUsd: 'Island Ferry Pvt Ltd',
  accountNumberUsd: '7730000654321',
  paymentInstructions:
    'Transfer the exact total to the account for your payment currency and write your booking ' +
    'reference in the transfer remarks. Upload a screenshot or photo of the transfer slip to complete the booking. ' +
    'Your booking is confirmed once our team has checked the payment.',
  // The same in Dhivehi, for passengers reading Dhivehi (src/shared/locales/GLOSSARY.md's words).
  bankNameDv: 'ބޭންކް އޮފް މޯލްޑިވްސް',
  bankNameUsdDv: 'ބޭންކް އޮފް މޯލްޑިވްސް',
  paymentInstructionsDv:
    'ފައިސާ ދައްކަވާ ކަރަންސީގެ އެކައުންޓަށް ޖުމްލަ އަދަދު ފުރިހަމައަށް ޓްރާންސްފަރ ކުރައްވާ، ' +
    'ޓްރާންސްފަރގެ ރިމާކްސްގައި ބުކިންގ ރެފަރެންސް ލިޔުއްވާ. ބުކިންގ ނިންމުމަށް ޕޭމަންޓް ސްލިޕްގެ ' +
    'ސްކްރީންޝޮޓެއް ނުވަތަ ފޮޓޯއެއް އަޕްލޯޑް ކުރައްވާ. އަހަރެމެންގެ ޓީމުން ޕޭމަންޓް ބަލައި ' +
    'ޔަގީންކުރުމުން ބުކިންގ ކޮންފަރމް ކުރެވޭނެއެވެ.',
} as const;

const DEMO_PWA_SETTINGS = DEFAULT_BRANDING;

type DemoBanner = {
  theme: BannerTheme;
  device: 'desktop' | 'mobile';
  headline: string;
  subline: string;
};

// docs/product.md section 2: desktop banners are 16:9 (1920x1080), mobile ones square (1080x1080).
const BANNER_SIZES = {
  desktop: { width: 1920, height: 1080 },
  mobile: { width: 1080, height: 1080 },
} as const;

const DEMO_BANNERS: ReadonlyArray<DemoBanner> = [
  {
    theme: 'lagoon',
    device: 'desktop',
    headline: 'Island hopping made easy',
    subline: 'Book ferry seats across the atolls in minutes',
  },
  {
    theme: 'lagoon',
    device: 'mobile',
    headline: 'Island hopping made easy',
    subline: 'Ferry seats in minutes',
  },
  {
    theme: 'sunset',
    device: 'desktop',
    headline: 'Sunset sailings to Maafushi',
    subline: 'Daily departures from Malé',
  },
  {
    theme: 'sunset',
    device: 'mobile',
    headline: 'Sunset sailings to Maafushi',
    subline: 'Daily departures from Malé',
  },
];

// Serialises concurrent first starts of several instances against one PostgreSQL.
const SEED_LOCK = 7_340_112;

/** The demo is present (or the operator has set the product up) once either row exists. */
async function alreadySeeded(db: DbOrTx): Promise<boolean> {
  const [location] = await db.select({ id: locations.id }).from(locations).limit(1);
  if (location) return true;
  const [settings] = await db.select({ id: paymentSettings.id }).from(paymentSettings).limit(1);
  return Boolean(settings);
}

type Upload = { key: string; body: Buffer };

/**
 * Seeds the demo of README.md's Configuration on an empty database; a database that already has
 * locations or payment settings is left untouched, so calling this on every start is safe.
 */
export async function seedDemo(opts: {
  db: Db;
  storage: Storage;
  tzOperator: string;
  clock?: Clock;
}): Promise<{ seeded: boolean }> {
  const { db, storage } = opts;
  const clock = opts.clock ?? systemClock;
  // Cheap check first: rendering the images is the slow part and is wasted on every later start.
  if (await alreadySeeded(db)) return { seeded: false };

  const stamp = clock.now().getTime();
  const bannerRows = await Promise.all(
    DEMO_BANNERS.map(async (banner, i) => {
      const id = randomUUID();
      const key = `banners/banner_${id}_${stamp}.webp`;
      const smallKey = smallBannerKey(key);
      if (!smallKey) throw new Error(`banner key ${key} has no small sibling`);
      const body = await renderBannerImage({
        ...BANNER_SIZES[banner.device],
        theme: banner.theme,
        headline: banner.headline,
        subline: banner.subline,
      });
      // The same small sibling an uploaded banner gets (services/upload-banner.ts).
      const small = await processSmallBanner(body, BANNER_SIZES[banner.device]);
      return {
        uploads: [
          { key, body },
          { key: smallKey, body: small.buffer },
        ],
        row: {
          id,
          title: `Banner ${i + 1}`,
          imageUrl: storage.publicUrl(key),
          imageKey: key,
          displayOrder: i + 1,
          isActive: true,
          showOnDesktop: banner.device === 'desktop',
          showOnMobile: banner.device === 'mobile',
        },
      };
    }),
  );

  const launchIds: Record<DemoLaunchKey, string> = { seaBreeze: randomUUID(), islandExpress: randomUUID() };
  const launchRows: (typeof launches.$inferInsert)[] = [];
  const uploads: Upload[] = bannerRows.flatMap((b) => b.uploads);
  for (const [k, launch] of Object.entries(DEMO_LAUNCHES) as [
    DemoLaunchKey,
    (typeof DEMO_LAUNCHES)[DemoLaunchKey],
  ][]) {
    const id = launchIds[k];
    let image: { imageUrl: string; imageKey: string } | { imageUrl: null; imageKey: null } = {
      imageUrl: null,
      imageKey: null,
    };
    if (launch.withImage) {
      const key = `launch-images/launch_${id}_${stamp}.webp`;
      uploads.push({ key, body: await renderLaunchImage(launch.name) });
      image = { imageUrl: storage.publicUrl(key), imageKey: key };
    }
    launchRows.push({
      id,
      name: launch.name,
      capacity: launch.seatNumbers.length,
      seatNumbers: [...launch.seatNumbers],
      status: 'active',
      ...image,
    });
  }

  const locationIds = new Map(DEMO_LOCATIONS.map((l) => [l.name, randomUUID()]));
  const locationId = (name: LocationName) => {
    const id = locationIds.get(name);
    if (!id) throw new Error(`Demo route uses unknown location ${name}`);
    return id;
  };

  const today = dateInZone(clock.now(), opts.tzOperator);
  const scheduleRows: (typeof schedules.$inferInsert)[] = [];
  const stopRows: (typeof scheduleRouteStops.$inferInsert)[] = [];
  const scheduleLaunchRows: (typeof scheduleLaunches.$inferInsert)[] = [];
  for (let day = 0; day < DEMO_SCHEDULE_DAYS; day++) {
    const travelDate = addDays(today, day);
    for (const route of DEMO_ROUTES) {
      const scheduleId = randomUUID();
      const departureTime = route.stops[0]?.departureTime;
      if (!departureTime) throw new Error('A demo route must start with a departure time');
      scheduleRows.push({ id: scheduleId, travelDate, departureTime, status: 'scheduled' });
      route.stops.forEach((stop, stopOrder) => {
        stopRows.push({
          scheduleId,
          locationId: locationId(stop.location),
          departureTime: stop.departureTime,
          stopOrder,
        });
      });
      route.launches.forEach((launch, position) => {
        scheduleLaunchRows.push({ scheduleId, launchId: launchIds[launch], position });
      });
    }
  }

  const kinds = [
    ['local', 'adult'],
    ['local', 'child'],
    ['foreigner', 'adult'],
    ['foreigner', 'child'],
  ] as const;
  const fareRows: (typeof routeFares.$inferInsert)[] = DEMO_FARES.flatMap((fare) =>
    kinds.map(([ticketType, category], i) => ({
      originId: locationId(fare.from),
      destinationId: locationId(fare.to),
      ticketType,
      category,
      price: fare.prices[i] ?? '0.00',
    })),
  );

  const written: Upload[] = [];
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
      // Another instance may have seeded while this one rendered images.
      if (await alreadySeeded(tx)) return { seeded: false };

      await tx.insert(locations).values(DEMO_LOCATIONS.map((l) => ({ ...l, id: locationId(l.name) })));
      await tx.insert(launches).values(launchRows);
      await tx.insert(schedules).values(scheduleRows);
      await tx.insert(scheduleRouteStops).values(stopRows);
      await tx.insert(scheduleLaunches).values(scheduleLaunchRows);
      await tx.insert(banners).values(bannerRows.map((b) => b.row));
      await tx.insert(paymentSettings).values(DEMO_PAYMENT_SETTINGS);
      await tx.insert(routeFares).values(fareRows);
      await tx.insert(fareCategories).values([...DEMO_FARE_CATEGORIES]);
      await tx.insert(returnDiscounts).values(
        DEMO_RETURN_DISCOUNTS.map((d) => ({
          originId: locationId(d.from),
          destinationId: locationId(d.to),
          percentOff: d.percentOff,
        })),
      );
      await tx.insert(pwaSettings).values(DEMO_PWA_SETTINGS);

      // Files go up before the commit: a failed upload rolls the rows back, so no row ever
      // points at a missing image.
      for (const upload of uploads) {
        await storage.put(upload.key, upload.body, {
          contentType: 'image/webp',
          visibility: 'public',
          overwrite: false,
        });
        written.push(upload);
      }
      return { seeded: true };
    });
  } catch (err) {
    await Promise.allSettled(written.map((u) => storage.delete(u.key, 'public')));
    throw err;
  }
}
