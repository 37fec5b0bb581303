import './styles.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './i18n/common.ts';
import { startLanguage } from './i18n/language.ts';
import { publicSettingsQuery } from './lib/operator-time-zone.ts';
import { bannersQuery, brandingQuery, locationsQuery } from './lib/public-queries.ts';
import { queryClient } from './lib/query-client.ts';
import { isMobileViewport } from './lib/use-is-mobile.ts';
import { AppRoutes } from './router.tsx';

const path = window.location.pathname;
/** What the first screen shows from the API, asked for before the first page's code arrives. */
const firstScreen: Promise<unknown>[] = [
  // Every screen shows the app name.
  queryClient.prefetchQuery(brandingQuery),
];
// The trip search (on the home page and the booking wizard's first step) needs the stops and
// the prices' settings.
if (path === '/booking' || path === '/') {
  firstScreen.push(queryClient.prefetchQuery(locationsQuery), queryClient.prefetchQuery(publicSettingsQuery));
}
// The home page's banners, and the first one's image. A failed request is the carousel's to show.
if (path === '/') {
  firstScreen.push(
    queryClient
      .fetchQuery(bannersQuery)
      .then(async (banners) => {
        const { preloadFirstBanner } = await import('./lib/banner-slides.ts');
        preloadFirstBanner(banners, isMobileViewport());
      })
      .catch(() => undefined),
  );
}
/**
 * How long the first render waits for that data. An answer that lands in the middle of the
 * sliced first render makes React render the whole page again in one long task, to keep it
 * consistent with the query cache; a slow answer is not worth a blank page, though.
 */
const FIRST_SCREEN_WAIT_MS = 1500;
const firstScreenData = Promise.race([
  Promise.all(firstScreen),
  new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS)),
]);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// A transition lets React render the first screen in slices, yielding to the browser between
// them, instead of one long task that blocks input while a slow phone builds the page.
// The passenger's language first (its texts, for Dhivehi a download of their own) and the first
// screen's data, then the app.
void Promise.all([startLanguage(), firstScreenData]).then(() =>
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <AppRoutes />
        </QueryClientProvider>
      </StrictMode>,
    );
  }),
);

// The offline shell (src/web/sw.ts), registered once the page has loaded so it never competes
// with the first screen for the network. Production builds only: `npm run dev` has no worker.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    void navigator.serviceWorker.register('/sw.js');
  });
}
