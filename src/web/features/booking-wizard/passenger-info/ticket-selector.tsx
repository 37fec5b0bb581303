import { Minus, Plus } from 'lucide-react';
import type { TextId } from '#shared/messages/catalogues.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useTexts } from '#web/i18n/texts.tsx';
import ConcessionCounters, { type CategoryPrices } from '../concession-counters.tsx';
import { formatMoney, type Prices } from '../format.ts';
import { adultCount, capInfants, infantsFull, seatCount } from '../party.ts';
import { PASSENGER_TEXTS } from '../step-texts.ts';
import { type TicketCounts, ticketTotal } from '../wizard-state.ts';

type Row = {
  key: CountKey;
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
  {
    key: 'localInfant',
    currency: 'MVR',
    label: 'passenger.ticketLocalInfant',
    remove: 'passenger.removeLocalInfant',
    add: 'passenger.addLocalInfant',
    count: 'passenger.countLocalInfant',
  },
  {
    key: 'foreignerInfant',
    currency: 'USD',
    label: 'passenger.ticketForeignerInfant',
    remove: 'passenger.removeForeignerInfant',
    add: 'passenger.addForeignerInfant',
    count: 'passenger.countForeignerInfant',
  },
];

const INFANT_NOTE_ID = 'infant-note';
const INFANT_LIMIT_ID = 'infant-limit';
type CountKey = Exclude<keyof TicketCounts, 'concessions'>;
const isInfant = (key: CountKey) => key === 'localInfant' || key === 'foreignerInfant';

/** An infant's price where the operator set one (free otherwise). */
const infantPrice = (prices: CategoryPrices | undefined, key: CountKey) => {
  const own = prices?.find((p) => p.code === 'infant');
  return own ? (key === 'localInfant' ? own.localPrice : own.foreignerPrice) : undefined;
};

export function TicketSelector({
  tickets,
  prices,
  categoryPrices,
  max,
  seats,
  describedBy,
  onChange,
}: {
  tickets: TicketCounts;
  prices: Prices | null;
  /** The infant's and the concessions' prices on the trip's pair, when the trip search gave them. */
  categoryPrices?: CategoryPrices | undefined;
  /** The most tickets one booking may carry. */
  max: number;
  /** No more adults and children than free seats on the trip (infants take none). */
  seats: number;
  /** The tickets' message, when there is one: each Add button is described by it. */
  describedBy?: string | undefined;
  onChange: (tickets: TicketCounts) => void;
}) {
  const t = useTexts(PASSENGER_TEXTS);
  const total = ticketTotal(tickets);
  const seatsFull = seatCount(tickets) >= seats;
  const infantLimit = infantsFull(tickets);
  // The infants' Add buttons are described by what an infant is and, at the limit, why not more.
  const infantDescription = [describedBy, INFANT_NOTE_ID, infantLimit ? INFANT_LIMIT_ID : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="grid gap-2">
      <ul className="grid gap-2 sm:grid-cols-2">
        {ROWS.map(({ key, currency, label, remove, add, count: countLabel }) => {
          const count = tickets[key];
          const infant = isInfant(key);
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
                  {infant ? (
                    <bdi dir="ltr">{formatMoney(infantPrice(categoryPrices, key) ?? 0, currency)}</bdi>
                  ) : prices ? (
                    <bdi dir="ltr">{formatMoney(prices[key as keyof Prices], currency)}</bdi>
                  ) : (
                    '…'
                  )}
                </p>
              </div>
              <div className="flex items-center gap-2">
                <Button
                  variant="outline"
                  size="icon"
                  aria-label={t(remove)}
                  disabled={count === 0}
                  onClick={() => onChange(capInfants({ ...tickets, [key]: count - 1 }))}
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
                  aria-describedby={infant ? infantDescription : describedBy}
                  disabled={total >= max || (infant ? infantLimit : seatsFull)}
                  onClick={() => onChange({ ...tickets, [key]: count + 1 })}
                >
                  <Plus aria-hidden="true" />
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      <p id={INFANT_NOTE_ID} className="text-sm text-slate-600">
        {t('passenger.infantNote')}
      </p>
      {infantLimit ? (
        <p id={INFANT_LIMIT_ID} className="text-sm font-medium text-slate-800" data-testid="infant-limit">
          {t('passenger.infantLimit', { adults: adultCount(tickets) })}
        </p>
      ) : null}
      <ConcessionCounters
        tickets={tickets}
        prices={categoryPrices}
        full={total >= max}
        seatsFull={seatsFull}
        lapFull={infantLimit}
        onChange={onChange}
      />
    </div>
  );
}
