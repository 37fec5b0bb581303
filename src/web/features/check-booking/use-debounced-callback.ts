import { useCallback, useEffect, useRef } from 'react';

/**
 * Runs `callback` once `delayMs` after the last `schedule` call; `cancel` drops a pending run.
 * Typing schedules, so a lookup is sent when typing stops rather than on every keystroke.
 */
export function useDebouncedCallback<Args extends unknown[]>(
  callback: (...args: Args) => void,
  delayMs: number,
) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  }, [callback]);

  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
  }, []);

  const schedule = useCallback(
    (...args: Args) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = undefined;
        latest.current(...args);
      }, delayMs);
    },
    [delayMs],
  );

  useEffect(() => cancel, [cancel]);
  return { schedule, cancel };
}
