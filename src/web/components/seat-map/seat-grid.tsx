import { Check, X } from 'lucide-react';
import { Fragment } from 'react';
import { AISLE_AFTER_SEAT, SEATS_PER_ROW } from '#shared/constants.ts';
import type { TextId } from '#shared/messages/catalogues.ts';
import { useTexts } from '#web/i18n/texts.tsx';
import { cn } from '#web/lib/utils.ts';
import { VESSEL_TEXTS } from './vessel-texts.ts';

export type SeatView = 'available' | 'selected' | 'occupied';

/** Each seat's accessible name, which says its state. */
const SEAT_NAME: Record<SeatView, TextId> = {
  available: 'vessel.seatAvailable',
  selected: 'vessel.seatSelected',
  occupied: 'vessel.seatOccupied',
};

const LEGEND: Record<SeatView, TextId> = {
  available: 'vessel.available',
  selected: 'vessel.selected',
  occupied: 'vessel.occupied',
};

// Colour is never the only signal (docs/product.md section 16): selected seats carry a tick, occupied ones a
// cross on a striped background, and every seat's name says its state.
const STRIPES = 'bg-[repeating-linear-gradient(135deg,#e2e8f0_0_4px,#cbd5e1_4px_8px)]';

const seatClass: Record<SeatView, string> = {
  available: 'border-slate-300 bg-white text-slate-900 hover:border-sky-500 hover:bg-sky-50',
  selected: 'border-sky-700 bg-sky-700 text-white',
  occupied: cn('cursor-not-allowed border-slate-300 text-slate-500', STRIPES),
};

function SeatIcon({ view }: { view: SeatView }) {
  if (view === 'selected') return <Check aria-hidden="true" className="size-3.5" />;
  if (view === 'occupied') return <X aria-hidden="true" className="size-3.5" />;
  return null;
}

/** docs/product.md section 9: six seats a row with an aisle after the third. */
export function SeatGrid({
  seats,
  onToggle,
}: {
  seats: ReadonlyArray<{ label: string; view: SeatView }>;
  onToggle: (label: string) => void;
}) {
  const t = useTexts(VESSEL_TEXTS);
  const rows: (typeof seats)[] = [];
  for (let i = 0; i < seats.length; i += SEATS_PER_ROW) rows.push(seats.slice(i, i + SEATS_PER_ROW));
  // The vessel's real left and right in every language: the rows never mirror; the texts in the
  // map keep their own direction (dir="auto").
  return (
    <div dir="ltr" className="overflow-x-auto">
      <fieldset className="mx-auto grid w-fit gap-2 rounded-2xl border border-slate-200 bg-slate-50 p-3 sm:p-5">
        <legend dir="auto" className="sr-only">
          {t('vessel.seatMap')}
        </legend>
        <p dir="auto" className="mb-1 text-center text-xs font-medium tracking-wide text-slate-500 uppercase">
          {t('vessel.front')}
        </p>
        {rows.map((row) => (
          <div key={row[0]?.label} className="flex gap-1 sm:gap-2">
            {row.map((seat, index) => (
              <Fragment key={seat.label}>
                {index === AISLE_AFTER_SEAT ? <span aria-hidden="true" className="w-3 sm:w-8" /> : null}
                <button
                  type="button"
                  disabled={seat.view === 'occupied'}
                  aria-pressed={seat.view === 'selected'}
                  aria-label={t(SEAT_NAME[seat.view], { seat: seat.label })}
                  onClick={() => onToggle(seat.label)}
                  className={cn(
                    'flex size-10 flex-col items-center justify-center rounded-lg border-2 text-xs font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600 sm:size-12',
                    seatClass[seat.view],
                  )}
                >
                  <span>{seat.label}</span>
                  <SeatIcon view={seat.view} />
                </button>
              </Fragment>
            ))}
          </div>
        ))}
      </fieldset>
    </div>
  );
}

export function SeatLegend() {
  const t = useTexts(VESSEL_TEXTS);
  const items: SeatView[] = ['available', 'selected', 'occupied'];
  return (
    <ul
      aria-label={t('vessel.legend')}
      className="flex flex-wrap justify-center gap-4 text-sm text-slate-700"
    >
      {items.map((view) => (
        <li key={view} className="flex items-center gap-2">
          <span
            aria-hidden="true"
            className={cn('flex size-6 items-center justify-center rounded-md border-2', seatClass[view])}
          >
            <SeatIcon view={view} />
          </span>
          {t(LEGEND[view])}
        </li>
      ))}
    </ul>
  );
}
