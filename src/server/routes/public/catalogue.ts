import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
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

  app.get('/api/banners', async (_req, reply): Promise<Banner[]> => {
    reply.header('Cache-Control', 'no-cache');
    const rows = await db
      .select({
        id: banners.id,
        title: banners.title,
        imageUrl: banners.imageUrl,
        displayOrder: banners.displayOrder,
        isActive: banners.isActive,
        showOnMobile: banners.showOnMobile,
        showOnDesktop: banners.showOnDesktop,
      })
      .from(banners)
      .where(eq(banners.isActive, true))
      .orderBy(asc(banners.displayOrder), asc(banners.createdAt));
    return rows;
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
