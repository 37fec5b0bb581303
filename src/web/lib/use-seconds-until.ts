import { useEffect, useState } from 'react';

/**
 * Whole seconds left until the instant `until` (ms since the epoch), counting down each second
 * while the component shows it; 0 once it has passed or when there is none. The cooldown before
 * another e-mailed code may be asked for (the booking wizard, the manage page).
 */
export function useSecondsUntil(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null || until <= Date.now()) return;
    setNow(Date.now());
    const timer = setInterval(() => {
      setNow(Date.now());
      if (Date.now() >= until) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
}
