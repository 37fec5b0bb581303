import { useInfiniteQuery } from '@tanstack/react-query';
import { Download, RotateCw } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { EmptyNote, ErrorNote, LoadingNote } from '#web/components/query-notes.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useOperatorTimeZone, useOperatorToday } from '#web/lib/operator-time-zone.ts';
import { useUrlParams } from '#web/lib/use-url-params.ts';
import { auditCsvUrl, auditQuery, type AuditFilters as Filters } from './api.ts';
import { AuditEntryItem } from './audit-entry.tsx';
import { AuditFilters } from './audit-filters.tsx';

/** The filters live in the URL, so a reload or a shared link keeps them. */
function useFilters() {
  const [params, update] = useUrlParams();
  const filters: Filters = {
    actor: params.get('actor') ?? '',
    action: params.get('action') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  };
  return { filters, update };
}

/** How many entries show, read out when it changes (none only to screen readers: the empty note shows it). */
function ResultCount({ shown, more }: { shown: number; more: boolean }) {
  if (shown === 0) return <span className="sr-only">No entries.</span>;
  const entries = shown === 1 ? '1 entry' : `${shown} entries`;
  return <>{more ? `The latest ${entries} shown; older ones can be loaded.` : `${entries}.`}</>;
}

function RetryButton({ onRetry }: { onRetry: () => void }) {
  return (
    <Button variant="outline" onClick={onRetry}>
      <RotateCw aria-hidden="true" />
      Try again
    </Button>
  );
}

export function AuditView() {
  const id = useId();
  const { filters, update } = useFilters();
  const timeZone = useOperatorTimeZone();
  const today = useOperatorToday();
  // Dates in the wrong order can match nothing: said here rather than asked of the server.
  const backwards = Boolean(filters.from && filters.to && filters.from > filters.to);
  const trail = useInfiniteQuery({ ...auditQuery(filters), enabled: !backwards });

  const pages = trail.data?.pages ?? [];
  const entries = pages.flatMap((page) => page.entries);
  const listRef = useRef<HTMLUListElement>(null);
  // After "Load more", focus goes to the first entry it brought, where reading carries on.
  const focusAt = useRef<number | null>(null);

  useEffect(() => {
    const index = focusAt.current;
    if (index === null || entries.length <= index) return;
    focusAt.current = null;
    const item = listRef.current?.children[index];
    if (item instanceof HTMLElement) item.focus();
  }, [entries.length]);

  // Another filter is another list: a "Load more" still under way no longer says where to go.
  const filterKey = new URLSearchParams(filters).toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the filters change.
  useEffect(() => {
    focusAt.current = null;
  }, [filterKey]);

  const loadMore = () => {
    if (trail.isFetchingNextPage || trail.isPlaceholderData) return;
    focusAt.current = entries.length;
    void trail.fetchNextPage();
  };

  return (
    <div className="mt-6 flex flex-col gap-5">
      <AuditFilters
        filters={filters}
        choices={pages[0]}
        today={today}
        onChange={(changes) => update(changes)}
      />

      <section aria-labelledby={`${id}-entries`} className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
          <div className="min-w-0">
            <h2 id={`${id}-entries`} className="text-lg font-semibold text-slate-900">
              Entries
            </h2>
            <p className="flex items-center gap-2 text-sm text-slate-600" aria-live="polite">
              {backwards ? null : trail.isPlaceholderData ? (
                <>
                  <Spinner className="size-4" />
                  Updating…
                </>
              ) : trail.data ? (
                <ResultCount shown={entries.length} more={trail.hasNextPage} />
              ) : null}
            </p>
          </div>
          <Button asChild variant="outline">
            <a href={auditCsvUrl(filters)} download>
              <Download aria-hidden="true" />
              Export CSV
              <span className="sr-only"> of the entries matching the filters</span>
            </a>
          </Button>
        </div>

        {backwards ? (
          <p
            role="alert"
            className="rounded-2xl border border-amber-200 bg-amber-50 p-6 text-sm text-amber-900"
          >
            The From date is after the To date: no entry can match.
          </p>
        ) : trail.isPending ? (
          <LoadingNote>Loading the audit trail…</LoadingNote>
        ) : trail.isError && !trail.isFetchNextPageError ? (
          <div className="flex flex-col items-start gap-3">
            <ErrorNote error={trail.error} className="w-full" />
            <RetryButton onRetry={() => void trail.refetch()} />
          </div>
        ) : entries.length === 0 ? (
          <EmptyNote>No entries match the filters.</EmptyNote>
        ) : (
          <>
            <ul
              ref={listRef}
              aria-busy={trail.isPlaceholderData}
              className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm [&>li]:focus-visible:outline-2 [&>li]:focus-visible:-outline-offset-2 [&>li]:focus-visible:outline-sky-600 aria-busy:opacity-60"
            >
              {entries.map((entry) => (
                <AuditEntryItem key={entry.id} entry={entry} timeZone={timeZone} />
              ))}
            </ul>
            {trail.isPlaceholderData ? null : trail.isFetchNextPageError ? (
              <div className="flex flex-col items-start gap-3">
                <ErrorNote error={trail.error} className="w-full" />
                <RetryButton onRetry={loadMore} />
              </div>
            ) : trail.hasNextPage ? (
              <div className="flex justify-center">
                <Button variant="outline" onClick={loadMore} aria-busy={trail.isFetchingNextPage}>
                  {trail.isFetchingNextPage ? <Spinner /> : null}
                  {trail.isFetchingNextPage ? 'Loading…' : 'Load more'}
                </Button>
              </div>
            ) : (
              <p className="text-center text-sm text-slate-600">That is the whole trail for these filters.</p>
            )}
          </>
        )}
      </section>
    </div>
  );
}
