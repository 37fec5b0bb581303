import { keepFilesOffline } from '#web/lib/keep-offline.ts';

/** The cache of staff screens' code (src/web/sw.ts): filled only after a staff sign-in. */
export const STAFF_CACHE = 'staff';

/**
 * Keeps the boarding screen's files (its code, the QR reader's WebAssembly) for a reload at a
 * jetty with no signal. Called by the boarding screen, which only a signed-in person reaches,
 * so none of it is in the public precache.
 */
export function keepBoardingOffline(): Promise<void> {
  return keepFilesOffline(STAFF_CACHE);
}
