import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { smallBannerKey } from '#shared/banner-images.ts';
import { COMPRESSION } from '#shared/constants.ts';
import type { Banner } from '#shared/schemas.ts';
import type { Db } from '../db/client.ts';
import { banners } from '../db/schema.ts';
import { writeAudit } from '../lib/audit.ts';
import { problem } from '../lib/errors.ts';
import { processImage, processSmallBanner } from '../lib/images.ts';
import type { Storage } from '../lib/storage.ts';
import { bannerColumns } from './list-banners.ts';

export type UploadBannerOptions = {
  db: Db;
  image: Buffer;
  showOnDesktop: boolean;
  showOnMobile: boolean;
  actorUserId: string | null;
  storage: Storage;
  now: Date;
};

/**
 * Re-encodes the upload (docs/product.md section 9's banner preset), stores it publicly and adds it
 * as 'Banner N' at display order N, where N is the count plus one (docs/product.md section 2).
 */
export async function uploadBanner(opts: UploadBannerOptions): Promise<Banner> {
  const { db } = opts;
  if (!opts.showOnDesktop && !opts.showOnMobile) throw problem('banner_placement_required');
  const processed = await processImage(opts.image, COMPRESSION.banner);
  const small = await processSmallBanner(opts.image, processed);
  const key = `banners/banner_${randomUUID()}_${opts.now.getTime()}.webp`;
  const smallKey = smallBannerKey(key);
  if (!smallKey) throw new Error(`banner key ${key} has no small sibling`);
  // Both files are up before the row is visible, so GET /api/banners never names a missing one.
  const written: string[] = [];
  let stored: { url: string | null };
  try {
    await opts.storage.put(smallKey, small.buffer, { contentType: small.contentType, visibility: 'public' });
    written.push(smallKey);
    stored = await opts.storage.put(key, processed.buffer, {
      contentType: processed.contentType,
      visibility: 'public',
    });
    written.push(key);
  } catch (err) {
    await removeFiles(opts.storage, written);
    throw err;
  }
  try {
    return await db.transaction(async (tx) => {
      // Two uploads at once must not both become 'Banner 3'.
      await tx.execute(sql`LOCK TABLE banners IN SHARE ROW EXCLUSIVE MODE`);
      const [{ count } = { count: 0 }] = await tx.select({ count: sql<number>`count(*)::int` }).from(banners);
      const n = count + 1;
      const [created] = await tx
        .insert(banners)
        .values({
          title: `Banner ${n}`,
          imageUrl: stored.url ?? opts.storage.publicUrl(key),
          imageKey: key,
          displayOrder: n,
          isActive: true,
          showOnDesktop: opts.showOnDesktop,
          showOnMobile: opts.showOnMobile,
        })
        .returning(bannerColumns);
      if (!created) throw new Error('banner insert returned nothing');
      await writeAudit({
        db: tx,
        actorUserId: opts.actorUserId,
        action: 'create',
        entity: 'banner',
        entityId: created.id,
        after: created,
      });
      return created;
    });
  } catch (err) {
    // No row points at the files: do not leave them behind.
    await removeFiles(opts.storage, written);
    throw err;
  }
}

async function removeFiles(storage: Storage, keys: readonly string[]): Promise<void> {
  await Promise.allSettled(keys.map((key) => storage.delete(key, 'public')));
}
