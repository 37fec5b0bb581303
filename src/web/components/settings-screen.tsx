import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { cn } from '#web/lib/utils.ts';
import { ErrorNote } from './query-notes.tsx';

/**
 * An admin settings screen read from the server in one request: while it loads, the outlines of
 * its cards (`skeletons`, in a grid with `className`) and "Loading <what>…" for screen readers;
 * once it failed, its error; then `children` draws the settings.
 */
export function SettingsScreen<T>({
  query,
  what,
  className,
  skeletons,
  children,
}: {
  query: UseQueryResult<T>;
  what: string;
  className?: string;
  skeletons: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <div className={cn('mt-6 grid gap-6', className)}>
        <span className="sr-only" role="status">
          {`Loading ${what}…`}
        </span>
        {skeletons}
      </div>
    );
  }
  if (query.isError) return <ErrorNote error={query.error} className="mt-6" />;
  return children(query.data);
}
