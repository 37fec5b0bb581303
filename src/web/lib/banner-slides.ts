import { BANNER_SMALL_WIDTH } from '#shared/banner-images.ts';
import type { Banner } from '#shared/schemas.ts';

/** docs/product.md banner carousel: the active banners for this device class, by display order. */
export function bannerSlides(banners: readonly Banner[], isMobile: boolean): Banner[] {
  return banners
    .filter((b) => b.isActive && (isMobile ? b.showOnMobile : b.showOnDesktop))
    .sort((a, b) => a.displayOrder - b.displayOrder);
}

// Recommended upload sizes (docs/product.md banner management); the carousel's boxes take their aspect
// ratio from them, and `srcset` their width, since the stored width itself is not in the API.
export const BANNER_IMAGE_SIZE = {
  mobile: { width: 1080, height: 1080 },
  desktop: { width: 1920, height: 1080 },
} as const;

// The carousel's width: the page container (max-w-6xl, px-4 then sm:px-6) minus its padding.
const BANNER_SIZES = '(min-width: 1200px) 1152px, (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)';

export type BannerImage = { src: string; srcSet?: string; sizes?: string };

/**
 * What the carousel's <img> loads: with a small sibling, a `srcset` so a phone downloads the
 * small file; without one (a banner stored before siblings existed), the image alone.
 */
export function bannerImage(banner: Banner, isMobile: boolean): BannerImage {
  if (!banner.smallImageUrl) return { src: banner.imageUrl };
  const full = isMobile ? BANNER_IMAGE_SIZE.mobile : BANNER_IMAGE_SIZE.desktop;
  return {
    src: banner.imageUrl,
    srcSet: `${banner.smallImageUrl} ${BANNER_SMALL_WIDTH}w, ${banner.imageUrl} ${full.width}w`,
    sizes: BANNER_SIZES,
  };
}

/**
 * Starts the first banner's download as soon as the banner list arrives, while the home page's
 * code is still loading and rendering: it is the largest thing on a phone's first screen. The
 * preload carries the <img>'s own srcset and sizes, so the browser picks the same file for both.
 */
export function preloadFirstBanner(banners: readonly Banner[], isMobile: boolean): void {
  const first = bannerSlides(banners, isMobile)[0];
  if (!first) return;
  const image = bannerImage(first, isMobile);
  const already = [
    ...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]'),
  ].some(
    (l) => l.href === new URL(image.src, document.baseURI).href && l.imageSrcset === (image.srcSet ?? ''),
  );
  if (already) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = image.src;
  if (image.srcSet && image.sizes) {
    link.imageSrcset = image.srcSet;
    link.imageSizes = image.sizes;
  }
  link.fetchPriority = 'high';
  document.head.append(link);
}
