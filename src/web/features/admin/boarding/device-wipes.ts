import { useEffect } from 'react';

/** How often an open admin screen drops the departures more than 24 hours gone. */
const EXPIRY_EVERY_MS = 10 * 60_000;

// Loaded when first needed: most admin screens never board.
const store = () => import('./device-store.ts');

/**
 * The passengers this device kept go (any 401 in the admin area, a session found ended);
 * boardings not yet sent stay, to be sent at the next sign-in.
 */
export function wipeBoardingDevice(): void {
  void store()
    .then((s) => s.wipeManifests())
    .catch(() => {
      // No IndexedDB here (a private window): nothing was kept.
    });
}

/**
 * At the admin area's start and then on a timer, whichever screen is open: a departure's copy
 * goes 24 hours after it left, even on a device that never opens the boarding screen again.
 */
export function useBoardingExpiry(): void {
  useEffect(() => {
    const run = () =>
      void store()
        .then((s) => s.wipeExpired())
        .catch(() => {
          // No IndexedDB here: nothing was kept.
        });
    run();
    const timer = window.setInterval(run, EXPIRY_EVERY_MS);
    return () => window.clearInterval(timer);
  }, []);
}
