import { useEffect, useRef, useState } from 'react';

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
