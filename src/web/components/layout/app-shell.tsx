import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useSyncExternalStore } from 'react';
import { lastNavigationType, usePathname } from '#web/lib/navigation.tsx';
import { brandingQuery } from '#web/lib/public-queries.ts';
import { markToasterMounted, subscribeToaster, toasterRequested } from '#web/lib/toast.ts';

// The toaster mounts with the first toast (#web/lib/toast.ts), never for the first paint.
const Toaster = lazy(() =>
  import('sonner').then((m) => ({
    default: function MountedToaster() {
      useEffect(markToasterMounted, []);
      return <m.Toaster position="top-center" richColors closeButton />;
    },
  })),
);

function setHeadLink(rel: string, href: string) {
  const link = document.head.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`);
  if (link && link.getAttribute('href') !== href) {
    link.removeAttribute('type');
    link.href = href;
  }
}

/** Applies the admin's branding (docs/product.md pwa_settings) to the browser chrome. */
function useBrandingInHead() {
  const { data } = useQuery(brandingQuery);
  useEffect(() => {
    if (!data) return;
    document.head.querySelector('meta[name="theme-color"]')?.setAttribute('content', data.themeColor);
    if (data.faviconUrl) setHeadLink('icon', data.faviconUrl);
    if (data.iconUrl) setHeadLink('apple-touch-icon', data.iconUrl);
  }, [data]);
}

/** A new page opens at its top; back and forward keep the browser's own scroll restoration. */
function useScrollToTopOnNavigate() {
  const pathname = usePathname();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page changes only.
  useEffect(() => {
    if (lastNavigationType() !== 'pop') window.scrollTo(0, 0);
  }, [pathname]);
}

export function AppShell({ children }: { children: ReactNode }) {
  useBrandingInHead();
  useScrollToTopOnNavigate();
  const toasts = useSyncExternalStore(subscribeToaster, toasterRequested);
  return (
    <>
      {children}
      {toasts && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </>
  );
}
