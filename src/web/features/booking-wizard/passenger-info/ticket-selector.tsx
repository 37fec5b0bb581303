import { Minus, Plus } from 'lucide-react';
import type { TextId } from '#shared/messages/catalogues.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useTexts } from '#web/i18n/texts.tsx';
import { formatMoney, type Prices } from '../format.ts';
import { PASSENGER_TEXTS } from '../step-texts.ts';
import { type TicketCounts, ticketTotal } from '../wizard-state.ts';

type Row = {
  key: keyof TicketCounts;
  currency: 'MVR' | 'USD';
  /** The kind's name, its buttons' names and its count's name. */
  label: TextId;
  remove: TextId;
  add: TextId;
  count: TextId;
};

const ROWS: ReadonlyArray<Row> = [
  {
    key: 'localAdult',
    currency: 'MVR',
    label: 'passenger.ticketLocalAdult',
    remove: 'passenger.removeLocalAdult',
    add: 'passenger.addLocalAdult',
    count: 'passenger.countLocalAdult',
  },
  {
    key: 'localChild',
    currency: 'MVR',
    label: 'passenger.ticketLocalChild',
    remove: 'passenger.removeLocalChild',
    add: 'passenger.addLocalChild',
    count: 'passenger.countLocalChild',
  },
  {
    key: 'foreignerAdult',
    currency: 'USD',
    label: 'passenger.ticketForeignerAdult',
    remove: 'passenger.removeForeignerAdult',
    add: 'passenger.addForeignerAdult',
    count: 'passenger.countForeignerAdult',
  },
  {
    key: 'foreignerChild',
    currency: 'USD',
    label: 'passenger.ticketForeignerChild',
    remove: 'passenger.removeForeignerChild',
    add: 'passenger.addForeignerChild',
    count: 'passenger.countForeignerChild',
  },
];

export function TicketSelector({
  tickets,
  prices,
  max,
  describedBy,
  onChange,
}: {
  tickets: TicketCounts;
  prices: Prices | null;
  /** No more tickets than free seats on the trip. */
  max: number;
  /** The tickets' message, when there is one: each Add button is described by it. */
  describedBy?: string | undefined;
  onChange: (tickets: TicketCounts) => void;
}) {
  const t = useTexts(PASSENGER_TEXTS);
  const total = ticketTotal(tickets);
  return (
    <ul className="grid gap-2 sm:grid-cols-2">
      {ROWS.map(({ key, currency, label, remove, add, count: countLabel }) => {
        const count = tickets[key];
        return (
          <li
            key={key}
            className="flex items-center justify-between gap-3 rounded-xl border border-slate-200 p-3"
          >
            <div>
              <p className="font-medium text-slate-900" id={`ticket-${key}`}>
                {t(label)}
              </p>
              <p className="text-sm text-slate-600">
                {prices ? <bdi dir="ltr">{formatMoney(prices[key], currency)}</bdi> : '…'}
              </p>
            </div>
            <div className="flex items-center gap-2">
              <Button
                variant="outline"
                size="icon"
                aria-label={t(remove)}
                disabled={count === 0}
                onClick={() => onChange({ ...tickets, [key]: count - 1 })}
              >
                <Minus aria-hidden="true" />
              </Button>
              <output
                className="w-6 text-center font-semibold tabular-nums"
                aria-live="polite"
                aria-label={t(countLabel)}
              >
                {count}
              </output>
              <Button
                variant="outline"
                size="icon"
                id={`ticket-add-${key}`}
                aria-label={t(add)}
                aria-describedby={describedBy}
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
