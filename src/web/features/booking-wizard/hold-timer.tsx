import { useEffect, useRef, useState } from 'react';
import { SEAT_HOLD_SECONDS } from '#shared/public-constants.ts';
import type { WizardState } from './wizard-state.ts';

/** Epoch ms when the seat hold ends: the earlier of the own 15-minute timer and the server's lock (rule 8.1). */
export function holdDeadline(state: WizardState): number | null {
  if (state.timerStartTime === null) return null;
  const own = state.timerStartTime + SEAT_HOLD_SECONDS * 1000;
  const server = state.lockedUntil ? Date.parse(state.lockedUntil) : Number.NaN;
  return Number.isNaN(server) ? own : Math.min(own, server);
}

/** Seconds left until `deadline` (epoch ms), ticking each second; calls onExpire once at zero. */
export function useCountdown(deadline: number | null, onExpire: () => void): number | null {
  const [now, setNow] = useState(() => Date.now());
  const expire = useRef(onExpire);
  expire.current = onExpire;
  const fired = useRef<number | null>(null);

  useEffect(() => {
    if (deadline === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [deadline]);

  const left = deadline === null ? null : Math.max(0, Math.ceil((deadline - now) / 1000));
  useEffect(() => {
    if (left === 0 && deadline !== null && fired.current !== deadline) {
      fired.current = deadline;
      expire.current();
    }
  }, [left, deadline]);
  return left;
}
