import { lazy, Suspense, useEffect, useRef, useState } from 'react';

const SiteFooter = lazy(() => import('./site-footer.tsx').then((m) => ({ default: m.SiteFooter })));

/** What shows that the reader goes on past the first screen. */
const INTERACTIONS = ['scroll', 'keydown', 'pointerdown', 'touchstart', 'wheel'] as const;

/**
 * The footer, fetched once it comes into view or the reader does anything (scrolls, types,
 * touches): a first screen that has no room for it does not wait for its code or its texts.
 */
export function DeferredFooter() {
  const slot = useRef<HTMLDivElement>(null);
  const [wanted, setWanted] = useState(false);

  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && want());
    if (slot.current) observer.observe(slot.current);
    for (const type of INTERACTIONS) window.addEventListener(type, want, { once: true, passive: true });
    return () => {
      observer.disconnect();
      for (const type of INTERACTIONS) window.removeEventListener(type, want);
    };
  }, [wanted]);

  return wanted ? (
    <Suspense fallback={null}>
      <SiteFooter />
    </Suspense>
  ) : (
    <div ref={slot} className="mt-16 h-px" />
  );
}
