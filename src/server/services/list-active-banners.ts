import { asc, eq } from 'drizzle-orm';
import { smallBannerKey } from '#shared/banner-images.ts';
import type { Banner } from '#shared/schemas.ts';
import type { DbOrTx } from '../db/client.ts';
import { banners } from '../db/schema.ts';
import type { Storage } from '../lib/storage.ts';
import { bannerColumns } from './list-banners.ts';

/**
 * Whether a banner's small sibling is stored, asked of storage once per banner key. Both files
 * go up before the banner's row is visible and a key is never reused, so the answer cannot
 * change while the row exists; banners stored before siblings existed simply answer no.
 * A storage error is not remembered, so the next request asks again.
 */
const smallBannerAnswers = new WeakMap<Storage, Map<string, Promise<boolean>>>();

function hasSmallBanner(storage: Storage, imageKey: string): Promise<boolean> {
  const known = smallBannerAnswers.get(storage) ?? new Map<string, Promise<boolean>>();
  smallBannerAnswers.set(storage, known);
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
}

export type ListActiveBannersOptions = {
  db: DbOrTx;
  storage: Storage;
};

/**
 * GET /api/banners: the active banners in display order, each with its small sibling's URL
 * when one is stored (for `srcset` on small screens).
 */
export async function listActiveBanners({ db, storage }: ListActiveBannersOptions): Promise<Banner[]> {
  const rows = await db
    .select({ ...bannerColumns, imageKey: banners.imageKey })
    .from(banners)
    .where(eq(banners.isActive, true))
    .orderBy(asc(banners.displayOrder), asc(banners.createdAt));
  return Promise.all(
    rows.map(async ({ imageKey, ...banner }) => {
      const smallImageUrl = smallBannerKey(banner.imageUrl);
      return smallImageUrl && imageKey && (await hasSmallBanner(storage, imageKey))
        ? { ...banner, smallImageUrl }
        : banner;
    }),
  );
}
