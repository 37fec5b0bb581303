import { Landmark } from 'lucide-react';
import { useId } from 'react';
import type { Refund } from '#shared/disruptions.ts';
import { cn } from '#web/lib/utils.ts';

/** The passenger's own account the refund goes to, as they entered it on the manage page. */
export function RefundAccount({ refund, className }: { refund: Refund; className?: string }) {
  const headingId = useId();
  const given = refund.bankName !== null || refund.accountName !== null || refund.accountNumber !== null;
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
        <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
          <dt className="text-slate-600">Bank</dt>
          <dd className="min-w-0 break-words text-slate-900">{refund.bankName ?? '—'}</dd>
          <dt className="text-slate-600">Account name</dt>
          <dd className="min-w-0 break-words text-slate-900">{refund.accountName ?? '—'}</dd>
          <dt className="text-slate-600">Account number</dt>
          <dd className="min-w-0 break-all font-mono text-slate-900">{refund.accountNumber ?? '—'}</dd>
        </dl>
      ) : (
        <p className="mt-2 text-slate-600">No account given yet</p>
      )}
    </section>
  );
}
