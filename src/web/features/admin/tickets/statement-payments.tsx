import { Landmark } from 'lucide-react';
import { useId } from 'react';
import type { AdminTicket } from '#shared/admin-api.ts';
import { formatAmount } from '#web/lib/admin-format.ts';
import { formatDay } from '#web/lib/dates.ts';
import { cn } from '#web/lib/utils.ts';

/**
 * The bank's own word on the payment, beside the passenger's slip (docs/decisions/038): each
 * statement line that paid this booking.
 */
export function StatementPayments({
  payments,
  className,
}: {
  payments: AdminTicket['statementPayments'];
  className?: string;
}) {
  const headingId = useId();
  if (payments.length === 0) return null;
  return (
    <section
      aria-labelledby={headingId}
      className={cn('min-w-0 rounded-xl border border-green-200 bg-green-50/60 p-3 text-sm', className)}
    >
      <h3 id={headingId} className="flex items-center gap-1.5 text-xs font-semibold text-slate-800">
        <Landmark aria-hidden="true" className="size-3.5 text-green-800" />
        Paid by bank statement
      </h3>
      <ul className="mt-2 grid gap-2">
        {payments.map((payment) => (
          <li key={payment.lineId} className="grid gap-0.5">
            <p className="flex flex-wrap items-baseline gap-x-2">
              <span className="font-semibold text-slate-900 tabular-nums">
                {formatAmount(payment.amount, payment.currency)}
              </span>
              <span className="text-slate-700">{formatDay(payment.bookedOn)}</span>
            </p>
            <p className="break-words text-slate-800">{payment.remark || '(no remark)'}</p>
            <p className="flex flex-wrap gap-x-3 text-xs text-slate-700">
              <span>Payer: {payment.payer ?? '—'}</span>
              <span>
                Bank’s id: <span className="break-all font-mono">{payment.bankTransactionId ?? '—'}</span>
              </span>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
