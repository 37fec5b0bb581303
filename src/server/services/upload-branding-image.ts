import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Branding } from '#shared/schemas.ts';
import type { BrandingImage } from '#shared/setup-api.ts';
import type { Db } from '../db/client.ts';
import { deriveIcon, ICON_192_SUFFIX, ICON_512_SUFFIX, processImage } from '../lib/images.ts';
import type { Storage } from '../lib/storage.ts';
import { readBranding } from './read-branding.ts';
import { saveBrandingFields } from './save-branding-fields.ts';

type StoredFile = { key: string; body: Buffer; contentType: string };

/** What each branding upload becomes (docs/product.md section 10.17). */
async function renderBrandingImage(kind: BrandingImage, image: Buffer, stamp: string): Promise<StoredFile[]> {
  if (kind === 'icon') {
    const base = `branding/icon_${stamp}`;
    const [large, small] = await Promise.all([deriveIcon(image, 512), deriveIcon(image, 192)]);
    return [
      { key: `${base}${ICON_512_SUFFIX}`, body: large, contentType: 'image/png' },
      { key: `${base}${ICON_192_SUFFIX}`, body: small, contentType: 'image/png' },
    ];
  }
  if (kind === 'favicon') {
    return [
      { key: `branding/favicon_${stamp}.png`, body: await deriveIcon(image, 64), contentType: 'image/png' },
    ];
  }
  const logo = await processImage(image, {
    maxWidth: 512,
    maxHeight: 512,
    quality: 0.9,
    maxBytes: 300 * 1024,
  });
  return [{ key: `branding/logo_${stamp}.webp`, body: logo.buffer, contentType: logo.contentType }];
}

function keysOf(kind: BrandingImage, url: string | null, storage: Storage): string[] {
  if (!url) return [];
  // The URL of any key is a fixed prefix plus the key.
  const prefix = storage.publicUrl('x').slice(0, -1);
  if (!url.startsWith(prefix)) return [];
  const key = url.slice(prefix.length);
  if (kind === 'icon' && key.endsWith(ICON_512_SUFFIX)) {
    return [key, key.slice(0, -ICON_512_SUFFIX.length) + ICON_192_SUFFIX];
  }
  return [key];
}

const COLUMN = { icon: 'iconUrl', logo: 'logoUrl', favicon: 'faviconUrl' } as const;

export type UploadBrandingImageOptions = {
  db: Db;
  kind: BrandingImage;
  image: Buffer;
  actorUserId: string | null;
  storage: Storage;
  now: Date;
  log: FastifyBaseLogger;
};

/** Stores a new icon, logo or favicon; the previous files go after the commit. */
export async function uploadBrandingImage(opts: UploadBrandingImageOptions): Promise<Branding> {
  const { db, storage, kind } = opts;
  const files = await renderBrandingImage(
    kind,
    opts.image,
    `${opts.now.getTime()}_${randomUUID().slice(0, 8)}`,
  );
  const [main] = files;
  if (!main) throw new Error('no branding file rendered');
  for (const file of files) {
    await storage.put(file.key, file.body, { contentType: file.contentType, visibility: 'public' });
  }
  const url = storage.publicUrl(main.key);
  let previous: string | null = null;
  try {
    await db.transaction(async (tx) => {
      const row = await saveBrandingFields({
        db: tx,
        changes: { [COLUMN[kind]]: url },
        actorUserId: opts.actorUserId,
        action: `upload_${kind}`,
        entity: 'pwa_settings',
      });
      previous = row[COLUMN[kind]];
    });
  } catch (err) {
    await Promise.all(files.map((f) => storage.delete(f.key, 'public').catch(() => undefined)));
    throw err;
  }
  for (const key of keysOf(kind, previous, storage)) {
    await storage.delete(key, 'public').catch((err: unknown) => {
      opts.log.warn({ err, key }, 'old branding file could not be deleted');
    });
  }
  return readBranding({ db });
}
