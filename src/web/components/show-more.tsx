import { RotateCw } from 'lucide-react';
import { type RefObject, useEffect, useId, useRef } from 'react';
import { formatCount } from '#web/lib/admin-format.ts';
import { ErrorNote } from './query-notes.tsx';
import { Button } from './ui/button.tsx';
import { Spinner } from './ui/spinner.tsx';

/**
 * The foot of a list the server sends a page at a time (the office's tickets, the refunds
 * queue): how many of how many show, and "Show more" while there is a next page, which it adds
 * below the rows already shown. The count is read out when a page arrives, and the reader's
 * focus moves to the first row the page brought, where reading carries on (the rows are the
 * list's children, each with tabIndex -1). A page that failed says why, with "Try again".
 */
export function ShowMore({
  list,
  shown,
  total,
  noun,
  more,
  loading,
  error,
  onMore,
}: {
  /** The list whose children are the rows. */
  list: RefObject<HTMLElement | null>;
  shown: number;
  /** The whole list's size, as its count says. */
  total: number;
  /** What the rows are, for a screen reader's "Show more tickets". */
  noun: string;
  /** Whether there is a next page. */
  more: boolean;
  loading: boolean;
  /** The next page's failure. */
  error: Error | null;
  onMore: () => void;
}) {
  const countId = useId();
  // Where the next page starts, while it is on its way.
  const focusAt = useRef<number | null>(null);

  useEffect(() => {
    const index = focusAt.current;
    if (index === null || shown <= index) return;
    focusAt.current = null;
    const row = list.current?.children[index];
    if (row instanceof HTMLElement) row.focus();
  }, [shown, list]);

  const showMore = () => {
    if (loading) return;
    focusAt.current = shown;
    onMore();
  };

  return (
    <div className="mt-4 flex flex-col items-center gap-3">
      <p
        id={countId}
        aria-live="polite"
        data-testid="list-shown"
        className="text-sm text-slate-600 tabular-nums"
      >
        Showing {formatCount(shown)} of {formatCount(Math.max(total, shown))}
      </p>
      {error ? (
        <div className="flex w-full flex-col items-center gap-3">
          <ErrorNote error={error} className="w-full" />
          <Button variant="outline" onClick={showMore}>
            <RotateCw aria-hidden="true" />
            Try again
          </Button>
        </div>
      ) : more ? (
        <Button variant="outline" onClick={showMore} aria-busy={loading} aria-describedby={countId}>
          {loading ? <Spinner /> : null}
          {loading ? 'Loading…' : 'Show more'}
          {loading ? null : <span className="sr-only"> {noun}</span>}
        </Button>
      ) : null}
    </div>
  );
}
