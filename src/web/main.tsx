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

// Every screen shows the app name: ask for it before the first page's code arrives.
void queryClient.prefetchQuery(brandingQuery);
// The home page's banners (and the first one's image) load alongside its code, not after it. A
// failed request is the carousel's to show.
// Likewise the booking wizard's first step asks for the stops and the prices' settings.
if (window.location.pathname === '/booking') {
  void queryClient.prefetchQuery(locationsQuery);
  void queryClient.prefetchQuery(publicSettingsQuery);
}
if (window.location.pathname === '/') {
  queryClient
    .fetchQuery(bannersQuery)
    .then(async (banners) => {
      const { preloadFirstBanner } = await import('./lib/banner-slides.ts');
      preloadFirstBanner(banners, isMobileViewport());
    })
    .catch(() => undefined);
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// A transition lets React render the first screen in slices, yielding to the browser between
// them, instead of one long task that blocks input while a slow phone builds the page.
// The passenger's language first (its texts, for Dhivehi a download of their own), then the app.
void startLanguage().then(() =>
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
