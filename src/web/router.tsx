import type { ComponentType } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { AppShell } from './components/layout/app-shell.tsx';
import { PageLoading, PublicLayout } from './components/layout/public-layout.tsx';
import { RouteError } from './components/layout/route-error.tsx';
import { preloadFirstBanner } from './lib/banner-slides.ts';
import { bannersQuery } from './lib/public-queries.ts';
import { queryClient } from './lib/query-client.ts';
import { isMobileViewport } from './lib/use-is-mobile.ts';

type PageModule = { default: ComponentType };

/** Every page is its own chunk, so a visitor downloads only the screen they open (admin code never). */
const page = (load: () => Promise<PageModule>): RouteObject['lazy'] => {
  return async () => ({ Component: (await load()).default });
};

const adminPages: RouteObject[] = [
  { path: 'dashboard', lazy: page(() => import('./pages/admin/dashboard.tsx')) },
  { path: 'banners', lazy: page(() => import('./pages/admin/banners.tsx')) },
  { path: 'schedule', lazy: page(() => import('./pages/admin/schedule.tsx')) },
  { path: 'ticketing', lazy: page(() => import('./pages/admin/ticketing.tsx')) },
  { path: 'tickets', lazy: page(() => import('./pages/admin/tickets.tsx')) },
  { path: 'launches', lazy: page(() => import('./pages/admin/launches.tsx')) },
  { path: 'locations', lazy: page(() => import('./pages/admin/locations.tsx')) },
  { path: 'payments', lazy: page(() => import('./pages/admin/payments.tsx')) },
  { path: 'pwa-settings', lazy: page(() => import('./pages/admin/pwa-settings.tsx')) },
  { path: 'settings', lazy: page(() => import('./pages/admin/settings.tsx')) },
];

export const routes: RouteObject[] = [
  {
    Component: AppShell,
    ErrorBoundary: RouteError,
    // Blank while a page without a closer fallback loads its code (the admin area).
    HydrateFallback: () => null,
    children: [
      {
        Component: PublicLayout,
        children: [
          {
            // Keeps header and footer on screen while the first page's chunk loads.
            Component: Outlet,
            HydrateFallback: PageLoading,
            children: [
              {
                index: true,
                // Start the banner request alongside the page chunk instead of after it, and the
                // first banner's image as soon as the list arrives. A failed request is the
                // carousel's to show.
                loader: () => {
                  queryClient
                    .fetchQuery(bannersQuery)
                    .then((banners) => preloadFirstBanner(banners, isMobileViewport()))
                    .catch(() => undefined);
                  return null;
                },
                lazy: page(() => import('./pages/home.tsx')),
              },
              { path: 'booking', lazy: page(() => import('./pages/booking.tsx')) },
              { path: 'bookings', lazy: page(() => import('./pages/check-booking.tsx')) },
              { path: '*', lazy: page(() => import('./pages/not-found.tsx')) },
            ],
          },
        ],
      },
      { path: 'admin/login', lazy: page(() => import('./pages/admin/login.tsx')) },
      {
        path: 'admin',
        lazy: page(() => import('./pages/admin/layout.tsx')),
        children: [{ index: true, lazy: page(() => import('./pages/admin/dashboard.tsx')) }, ...adminPages],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
