import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { smallBannerKey } from '#shared/banner-images.ts';
import {
  DEFAULT_BRANDING,
  DEFAULT_EXCHANGE_RATE,
  DEFAULT_PRICES,
  PAYMENT_METHOD,
} from '#shared/constants.ts';
import type { Banner, Branding, Location, PublicSettings } from '#shared/schemas.ts';
import type { Db } from '../../db/client.ts';
import { ping } from '../../db/migrate.ts';
import { banners, locations, paymentSettings, pwaSettings } from '../../db/schema.ts';
import { ICON_192_SUFFIX, ICON_512_SUFFIX } from '../../lib/images.ts';
import type { Storage } from '../../lib/storage.ts';

export async function readBranding(db: Db): Promise<Branding> {
  const [row] = await db.select().from(pwaSettings).orderBy(asc(pwaSettings.createdAt)).limit(1);
  if (!row) return DEFAULT_BRANDING;
  return {
    appName: row.appName,
    shortName: row.shortName,
    themeColor: row.themeColor,
    backgroundColor: row.backgroundColor,
    iconUrl: row.iconUrl,
    logoUrl: row.logoUrl,
    faviconUrl: row.faviconUrl,
  };
}

export async function readPublicSettings(db: Db): Promise<PublicSettings> {
  const [row] = await db.select().from(paymentSettings).orderBy(asc(paymentSettings.createdAt)).limit(1);
  return {
    localAdultPrice: row?.localAdultPrice ?? DEFAULT_PRICES.localAdultPrice,
    localChildPrice: row?.localChildPrice ?? DEFAULT_PRICES.localChildPrice,
    foreignerAdultPrice: row?.foreignerAdultPrice ?? DEFAULT_PRICES.foreignerAdultPrice,
    foreignerChildPrice: row?.foreignerChildPrice ?? DEFAULT_PRICES.foreignerChildPrice,
    // numeric(12,4) comes back as '15.4200'; the rate is shown and used with its own digits.
    exchangeRate: row ? String(Number(row.exchangeRate)) : DEFAULT_EXCHANGE_RATE,
    bankName: row?.bankName ?? '',
    accountHolder: row?.accountHolder ?? '',
    accountNumber: row?.accountNumber ?? '',
    bankNameUsd: row?.bankNameUsd ?? '',
    accountHolderUsd: row?.accountHolderUsd ?? '',
    accountNumberUsd: row?.accountNumberUsd ?? '',
    paymentInstructions: row?.paymentInstructions ?? '',
    paymentMethod: PAYMENT_METHOD,
  };
}

/**
 * Whether a banner's small sibling is stored, asked of storage once per banner key. Both files
 * go up before the banner's row is visible and a key is never reused, so the answer cannot
 * change while the row exists; banners stored before siblings existed simply answer no.
 * A storage error is not remembered, so the next request asks again.
 */
function smallBannerLookup(storage: Storage): (imageKey: string) => Promise<boolean> {
  const known = new Map<string, Promise<boolean>>();
  return (imageKey) => {
    const cached = known.get(imageKey);
    if (cached) return cached;
    const smallKey = smallBannerKey(imageKey);
    if (!smallKey) return Promise.resolve(false);
    const answer = (async () => {
      for await (const object of storage.list(smallKey, 'public')) {
        if (object.key === smallKey) return true;
      }
      return false;
    })().catch(() => {
      known.delete(imageKey);
      return false;
    });
    known.set(imageKey, answer);
    return answer;
  };
}

export default async function catalogueRoutes(app: FastifyInstance) {
  const { database } = app.deps;
  const db = database.db;

  app.get('/api/health', async (_req, reply) => {
    await ping(database);
    reply.header('Cache-Control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/api/branding', async (_req, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return readBranding(db);
  });

  app.get('/manifest.webmanifest', async (_req, reply) => {
    const b = await readBranding(db);
    // An uploaded icon is stored at 512 px with a 192 px sibling (services/update-branding.ts).
    const icons = b.iconUrl
      ? [
          {
            src: b.iconUrl.endsWith(ICON_512_SUFFIX)
              ? b.iconUrl.slice(0, -ICON_512_SUFFIX.length) + ICON_192_SUFFIX
              : b.iconUrl,
            sizes: '192x192',
            type: 'image/png',
            purpose: 'any',
          },
          { src: b.iconUrl, sizes: '512x512', type: 'image/png', purpose: 'any' },
        ]
      : [{ src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }];
    reply.header('Cache-Control', 'no-cache').type('application/manifest+json');
    return {
      name: b.appName,
      short_name: b.shortName,
      description: 'Book inter-island ferry seats and check your booking.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: b.themeColor,
      background_color: b.backgroundColor,
      icons,
    };
  });

  const hasSmallBanner = smallBannerLookup(app.deps.storage);

  app.get('/api/banners', async (_req, reply): Promise<Banner[]> => {
    reply.header('Cache-Control', 'no-cache');
    const rows = await db
      .select({
        id: banners.id,
        title: banners.title,
        imageUrl: banners.imageUrl,
        imageKey: banners.imageKey,
        displayOrder: banners.displayOrder,
        isActive: banners.isActive,
        showOnMobile: banners.showOnMobile,
        showOnDesktop: banners.showOnDesktop,
      })
      .from(banners)
      .where(eq(banners.isActive, true))
      .orderBy(asc(banners.displayOrder), asc(banners.createdAt));
    return Promise.all(
      rows.map(async ({ imageKey, ...banner }) => {
        const smallImageUrl = smallBannerKey(banner.imageUrl);
        return smallImageUrl && imageKey && (await hasSmallBanner(imageKey))
          ? { ...banner, smallImageUrl }
          : banner;
      }),
    );
  });

  app.get('/api/locations', async (_req, reply): Promise<Location[]> => {
    reply.header('Cache-Control', 'no-cache');
    return db
      .select({ id: locations.id, name: locations.name, code: locations.code, country: locations.country })
      .from(locations)
      .orderBy(asc(locations.name));
  });

  app.get('/api/settings/public', async (_req, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return readPublicSettings(db);
  });
}
