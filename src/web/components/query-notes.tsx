import type { ReactNode } from 'react';
import { errorMessage } from '#web/lib/api-client.ts';
import { cn } from '#web/lib/utils.ts';
import { Spinner } from './ui/spinner.tsx';

// The three states of a screen that reads from the server, in one look across the admin:
// loading, failed, and nothing to show.

/** A read in progress: a spinner and what is loading ("Loading trips…"). */
export function LoadingNote({ children }: { children: ReactNode }) {
  return (
    <p className="flex items-center gap-2 rounded-2xl border border-slate-200 bg-white p-6 text-sm text-slate-700">
      <Spinner className="size-5 text-sky-700" />
      {children}
    </p>
  );
}

/** A failed read, in its error's own words. */
export function ErrorNote({ error, className }: { error: unknown; className?: string }) {
  return (
    <p
      role="alert"
      className={cn('rounded-2xl border border-red-200 bg-red-50 p-6 text-sm text-red-900', className)}
    >
      {errorMessage(error)}
    </p>
  );
}

/** A list with nothing in it. */
export function EmptyNote({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center font-semibold text-slate-900">
      {children}
    </p>
  );
}
