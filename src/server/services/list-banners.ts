import { asc } from 'drizzle-orm';
import type { Banner } from '#shared/schemas.ts';
import type { DbOrTx } from '../db/client.ts';
import { banners } from '../db/schema.ts';

export const bannerColumns = {
  id: banners.id,
  title: banners.title,
  imageUrl: banners.imageUrl,
  displayOrder: banners.displayOrder,
  isActive: banners.isActive,
  showOnMobile: banners.showOnMobile,
  showOnDesktop: banners.showOnDesktop,
};

export type ListBannersOptions = { db: DbOrTx };

/** Every banner, active or not, in display order (docs/product.md section 7): the admin's list. */
export function listBanners({ db }: ListBannersOptions): Promise<Banner[]> {
  return db.select(bannerColumns).from(banners).orderBy(asc(banners.displayOrder), asc(banners.createdAt));
}
