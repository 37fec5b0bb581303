import { keepFilesOffline } from '#web/lib/keep-offline.ts';
import { loadZxing, nativeQrDetector } from './qr-reader.ts';

/** The cache of staff screens' code (src/web/sw.ts): filled only after a staff sign-in. */
export const STAFF_CACHE = 'staff';

/**
 * The QR reader's files, loaded now (not when the camera starts), so they are kept even when
 * the camera was never started online: its code and, named explicitly, its WebAssembly. None
 * where the platform reads QR codes itself.
 */
async function scannerFiles(): Promise<string[]> {
  try {
    if (await nativeQrDetector()) return [];
    const [, { default: wasmUrl }] = await loadZxing();
    return [wasmUrl];
  } catch {
    // Not loaded (the network went meanwhile): the next opening online keeps it.
    return [];
  }
}

/**
 * Keeps the boarding screen's files (its code, the QR reader's code and WebAssembly) for a
 * reload at a jetty with no signal. Called by the boarding screen while online, which only a
 * signed-in person reaches, so none of it is in the public precache.
 */
export async function keepBoardingOffline(): Promise<void> {
  if (!navigator.onLine) return;
  await keepFilesOffline(STAFF_CACHE, await scannerFiles());
}
