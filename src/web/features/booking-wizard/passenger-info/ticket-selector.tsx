import { Minus, Plus } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { formatMoney, type Prices } from '../format.ts';
import { type TicketCounts, ticketTotal } from '../wizard-state.ts';

const ROWS: ReadonlyArray<{ key: keyof TicketCounts; label: string; currency: 'MVR' | 'USD' }> = [
  { key: 'localAdult', label: 'Local adult', currency: 'MVR' },
  { key: 'localChild', label: 'Local child', currency: 'MVR' },
  { key: 'foreignerAdult', label: 'Foreigner adult', currency: 'USD' },
  { key: 'foreignerChild', label: 'Foreigner child', currency: 'USD' },
];

export function TicketSelector({
  tickets,
  prices,
  max,
  onChange,
}: {
  tickets: TicketCounts;
  prices: Prices | null;
  /** No more tickets than free seats on the trip. */
  max: number;
  onChange: (tickets: TicketCounts) => void;
}) {
  const total = ticketTotal(tickets);
  return (
    <ul className="grid gap-2 sm:grid-cols-2">
      {ROWS.map(({ key, label, currency }) => {
        const count = tickets[key];
        return (
          <li
            key={key}
            className="flex items-center justify-between gap-3 rounded-xl border border-slate-200 p-3"
          >
            <div>
              <p className="font-medium text-slate-900" id={`ticket-${key}`}>
                {label}
              </p>
              <p className="text-sm text-slate-600">{prices ? formatMoney(prices[key], currency) : '…'}</p>
            </div>
            <div className="flex items-center gap-2">
              <Button
                variant="outline"
                size="icon"
                aria-label={`Remove one ${label.toLowerCase()} ticket`}
                disabled={count === 0}
                onClick={() => onChange({ ...tickets, [key]: count - 1 })}
              >
                <Minus aria-hidden="true" />
              </Button>
              <output
                className="w-6 text-center font-semibold tabular-nums"
                aria-live="polite"
                aria-label={`${label} tickets`}
              >
                {count}
              </output>
              <Button
                variant="outline"
                size="icon"
                aria-label={`Add one ${label.toLowerCase()} ticket`}
                disabled={total >= max}
                onClick={() => onChange({ ...tickets, [key]: count + 1 })}
              >
                <Plus aria-hidden="true" />
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
