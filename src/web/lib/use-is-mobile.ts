import { useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT_PX } from '#shared/public-constants.ts';

function subscribe(onChange: () => void) {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

// docs/product.md: "mobile" means a viewport under 768 px wide. innerWidth counts the scrollbar
// the same way CSS media queries do, so this agrees with the md: breakpoint.
export const isMobileViewport = (): boolean => window.innerWidth < MOBILE_BREAKPOINT_PX;

export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, isMobileViewport, () => false);
}
