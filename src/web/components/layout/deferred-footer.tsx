import { lazy, type Ref, Suspense, useEffect, useRef, useState } from 'react';

const SiteFooter = lazy(() => import('./site-footer.tsx').then((m) => ({ default: m.SiteFooter })));

/**
 * The footer, fetched once it comes into view: a first screen that has no room for it does not
 * wait for its code or its texts. Only its place on the page decides, never a tap or a key: a
 * footer mounting in the middle of a click could cost that click on a slow phone. While it loads,
 * its slot keeps its place: a page scrolled to the bottom that lost the slot's height would scroll
 * back by it, and move the button under a finger that was already coming down.
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
    <Suspense fallback={<FooterSlot />}>
      <SiteFooter />
    </Suspense>
  ) : (
    <FooterSlot ref={slot} />
  );
}

/** As tall as the footer's own top margin and more, so the footer only ever grows the page. */
function FooterSlot({ ref }: { ref?: Ref<HTMLDivElement> }) {
  return <div ref={ref} className="mt-16 h-px" />;
}
