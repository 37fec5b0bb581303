import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Printer } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { CashUp, CounterSale } from '#shared/counter.ts';
import { parseDecimal, toMoneyString } from '#shared/money.ts';
import { EmptyNote, ErrorNote, LoadingNote } from '#web/components/query-notes.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { useMayVoidSales } from '#web/components/void-sale-dialog.tsx';
import { formatAmount } from '#web/lib/admin-format.ts';
import { formatClock } from '#web/lib/clock-time.ts';
import { formatDay, isIsoDate } from '#web/lib/dates.ts';
import { useOperatorTimeZone } from '#web/lib/operator-time-zone.ts';
import { useUrlParams } from '#web/lib/use-url-params.ts';
import { cashUpDayQuery, cashUpQuery } from './api.ts';
import { CashUpSummary, DifferenceBadge, drawersOf, hasDifference } from './cash-up-summary.tsx';

/** The net takings of a shift per currency, from its lines (every payment method). */
function netPerCurrency(cashUp: CashUp): { currency: string; net: string }[] {
  // Every drawer's currency, even with nothing sold in it.
  const sums = new Map<string, bigint>(drawersOf(cashUp).map((d) => [d.currency, 0n]));
  for (const line of cashUp.lines) {
    const negative = line.net.startsWith('-');
    const { n, d } = parseDecimal(line.net.replace(/^-/, ''));
    const cents = (n * 100n) / d;
    sums.set(line.currency, (sums.get(line.currency) ?? 0n) + (negative ? -cents : cents));
  }
  return [...sums].map(([currency, cents]) => ({ currency, net: toMoneyString({ n: cents, d: 100n }) }));
}

/** The Owner's and the Office's cash-ups: a day's shifts, and one shift's whole summary to print. */
export function CashUpsView() {
  const [params, setParams] = useUrlParams();
  const dateParam = params.get('date');
  const shiftId = params.get('shift');
  if (shiftId) {
    return <CashUpDetail shiftId={shiftId} onBack={() => setParams({ shift: null }, { replace: false })} />;
  }
  return (
    <CashUpDay
      date={isIsoDate(dateParam) ? dateParam : undefined}
      onDate={(date) => setParams({ date: date || null })}
      onOpen={(id) => setParams({ shift: id }, { replace: false })}
    />
  );
}

function CashUpDay({
  date,
  onDate,
  onOpen,
}: {
  date: string | undefined;
  onDate: (date: string) => void;
  onOpen: (shiftId: string) => void;
}) {
  const timeZone = useOperatorTimeZone();
  const day = useQuery(cashUpDayQuery(date));
  const shown = day.data?.date ?? date ?? '';
  return (
    <div className="mt-6 space-y-5">
      <div className="flex flex-wrap items-end gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
        <div className="grid gap-2">
          <Label htmlFor="cashups-date">Date</Label>
          <Input
            id="cashups-date"
            type="date"
            className="w-48"
            value={shown}
            onChange={(e) => onDate(e.target.value)}
          />
        </div>
        <p className="pb-3 text-sm text-slate-600">{shown ? formatDay(shown) : null}</p>
      </div>
      {day.isPending ? (
        <LoadingNote>Loading cash-ups…</LoadingNote>
      ) : day.isError ? (
        <ErrorNote error={day.error} />
      ) : day.data.cashups.length === 0 ? (
        <EmptyNote>No shifts on {formatDay(day.data.date)}.</EmptyNote>
      ) : (
        <ul
          className="grid grid-cols-1 gap-3 lg:grid-cols-2"
          aria-label={`Cash-ups of ${formatDay(day.data.date)}`}
        >
          {day.data.cashups.map((c) => {
            const differs = hasDifference(c);
            return (
              <li
                key={c.id}
                data-testid="cash-up-entry"
                className={
                  differs
                    ? 'space-y-3 rounded-2xl border-2 border-red-300 bg-white p-4 shadow-sm'
                    : 'space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm'
                }
              >
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h2 className="font-semibold text-slate-900">{c.userName}</h2>
                  <p className="text-sm text-slate-700">
                    {formatClock(c.openedAt, timeZone)} –{' '}
                    {c.closedAt ? formatClock(c.closedAt, timeZone) : 'still open'}
                  </p>
                </div>
                <dl className="grid grid-cols-2 gap-2 text-sm">
                  {netPerCurrency(c).map(({ currency, net }) => (
                    <div key={currency}>
                      <dt className="text-slate-600">Net takings {currency}</dt>
                      <dd className="font-semibold tabular-nums">{formatAmount(net, currency)}</dd>
                    </div>
                  ))}
                </dl>
                <ul className="flex flex-wrap gap-2" aria-label="Drawers">
                  {drawersOf(c).map((d) => (
                    <li key={d.currency} className="flex items-center gap-1 text-sm">
                      {d.currency}: <DifferenceBadge difference={d.difference} currency={d.currency} />
                    </li>
                  ))}
                </ul>
                <Button
                  variant="outline"
                  className="w-full"
                  aria-label={`Open the cash-up of ${c.userName}`}
                  onClick={() => onOpen(c.id)}
                >
                  Open the cash-up
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

function CashUpDetail({ shiftId, onBack }: { shiftId: string; onBack: () => void }) {
  const cashUp = useQuery(cashUpQuery(shiftId));
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = cashUp.data !== undefined;
  // Office and Owner void any sale still standing, later than its seller may (decision 025).
  const mayVoid = useMayVoidSales().any;
  const [status, setStatus] = useState<string | null>(null);
  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [loaded]);
  // The Void button goes with the sale it voided: the focus goes back to the cash-up's heading,
  // brought into view with the news below it (the page was scrolled down to the sale), once the
  // dialog has closed.
  useEffect(() => {
    if (!status) return;
    heading.current?.focus({ preventScroll: true });
    heading.current?.scrollIntoView({ block: 'start' });
  }, [status]);
  const onVoided = (sale: CounterSale) => {
    const seats = sale.eTicket.seatNumbers;
    setStatus(
      `Ticket ${sale.reference} voided. ${seats.length === 1 ? 'Seat' : 'Seats'} ${seats.join(', ')} ${seats.length === 1 ? 'is' : 'are'} free again.`,
    );
  };
  return (
    <div className="mt-4 space-y-4">
      <Button variant="ghost" className="print:hidden" onClick={onBack}>
        <ArrowLeft aria-hidden="true" />
        All cash-ups
      </Button>
      {cashUp.isPending ? (
        <LoadingNote>Loading the cash-up…</LoadingNote>
      ) : cashUp.isError ? (
        <ErrorNote error={cashUp.error} />
      ) : (
        <section aria-labelledby="cash-up-title" className="cash-up-print space-y-4">
          <h2
            id="cash-up-title"
            ref={heading}
            tabIndex={-1}
            // Room for the sticky header when the focus scrolls back to it after a void.
            className="scroll-mt-20 text-xl font-bold text-slate-900 outline-none"
          >
            Cash-up of {cashUp.data.userName}
          </h2>
          {status && (
            <p
              role="status"
              className="rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm text-slate-900 print:hidden"
            >
              {status}
            </p>
          )}
          <CashUpSummary cashUp={cashUp.data} onVoided={mayVoid ? onVoided : undefined} />
          <Button className="print:hidden" onClick={() => window.print()}>
            <Printer aria-hidden="true" />
            Print
          </Button>
        </section>
      )}
    </div>
  );
}
