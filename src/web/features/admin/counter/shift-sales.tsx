import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { CashUp, CounterSale } from '#shared/counter.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { formatAmount } from '#web/lib/admin-format.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { formatClock } from '#web/lib/clock-time.ts';
import { useOperatorTimeZone } from '#web/lib/operator-time-zone.ts';
import { saleQuery } from './api.ts';

/** This shift's sales, newest first; each opens again to print or void. */
export function ShiftSales({ shift, onOpen }: { shift: CashUp; onOpen: (sale: CounterSale) => void }) {
  const timeZone = useOperatorTimeZone();
  const queryClient = useQueryClient();
  const [opening, setOpening] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const sales = [...shift.sales].sort((a, b) => b.soldAt.localeCompare(a.soldAt));

  const open = async (ticketId: string) => {
    setOpening(ticketId);
    setProblem(null);
    try {
      // Fresh every time: whether it may still be voided changes with the clock.
      onOpen(await queryClient.fetchQuery({ ...saleQuery(ticketId), staleTime: 0 }));
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setOpening(null);
    }
  };

  return (
    <section
      aria-labelledby="shift-sales-title"
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="shift-sales-title" className="text-lg font-semibold text-slate-900">
        My sales this shift ({sales.length})
      </h2>
      {problem && (
        <p role="alert" className="text-sm text-red-800">
          {problem}
        </p>
      )}
      {sales.length === 0 ? (
        <p className="text-sm text-slate-600">No sales yet.</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {sales.map((s) => (
            <li key={s.ticketId}>
              <button
                type="button"
                aria-label={`Open ticket ${s.reference}, ${s.passengerName}`}
                disabled={opening !== null}
                onClick={() => void open(s.ticketId)}
                className="flex min-h-12 w-full items-center gap-3 py-2 text-left hover:bg-slate-50 disabled:cursor-wait"
              >
                <span className="w-12 shrink-0 text-sm text-slate-600 tabular-nums">
                  {formatClock(s.soldAt, timeZone)}
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold text-slate-900">{s.reference}</span>
                  <span className="block truncate text-sm text-slate-700">{s.passengerName}</span>
                </span>
                <span className="text-right text-sm">
                  <span className="block font-semibold tabular-nums">
                    {formatAmount(s.totalAmount, s.currency)}
                  </span>
                  {s.voidedAt ? (
                    <Badge variant="destructive">Voided</Badge>
                  ) : (
                    <span className="block text-slate-600">{s.paymentMethod}</span>
                  )}
                </span>
                {opening === s.ticketId && <Spinner className="size-4 text-sky-700" />}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
