import type { CashUp, CounterSale } from '#shared/counter.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { VoidSaleButton } from '#web/components/void-sale-dialog.tsx';
import { formatAmount } from '#web/lib/admin-format.ts';
import { formatClock } from '#web/lib/clock-time.ts';
import { formatInstant } from '#web/lib/dates.ts';
import { useOperatorTimeZone } from '#web/lib/operator-time-zone.ts';

type Drawer = CashUp['drawers'][number];
type Sale = CashUp['sales'][number];

/** How a counted drawer compares with what it should hold, in words as well as colour. */
export function DifferenceBadge({ difference, currency }: { difference: string | null; currency: string }) {
  if (difference === null) return <Badge variant="outline">Not counted</Badge>;
  const value = Number(difference);
  if (value === 0) return <Badge variant="success">Balanced</Badge>;
  const amount = formatAmount(difference.replace(/^-/, ''), currency);
  return value < 0 ? (
    <Badge variant="destructive">Short {amount}</Badge>
  ) : (
    <Badge variant="warning">Over {amount}</Badge>
  );
}

/** The drawers, MVR first as the counter offers it. */
export const drawersOf = (cashUp: CashUp) =>
  [...cashUp.drawers].sort((a, b) => Number(b.currency === 'MVR') - Number(a.currency === 'MVR'));

/** Whether any counted drawer differs from what it should hold. */
export const hasDifference = (cashUp: CashUp) =>
  cashUp.drawers.some((d) => d.difference !== null && Number(d.difference) !== 0);

function DrawerCard({ drawer }: { drawer: Drawer }) {
  const money = (amount: string) => formatAmount(amount, drawer.currency);
  const differs = drawer.difference !== null && Number(drawer.difference) !== 0;
  return (
    <div
      data-testid={`drawer-${drawer.currency}`}
      className={
        differs
          ? 'rounded-xl border-2 border-red-300 bg-red-50 p-3 print:border-black'
          : 'rounded-xl border border-slate-200 bg-white p-3 print:border-black'
      }
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="font-semibold text-slate-900">{drawer.currency} drawer</h4>
        <DifferenceBadge difference={drawer.difference} currency={drawer.currency} />
      </div>
      <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">Float</dt>
        <dd className="text-right tabular-nums">{money(drawer.float)}</dd>
        <dt className="text-slate-600">Cash in</dt>
        <dd className="text-right tabular-nums">{money(drawer.cashIn)}</dd>
        <dt className="text-slate-600">Expected</dt>
        <dd className="text-right font-semibold tabular-nums">{money(drawer.expected)}</dd>
        {drawer.counted !== null && (
          <>
            <dt className="text-slate-600">Counted</dt>
            <dd className="text-right font-semibold tabular-nums">{money(drawer.counted)}</dd>
          </>
        )}
        {drawer.difference !== null && (
          <>
            <dt className="text-slate-600">Difference</dt>
            <dd className="text-right font-bold tabular-nums">{money(drawer.difference)}</dd>
          </>
        )}
      </dl>
    </div>
  );
}

/**
 * A sale's state on its line: voided (by whom, why), boarded (so no longer voidable, said in
 * words rather than by a missing button), or a Void button when the viewer may void it.
 */
function SaleState({ sale, onVoided }: { sale: Sale; onVoided: ((sale: CounterSale) => void) | undefined }) {
  if (sale.voidedAt) {
    return (
      <span className="font-semibold text-red-800">
        Voided by {sale.voidedBy ?? 'Former staff'} ({sale.voidReason ?? 'no reason'})
      </span>
    );
  }
  if (sale.boarded) return <span className="text-slate-700">Boarded: cannot be voided</span>;
  return onVoided ? <VoidSaleButton sale={sale} onVoided={onVoided} /> : null;
}

/**
 * A shift's cash-up: its sales and voids by payment method and currency, each cash drawer
 * (float, cash taken, expected, counted, difference) and the sales themselves. Screen and A4.
 */
export function CashUpSummary({
  cashUp,
  showSales = true,
  onVoided,
}: {
  cashUp: CashUp;
  showSales?: boolean;
  /** Offers Void on each sale still standing (Office and Owner), and hears of each void. */
  onVoided?: (sale: CounterSale) => void;
}) {
  const timeZone = useOperatorTimeZone();
  const sales = [...cashUp.sales].sort((a, b) => b.soldAt.localeCompare(a.soldAt));
  // MVR first, as the counter offers it.
  const drawers = [...cashUp.drawers].sort(
    (a, b) => Number(b.currency === 'MVR') - Number(a.currency === 'MVR'),
  );
  return (
    <div className="space-y-4 text-slate-900" data-testid="cash-up">
      <p className="text-sm text-slate-700">
        {cashUp.userName} · opened {formatInstant(cashUp.openedAt, timeZone)}
        {cashUp.closedAt ? ` · closed ${formatInstant(cashUp.closedAt, timeZone)}` : ' · still open'}
      </p>
      <section aria-label="Sales by payment method" className="space-y-2">
        <h4 className="text-sm font-semibold">Sales by payment method</h4>
        {cashUp.lines.length === 0 ? (
          <p className="text-sm text-slate-600">No sales yet.</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white text-sm print:border-black">
            {cashUp.lines.map((line) => (
              <li
                key={`${line.method}-${line.currency}`}
                className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 px-3 py-2"
              >
                <span className="font-semibold">
                  {line.method} · {line.currency}
                </span>
                <span className="text-slate-700">
                  {line.sales} {line.sales === 1 ? 'sale' : 'sales'}{' '}
                  {formatAmount(line.salesAmount, line.currency)}
                  {line.voids > 0
                    ? `, ${line.voids} ${line.voids === 1 ? 'void' : 'voids'} ${formatAmount(line.voidsAmount, line.currency)}`
                    : ''}
                </span>
                <span className="font-semibold tabular-nums">
                  net {formatAmount(line.net, line.currency)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-label="Cash drawers" className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {drawers.map((drawer) => (
          <DrawerCard key={drawer.currency} drawer={drawer} />
        ))}
      </section>
      {cashUp.note && (
        <p className="text-sm">
          <span className="font-semibold">Note:</span> {cashUp.note}
        </p>
      )}
      {showSales && sales.length > 0 && (
        <section aria-label="Sales of the shift" className="space-y-2">
          <h4 className="text-sm font-semibold">Sales ({sales.length})</h4>
          <ul className="divide-y divide-slate-200 text-sm">
            {sales.map((s) => (
              <li
                key={s.ticketId}
                data-testid="cash-up-sale"
                data-reference={s.reference}
                className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-1.5"
              >
                <span>
                  {formatClock(s.soldAt, timeZone)} · <span className="font-semibold">{s.reference}</span> ·{' '}
                  {s.passengerName}
                </span>
                <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <span className="tabular-nums">
                    {s.paymentMethod} {formatAmount(s.totalAmount, s.currency)}
                  </span>
                  <SaleState sale={s} onVoided={onVoided} />
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
