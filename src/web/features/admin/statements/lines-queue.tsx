import { useQueries } from '@tanstack/react-query';
import {
  STATEMENT_LINE_STATUSES,
  type StatementLineStatus,
  statementLineStatusSchema,
} from '#shared/statements.ts';
import { EmptyNote, ErrorNote, LoadingNote } from '#web/components/query-notes.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { useUrlParams } from '#web/lib/use-url-params.ts';
import { statementLinesQuery } from './api.ts';
import { LineRow } from './line-row.tsx';
import { tabCount } from './wording.ts';

// The tabs in the order a person works them: what waits for a decision first.
const TABS: readonly StatementLineStatus[] = ['suggested', 'unmatched', 'matched', 'ignored', 'not_booking'];

const TAB_LABEL: Record<StatementLineStatus, string> = {
  suggested: 'Suggested',
  unmatched: 'Unmatched',
  matched: 'Matched',
  ignored: 'Ignored',
  not_booking: 'Not a booking',
};

const EMPTY: Record<StatementLineStatus, string> = {
  suggested: 'No suggestions wait for a decision.',
  unmatched: 'No unmatched lines.',
  matched: 'No line has paid a booking yet.',
  ignored: 'No ignored lines.',
  not_booking: 'No line was set aside.',
};

/** The imported lines by state, each tab with its count; what a person does with a line is on its row. */
export function LinesQueue() {
  const [params, setParams] = useUrlParams();
  const asked = statementLineStatusSchema.safeParse(params.get('status'));
  const tab: StatementLineStatus = asked.success ? asked.data : 'suggested';
  // Every tab's list at once: their lengths are the counts on the tabs.
  const lists = useQueries({ queries: TABS.map((status) => statementLinesQuery(status)) });
  const byStatus = Object.fromEntries(TABS.map((status, i) => [status, lists[i]])) as Record<
    StatementLineStatus,
    (typeof lists)[number]
  >;

  return (
    <section aria-labelledby="statement-lines-title" className="grid gap-3">
      <h2 id="statement-lines-title" className="text-lg font-semibold text-slate-900">
        Statement lines
      </h2>
      <Tabs
        value={tab}
        onValueChange={(next) => setParams({ status: next === 'suggested' ? null : next }, { replace: true })}
      >
        <TabsList
          aria-label="Line status"
          className="flex h-auto w-full flex-wrap justify-start sm:inline-flex sm:w-auto"
        >
          {TABS.map((status) => {
            const lines = byStatus[status].data?.lines;
            return (
              <TabsTrigger key={status} value={status}>
                {TAB_LABEL[status]}
                {lines && (
                  <span className="rounded-full bg-slate-200 px-2 text-xs tabular-nums text-slate-900">
                    <span className="sr-only">, </span>
                    {tabCount(lines.length)}
                  </span>
                )}
              </TabsTrigger>
            );
          })}
        </TabsList>
        {STATEMENT_LINE_STATUSES.map((status) => {
          const list = byStatus[status];
          return (
            <TabsContent key={status} value={status}>
              {status !== tab ? null : list.isPending ? (
                <LoadingNote>Loading lines…</LoadingNote>
              ) : list.isError ? (
                <ErrorNote error={list.error} />
              ) : list.data.lines.length === 0 ? (
                <EmptyNote>{EMPTY[status]}</EmptyNote>
              ) : (
                <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm">
                  {list.data.lines.map((line) => (
                    <LineRow key={line.id} line={line} />
                  ))}
                </ul>
              )}
            </TabsContent>
          );
        })}
      </Tabs>
    </section>
  );
}
