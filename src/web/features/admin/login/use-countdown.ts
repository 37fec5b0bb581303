import { useEffect, useState } from 'react';

const TICK_MS = 250;

/**
 * Seconds left of a countdown that starts on mount and stops at 0. Counted from the start time
 * rather than by chained timers, so a busy or throttled tab never makes it run slow.
 */
export function useCountdown(seconds: number): number {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    const start = Date.now();
    const timer = setInterval(() => {
      const next = Math.max(0, seconds - Math.floor((Date.now() - start) / 1_000));
      setLeft(next);
      if (next === 0) clearInterval(timer);
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [seconds]);
  return left;
}
