// A banner is stored at up to 1920 px wide (docs/product.md section 9's banner preset) with a small
// sibling for phones, whose key (and so URL) swaps the extension for this suffix. Banners
// stored before the sibling existed have none, so the API only names it when it is there.

/** The small sibling's width in px; an image narrower than this is never enlarged. */
// 720 px covers a 360-412 px wide phone screen at up to 1.75-2x density.
export const BANNER_SMALL_WIDTH = 720;
const BANNER_SMALL_SUFFIX = `-${BANNER_SMALL_WIDTH}w.webp`;

const FULL_EXTENSION = '.webp';

/**
 * The small sibling of a banner's key or URL (`banners/banner_<id>_<stamp>.webp` gives
 * `banners/banner_<id>_<stamp>-720w.webp`); null for anything that is not a full-size banner.
 */
export function smallBannerKey(key: string): string | null {
  if (!key.endsWith(FULL_EXTENSION) || key.endsWith(BANNER_SMALL_SUFFIX)) return null;
  return key.slice(0, -FULL_EXTENSION.length) + BANNER_SMALL_SUFFIX;
}
