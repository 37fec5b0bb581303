import { useQuery } from '@tanstack/react-query';
import { Mail } from 'lucide-react';
import { useState } from 'react';
import { DAILY_SUMMARY_FROM_HOUR } from '#shared/reports.ts';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { dailySummaryQuery, useSetDailySummary } from './api.ts';

const HOUR = `${String(DAILY_SUMMARY_FROM_HOUR).padStart(2, '0')}:00`;

/** The signed-in Owner's own daily summary e-mail: on or off, for them alone. */
export function DailySummaryToggle() {
  const setting = useQuery(dailySummaryQuery);
  const change = useSetDailySummary();
  // What was just asked for shows at once (the box is the page's, not the browser's), until the
  // server has answered: then what it kept.
  const [asked, setAsked] = useState<boolean | null>(null);
  const enabled = asked ?? setting.data?.enabled ?? false;
  const onChange = (next: boolean) => {
    setAsked(next);
    change.mutate(next, {
      onSuccess: () =>
        toast.success(next ? 'The daily summary will come each morning' : 'No more daily summaries'),
      onError: (error) => toast.error(errorMessage(error)),
      onSettled: () => setAsked(null),
    });
  };
  return (
    <section
      aria-labelledby="daily-summary-title"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="daily-summary-title" className="flex items-center gap-2 font-semibold text-slate-900">
        <Mail aria-hidden="true" className="size-4 text-sky-700" />
        Daily summary
      </h2>
      <Checkbox
        containerClassName="mt-3"
        label="E-mail me yesterday’s summary each morning"
        description={`From ${HOUR} where the operator is: passengers, revenue and load factor, and the slips, refunds and bank statement lines waiting. Only you receive it.`}
        checked={enabled}
        disabled={setting.isPending || change.isPending}
        onChange={(event) => onChange(event.target.checked)}
      />
    </section>
  );
}
