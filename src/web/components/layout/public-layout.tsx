import { type ReactNode, useEffect, useRef } from 'react';
import { useTexts } from '#web/i18n/texts.tsx';
import { usePathname } from '#web/lib/navigation.tsx';
import { DeferredFooter } from './deferred-footer.tsx';
import { SiteHeader } from './site-header.tsx';

export const MAIN_ID = 'main';

export function PublicLayout({ children }: { children: ReactNode }) {
  const t = useTexts('common');
  const pathname = usePathname();
  const mainRef = useRef<HTMLElement>(null);
  const firstPath = useRef(pathname);

  // After a client-side navigation, screen reader and keyboard users start at the new content
  // instead of staying on the link they used; the first load keeps the browser's own behaviour.
  useEffect(() => {
    if (pathname === firstPath.current) return;
    firstPath.current = '';
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  // Header and page fill the screen; the footer starts below it, and loads when it is reached.
  return (
    <>
      <div className="flex min-h-dvh flex-col">
        <a
          href={`#${MAIN_ID}`}
          className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-sky-800 shadow-lg focus:not-sr-only focus:fixed focus:start-3 focus:top-3"
        >
          {t('common.skipToContent')}
        </a>
        <SiteHeader />
        <main id={MAIN_ID} ref={mainRef} tabIndex={-1} className="flex-1 outline-none">
          {children}
        </main>
      </div>
      <DeferredFooter />
    </>
  );
}

/** Holds the page area open while the first page's code loads, so the footer never jumps into view. */
export function PageLoading() {
  return <div aria-busy="true" className="min-h-dvh" />;
}
