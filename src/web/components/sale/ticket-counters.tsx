import { Minus, Plus } from 'lucide-react';
import type { CounterPrices } from '#shared/counter.ts';
import type { CategoryPrice } from '#shared/fare-categories.ts';
import { Button } from '#web/components/ui/button.tsx';
import { formatAmount } from '#web/lib/admin-format.ts';
import { TICKET_KINDS, type TicketCategory, type TicketKind, type TicketType } from './sale-money.ts';

export type KindKey = `${TicketType}-${TicketCategory}`;
/** The count of each kind by `type-category`; a kind not in it counts 0. */
export type TicketCounts = Record<KindKey, number>;

export const ONE_LOCAL_ADULT: TicketCounts = {
  'local-adult': 1,
  'local-child': 0,
  'foreigner-adult': 0,
  'foreigner-child': 0,
  'local-infant': 0,
  'foreigner-infant': 0,
};

const MAX_PER_KIND = 100;

type Prices = CounterPrices & { categoryPrices?: CategoryPrice[] | undefined };

function unitPrice(prices: Prices, kind: TicketKind): string {
  const { type, category } = kind;
  if (category === 'adult' || category === 'child') {
    return type === 'local'
      ? formatAmount(category === 'adult' ? prices.localAdultPrice : prices.localChildPrice, 'MVR')
      : formatAmount(category === 'adult' ? prices.foreignerAdultPrice : prices.foreignerChildPrice, 'USD');
  }
  // An infant and a concession: the pair's price by its rule (docs/decisions/036).
  const own = prices.categoryPrices?.find((c) => c.code === category);
  const price = own ? (type === 'local' ? own.localPrice : own.foreignerPrice) : '0.00';
  const amount = Number(price) === 0 ? 'Free' : formatAmount(price, type === 'local' ? 'MVR' : 'USD');
  return kind.seat ? amount : `${amount}, no seat`;
}

/** The kinds of ticket, each with − and + (locals pay in MVR, foreigners in USD, infants nothing). */
export function TicketCounters({
  counts,
  prices,
  kinds = TICKET_KINDS,
  onChange,
  error,
  idPrefix = 'counter',
}: {
  counts: TicketCounts;
  prices: Prices;
  /** The kinds sold: the built-in ones, then the concessions' (ticketKinds). */
  kinds?: readonly TicketKind[];
  onChange: (counts: TicketCounts) => void;
  error?: string | undefined;
  /** Names the heading, `<prefix>-tickets`, where the focus goes to mend the counts. */
  idPrefix?: string;
}) {
  return (
    <section aria-labelledby={`${idPrefix}-tickets`} className="space-y-2">
      <h3
        id={`${idPrefix}-tickets`}
        tabIndex={-1}
        className="text-sm font-medium text-slate-800 outline-none"
      >
        Tickets
      </h3>
      <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {kinds.map((kind) => {
          const { type, category, label } = kind;
          const key: KindKey = `${type}-${category}`;
          const n = counts[key] ?? 0;
          const set = (next: number) => onChange({ ...counts, [key]: next });
          return (
            <li
              key={key}
              className="flex items-center gap-2 rounded-lg border border-slate-200 bg-white py-1.5 pr-1.5 pl-3"
            >
              <span className="min-w-0 flex-1 text-sm">
                <span className="block font-semibold text-slate-900">{label}</span>
                <span className="block text-xs text-slate-600">{unitPrice(prices, kind)}</span>
              </span>
              <Button
                variant="outline"
                size="icon"
                aria-label={`One ${label.toLowerCase()} less`}
                disabled={n === 0}
                onClick={() => set(n - 1)}
              >
                <Minus aria-hidden="true" />
              </Button>
              <output
                aria-live="polite"
                aria-label={`${label} tickets`}
                className="w-7 text-center font-bold"
              >
                {n}
              </output>
              <Button
                variant="outline"
                size="icon"
                aria-label={`One ${label.toLowerCase()} more`}
                disabled={n >= MAX_PER_KIND}
                onClick={() => set(n + 1)}
              >
                <Plus aria-hidden="true" />
              </Button>
            </li>
          );
        })}
      </ul>
      {error && (
        <p role="alert" className="text-sm text-red-800">
          {error}
        </p>
      )}
    </section>
  );
}
