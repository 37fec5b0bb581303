import { lazy, Suspense, useEffect, useRef, useState } from 'react';

const SiteFooter = lazy(() => import('./site-footer.tsx').then((m) => ({ default: m.SiteFooter })));

/**
 * The footer, fetched once it comes into view: a first screen that has no room for it does not
 * wait for its code or its texts. Only its place on the page decides, never a tap or a key: a
 * footer mounting in the middle of a click could cost that click on a slow phone.
 */
export function DeferredFooter() {
  const slot = useRef<HTMLDivElement>(null);
  const [wanted, setWanted] = useState(false);

  useEffect(() => {
    if (wanted || !slot.current) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setWanted(true);
    });
    observer.observe(slot.current);
    return () => observer.disconnect();
  }, [wanted]);

  return wanted ? (
    <Suspense fallback={null}>
      <SiteFooter />
    </Suspense>
  ) : (
    <div ref={slot} className="mt-16 h-px" />
  );
}
