import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { smallBannerKey } from '#shared/banner-images.ts';
import type { Db } from '../db/client.ts';
import { banners } from '../db/schema.ts';
import { writeAudit } from '../lib/audit.ts';
import { problem } from '../lib/errors.ts';
import type { Storage } from '../lib/storage.ts';

export type DeleteBannerOptions = {
  db: Db;
  id: string;
  actorUserId: string | null;
  storage: Storage;
  log: FastifyBaseLogger;
};

/** Deletes a banner and then its file; a storage failure is only logged (docs/product.md section 7). */
export async function deleteBanner(opts: DeleteBannerOptions): Promise<void> {
  const imageKey = await opts.db.transaction(async (tx) => {
    const [row] = await tx.delete(banners).where(eq(banners.id, opts.id)).returning();
    if (!row) throw problem('banner_not_found');
    await writeAudit({
      db: tx,
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
