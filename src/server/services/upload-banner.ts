import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { COMPRESSION } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';
import type { Banner } from '#shared/schemas.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { banners } from '../db/schema.ts';
import { writeAudit } from '../lib/audit.ts';
import { AppError } from '../lib/errors.ts';
import { processImage } from '../lib/images.ts';
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
  const key = `banners/banner_${randomUUID()}_${opts.now.getTime()}.webp`;
  const stored = await opts.storage.put(key, processed.buffer, {
    contentType: processed.contentType,
    visibility: 'public',
  });
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
    // No row points at the file: do not leave it behind.
    await opts.storage.delete(key, 'public').catch(() => undefined);
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
  if (imageKey) {
    await opts.storage.delete(imageKey, 'public').catch((err: unknown) => {
      opts.log.warn({ err, key: imageKey }, 'banner file could not be deleted');
    });
  }
}
