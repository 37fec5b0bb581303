import type { WebManifest } from '#shared/schemas.ts';
import type { DbOrTx } from '../db/client.ts';
import { ICON_192_SUFFIX, ICON_512_SUFFIX } from '../lib/images.ts';
import { readBranding } from './read-branding.ts';

export type ReadWebManifestOptions = { db: DbOrTx };

/** The web app manifest, made from the branding the operator edits at run time (docs/decisions/001-stack-and-layout.md, PWA). */
export async function readWebManifest({ db }: ReadWebManifestOptions): Promise<WebManifest> {
  const b = await readBranding({ db });
  // An uploaded icon is stored at 512 px with a 192 px sibling (services/upload-branding-image.ts).
  const icons = b.iconUrl
    ? [
        {
          src: b.iconUrl.endsWith(ICON_512_SUFFIX)
            ? b.iconUrl.slice(0, -ICON_512_SUFFIX.length) + ICON_192_SUFFIX
            : b.iconUrl,
          sizes: '192x192',
          type: 'image/png',
          purpose: 'any',
        },
        { src: b.iconUrl, sizes: '512x512', type: 'image/png', purpose: 'any' },
      ]
    : [{ src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }];
  return {
    name: b.appName,
    short_name: b.shortName,
    description: 'Book inter-island ferry seats and check your booking.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: b.themeColor,
    background_color: b.backgroundColor,
    icons,
  };
}
