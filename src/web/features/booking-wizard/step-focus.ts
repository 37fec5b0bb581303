import { createContext, type RefObject, useContext, useEffect } from 'react';

/** True once the passenger has moved between steps; the first screen of a visit keeps its focus. */
export const StepMovedContext = createContext(false);

/**
 * A new step replaces the content under the passenger's finger: bring its heading into view and
 * give it focus, so screen readers announce where they are.
 */
export function useFocusOnStepChange(heading: RefObject<HTMLElement | null>) {
  const moved = useContext(StepMovedContext);
  useEffect(() => {
    if (!moved) return;
    document.getElementById('booking-wizard')?.scrollIntoView({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, [moved, heading]);
}
