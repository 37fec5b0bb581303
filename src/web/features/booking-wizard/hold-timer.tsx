import { Timer } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { cn } from '#web/lib/utils.ts';

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

const mmss = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

export function HoldTimer({ secondsLeft }: { secondsLeft: number }) {
  const urgent = secondsLeft <= 60;
  return (
    <div
      className={cn(
        'flex items-center gap-2 rounded-lg border px-3 py-2 text-sm font-medium',
        urgent ? 'border-red-300 bg-red-50 text-red-900' : 'border-amber-300 bg-amber-50 text-amber-900',
      )}
    >
      <Timer aria-hidden="true" className="size-4" />
      <span>
        Seats held for <span className="font-mono tabular-nums">{mmss(secondsLeft)}</span>
      </span>
    </div>
  );
}
