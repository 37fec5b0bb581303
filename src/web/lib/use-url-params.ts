import { useEffect, useRef } from 'react';
import { useSearchParams } from '#web/lib/navigation.tsx';

export type ParamChanges = Record<string, string | null | undefined>;

/**
 * The page's search parameters, and a setter that changes some of them and keeps the rest.
 *
 * The router's parameters are those of the last render; a second change made before the first
 * has rendered (a date picked right after a search settled, on a busy phone) would otherwise
 * start from them and silently drop the first. This setter starts from the last parameters it
 * asked for until the router has rendered them.
 */
export function useUrlParams() {
  const [params, setParams] = useSearchParams();
  const asked = useRef<URLSearchParams | null>(null);

  useEffect(() => {
    if (asked.current?.toString() === params.toString()) asked.current = null;
  }, [params]);

  const update = (changes: ParamChanges, options: { replace?: boolean } = { replace: true }) => {
    const next = new URLSearchParams(asked.current ?? params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    asked.current = next;
    setParams(next, options);
  };

  return [params, update] as const;
}
