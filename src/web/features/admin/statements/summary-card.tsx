import { useQuery } from '@tanstack/react-query';
import { ArrowRight, Landmark } from 'lucide-react';
import { useId } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '#web/components/ui/card.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { adminPagePath } from '#web/lib/admin-paths.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { Link } from '#web/lib/navigation.tsx';
import { statementSummaryQuery } from './api.ts';

/** The Payments screen's view of the statements: what paid itself today and what waits for a person. */
export function StatementSummaryCard() {
  const id = useId();
  const summary = useQuery(statementSummaryQuery);
  const counts = summary.data
    ? [
        { label: 'Matched today', value: summary.data.matchedToday },
        { label: 'Suggestions waiting', value: summary.data.suggestionsWaiting },
        { label: 'Unmatched', value: summary.data.unmatched },
      ]
    : null;
  return (
    <Card data-testid="statement-summary">
      <CardHeader>
        <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <Landmark aria-hidden="true" className="size-5 text-sky-700" />
          Bank statements
        </h2>
        <CardDescription>Payments read from the bank’s statements.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {summary.isPending ? (
          <Skeleton className="h-16 rounded-xl" />
        ) : summary.isError ? (
          <p role="alert" className="text-sm text-red-800">
            {errorMessage(summary.error)}
          </p>
        ) : (
          <dl className="grid grid-cols-3 gap-3" aria-labelledby={`${id}-title`}>
            {counts?.map((count) => (
              <div key={count.label} className="grid gap-1 rounded-xl border border-slate-200 p-3">
                <dt className="text-xs text-slate-700">{count.label}</dt>
                <dd className="text-2xl font-semibold text-slate-900 tabular-nums">{count.value}</dd>
              </div>
            ))}
          </dl>
        )}
        <Link
          to={adminPagePath('statements')}
          className="inline-flex items-center gap-1 font-semibold text-sky-800 underline underline-offset-2"
        >
          Open bank statements
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </CardContent>
    </Card>
  );
}
