import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { smallBannerKey } from '#shared/banner-images.ts';
import { COMPRESSION } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';
import type { Banner } from '#shared/schemas.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { banners } from '../db/schema.ts';
import { writeAudit } from '../lib/audit.ts';
import { AppError } from '../lib/errors.ts';
import { processImage, processSmallBanner } from '../lib/images.ts';
import type { Storage } from '../lib/storage.ts';

const columns = {
  id: banners.id,
  title: banners.title,
  imageUrl: banners.imageUrl,
  displayOrder: banners.displayOrder,
  isActive: banners.isActive,
  showOnMobile: banners.showOnMobile,
  showOnDesktop: banners.showOnDesktop,
};

/** Every banner, active or not, in display order (SPEC.md section 7). */
export function listBanners(db: DbOrTx): Promise<Banner[]> {
  return db.select(columns).from(banners).orderBy(asc(banners.displayOrder), asc(banners.createdAt));
}

/**
 * Re-encodes the upload (SPEC.md section 9's banner preset), stores it publicly and adds it
 * as 'Banner N' at display order N, where N is the count plus one (SPEC.md section 2).
 */
export async function uploadBanner(
  db: Db,
  opts: {
    image: Buffer;
    showOnDesktop: boolean;
    showOnMobile: boolean;
    actorUserId: string | null;
    storage: Storage;
    now: Date;
  },
): Promise<Banner> {
  if (!opts.showOnDesktop && !opts.showOnMobile) {
    throw new AppError('banner_placement_required', MSG.bannerPlacement, 400);
  }
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
        .returning(columns);
      if (!created) throw new Error('banner insert returned nothing');
      await writeAudit(tx, {
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

/** Deletes a banner and then its file; a storage failure is only logged (SPEC.md section 7). */
export async function deleteBanner(
  db: Db,
  opts: { id: string; actorUserId: string | null; storage: Storage; log: FastifyBaseLogger },
): Promise<void> {
  const imageKey = await db.transaction(async (tx) => {
    const [row] = await tx.delete(banners).where(eq(banners.id, opts.id)).returning();
    if (!row) throw new AppError('banner_not_found', MSG.bannerNotFound, 404);
    await writeAudit(tx, {
      actorUserId: opts.actorUserId,
      action: 'delete',
      entity: 'banner',
      entityId: row.id,
      before: { title: row.title, imageUrl: row.imageUrl },
    });
    return row.imageKey;
  });
  if (!imageKey) return;
  // A banner stored before small siblings existed has none; deleting a missing key is no error.
  for (const key of bannerFileKeys(imageKey)) {
    await opts.storage.delete(key, 'public').catch((err: unknown) => {
      opts.log.warn({ err, key }, 'banner file could not be deleted');
    });
  }
}

/** A banner's stored files: the image and, when the key has the usual shape, its small sibling. */
function bannerFileKeys(imageKey: string): string[] {
  const small = smallBannerKey(imageKey);
  return small ? [imageKey, small] : [imageKey];
}

async function removeFiles(storage: Storage, keys: readonly string[]): Promise<void> {
  await Promise.allSettled(keys.map((key) => storage.delete(key, 'public')));
}
