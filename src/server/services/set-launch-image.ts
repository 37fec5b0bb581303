import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { COMPRESSION } from '#shared/constants.ts';
import type { AdminLaunch } from '#shared/setup-api.ts';
import type { Db } from '../db/client.ts';
import { launches } from '../db/schema.ts';
import { writeAudit } from '../lib/audit.ts';
import { problem } from '../lib/errors.ts';
import { processImage } from '../lib/images.ts';
import type { Storage } from '../lib/storage.ts';
import { toAdminLaunch } from './list-launches.ts';

export type SetLaunchImageOptions = {
  db: Db;
  id: string;
  image: Buffer;
  actorUserId: string | null;
  storage: Storage;
  now: Date;
  log: FastifyBaseLogger;
};

/** Re-encodes and stores a launch's picture (docs/product.md section 9's launch preset); the old one goes after commit. */
export async function setLaunchImage(opts: SetLaunchImageOptions): Promise<AdminLaunch> {
  const { db, storage } = opts;
  const [exists] = await db.select({ id: launches.id }).from(launches).where(eq(launches.id, opts.id));
  if (!exists) throw problem('launch_not_found');
  const processed = await processImage(opts.image, COMPRESSION.launch);
  const key = `launch-images/launch_${opts.id}_${opts.now.getTime()}.webp`;
  const stored = await storage.put(key, processed.buffer, {
    contentType: processed.contentType,
    visibility: 'public',
  });

  let previousKey: string | null = null;
  let updated: typeof launches.$inferSelect | undefined;
  try {
    updated = await db.transaction(async (tx) => {
      const [current] = await tx.select().from(launches).where(eq(launches.id, opts.id)).for('update');
      if (!current) throw problem('launch_not_found');
      previousKey = current.imageKey;
      const [row] = await tx
        .update(launches)
        .set({ imageUrl: stored.url ?? storage.publicUrl(key), imageKey: key })
        .where(eq(launches.id, current.id))
        .returning();
      await writeAudit({
        db: tx,
        actorUserId: opts.actorUserId,
        action: 'upload_image',
        entity: 'launch',
        entityId: current.id,
        before: { imageUrl: current.imageUrl },
        after: { imageUrl: row?.imageUrl },
      });
      return row;
    });
  } catch (err) {
    await storage.delete(key, 'public').catch(() => undefined);
    throw err;
  }
  if (!updated) throw problem('launch_not_found');
  const oldKey: string | null = previousKey;
  if (oldKey && oldKey !== key) {
    await storage.delete(oldKey, 'public').catch((err: unknown) => {
      opts.log.warn({ err, key: oldKey }, 'old launch image could not be deleted');
    });
  }
  return toAdminLaunch(updated);
}
