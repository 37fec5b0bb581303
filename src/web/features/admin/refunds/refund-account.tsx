import { Landmark } from 'lucide-react';
import { useId } from 'react';
import type { Refund } from '#shared/disruptions.ts';
import { cn } from '#web/lib/utils.ts';

/**
 * The passenger's own account the refund goes to, as they entered it on the manage page.
 * `stacked`: each term above its value, for a narrow column (beside a slip).
 */
export function RefundAccount({
  refund,
  className,
  stacked = false,
}: {
  refund: Refund;
  className?: string;
  stacked?: boolean;
}) {
  const headingId = useId();
  const given = refund.bankName !== null || refund.accountName !== null || refund.accountNumber !== null;
  const rows = [
    { term: 'Bank', value: refund.bankName, mono: false },
    { term: 'Account name', value: refund.accountName, mono: false },
    { term: 'Account number', value: refund.accountNumber, mono: true },
  ];
  return (
    <section
      aria-labelledby={headingId}
      className={cn('min-w-0 rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm', className)}
    >
      <h3 id={headingId} className="flex items-center gap-1.5 text-xs font-semibold text-slate-700">
        <Landmark aria-hidden="true" className="size-3.5 text-sky-700" />
        Refund account
      </h3>
      {given ? (
        <dl className={cn('mt-2 grid', stacked ? 'gap-2' : 'grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1')}>
          {rows.map((row) => (
            <div key={row.term} className={stacked ? 'min-w-0' : 'contents'}>
              <dt className={cn('text-slate-600', stacked && 'text-xs')}>{row.term}</dt>
              <dd className={cn('min-w-0 text-slate-900', row.mono ? 'break-all font-mono' : 'break-words')}>
                {row.value ?? '—'}
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="mt-2 text-slate-600">No account given yet</p>
      )}
    </section>
  );
}
