import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { brandingQuery } from '../../lib/public-queries.ts';

// Toasts answer user actions, never the first paint: their code loads once the page is idle,
// which keeps it out of the first-load JavaScript budget (ARCHITECTURE.md section 6).
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

function useWhenIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(() => setIdle(true), { timeout: 3_000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(() => setIdle(true), 1_500);
    return () => clearTimeout(timer);
  }, []);
  return idle;
}

function setHeadLink(rel: string, href: string) {
  const link = document.head.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`);
  if (link && link.getAttribute('href') !== href) {
    link.removeAttribute('type');
    link.href = href;
  }
}

/** Applies the admin's branding (SPEC.md pwa_settings) to the browser chrome. */
function useBrandingInHead() {
  const { data } = useQuery(brandingQuery);
  useEffect(() => {
    if (!data) return;
    document.head.querySelector('meta[name="theme-color"]')?.setAttribute('content', data.themeColor);
    if (data.faviconUrl) setHeadLink('icon', data.faviconUrl);
    if (data.iconUrl) setHeadLink('apple-touch-icon', data.iconUrl);
  }, [data]);
}

export function AppShell() {
  useBrandingInHead();
  const idle = useWhenIdle();
  return (
    <>
      <Outlet />
      <ScrollRestoration />
      {idle && (
        <Suspense fallback={null}>
          <Toaster position="top-center" richColors closeButton />
        </Suspense>
      )}
    </>
  );
}
