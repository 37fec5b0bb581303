import { useQuery } from '@tanstack/react-query';
import { Minus, Plus } from 'lucide-react';
import type { FareCategoryPublic } from '#shared/fare-categories.ts';
import { Button } from '#web/components/ui/button.tsx';
import { type Translate, useLanguage, useTexts } from '#web/i18n/texts.tsx';
import { publicSettingsQuery } from '#web/lib/operator-time-zone.ts';
import { formatMoney } from './format.ts';
import { capInfants } from './party.ts';
import { PASSENGER_TEXTS } from './step-texts.ts';
import type { ConcessionCount, TicketCounts } from './wizard-state.ts';

const BUILT_IN = new Set(['adult', 'child', 'infant']);
const TYPES = [
  ['local', 'MVR'],
  ['foreigner', 'USD'],
] as const;

/** A category's unit prices on the trip's pair, as the trip search gives them. */
export type CategoryPrices = ReadonlyArray<{ code: string; localPrice: string; foreignerPrice: string }>;

/** Who may travel on a concession, from its age limits; '' without any. */
function ages(t: Translate, fare: FareCategoryPublic): string {
  const { minAge: min, maxAge: max } = fare;
  if (min !== null && max !== null) return t('passenger.agesBetween', { min, max });
  if (min !== null) return t('passenger.agesFrom', { min });
  if (max !== null) return t('passenger.agesUpTo', { max });
  return '';
}

/** Its price for a type: the trip's where a trip is chosen, else what its rule says. */
function price(
  t: Translate,
  fare: FareCategoryPublic,
  type: 'local' | 'foreigner',
  currency: 'MVR' | 'USD',
  prices: CategoryPrices | undefined,
): string {
  const own = prices?.find((p) => p.code === fare.code);
  if (own) return formatMoney(type === 'local' ? own.localPrice : own.foreignerPrice, currency);
  if (fare.priceRule === 'free') return t('passenger.concessionFree');
  if (fare.priceRule === 'percent' && fare.percentOff) {
    return t('passenger.concessionPercent', { percent: Number(fare.percentOff) });
  }
  return '…';
}

/**
 * The operator's concessions (senior, student ...; docs/decisions/036-fare-categories.md) as
 * ticket counters, under the adult, child and infant ones: each with its name in the passenger's
 * language, its price, who may travel on it and whether an ID is checked at boarding. Nothing
 * when the operator offers none. Loaded with the steps that count the party, never on the first
 * load.
 */
export default function ConcessionCounters({
  tickets,
  prices,
  full,
  seatsFull,
  lapFull,
  onChange,
}: {
  tickets: TicketCounts;
  prices: CategoryPrices | undefined;
  /** As many tickets as one booking may carry. */
  full: boolean;
  /** As many seat-taking persons as the trip has free seats. */
  seatsFull: boolean;
  /** As many persons on a lap as adults. */
  lapFull: boolean;
  onChange: (tickets: TicketCounts) => void;
}) {
  const t = useTexts(PASSENGER_TEXTS);
  const language = useLanguage();
  const fares = useQuery(publicSettingsQuery).data?.fares?.filter((f) => !BUILT_IN.has(f.code)) ?? [];
  if (fares.length === 0) return null;

  const change = (fare: FareCategoryPublic, type: 'local' | 'foreigner', by: number) => {
    const current: ConcessionCount = tickets.concessions?.[fare.code] ?? {
      local: 0,
      foreigner: 0,
      seat: fare.seat,
      name: fare.name,
    };
    const next = { ...current, seat: fare.seat, name: fare.name, [type]: Math.max(0, current[type] + by) };
    const concessions = { ...tickets.concessions, [fare.code]: next };
    if (next.local + next.foreigner === 0) delete concessions[fare.code];
    onChange(capInfants({ ...tickets, concessions }));
  };

  return (
    <fieldset className="grid gap-2" data-testid="concession-counters">
      <legend className="mb-2 text-sm font-medium text-slate-900">{t('passenger.concessionsLegend')}</legend>
      <ul className="grid gap-2 sm:grid-cols-2">
        {fares.flatMap((fare) => {
          const name = (language === 'dv' && fare.name.dv.trim()) || fare.name.en;
          const notesId = `concession-${fare.code}-notes`;
          const notes = [
            ages(t, fare),
            fare.idRequired ? t('passenger.concessionIdNote') : '',
            fare.seat ? '' : t('passenger.concessionLapNote'),
          ].filter(Boolean);
          return TYPES.map(([type, currency]) => {
            const count = tickets.concessions?.[fare.code]?.[type] ?? 0;
            const values = { name, type };
            const rowNotesId = `${notesId}-${type}`;
            return (
              <li
                key={`${fare.code}-${type}`}
                className="flex items-center justify-between gap-3 rounded-xl border border-slate-200 p-3"
              >
                <div>
                  <p className="font-medium text-slate-900">{t('passenger.concessionTicket', values)}</p>
                  <p className="text-sm text-slate-600">
                    <bdi dir="ltr">{price(t, fare, type, currency, prices)}</bdi>
                  </p>
                  {notes.length > 0 ? (
                    <p id={rowNotesId} className="grid text-sm text-slate-600">
                      {notes.map((note) => (
                        <span key={note}>{note}</span>
                      ))}
                    </p>
                  ) : null}
                </div>
                <div className="flex items-center gap-2">
                  <Button
                    type="button"
                    variant="outline"
                    size="icon"
                    aria-label={t('passenger.removeConcession', values)}
                    disabled={count === 0}
                    onClick={() => change(fare, type, -1)}
                  >
                    <Minus aria-hidden="true" />
                  </Button>
                  <output
                    className="w-6 text-center font-semibold tabular-nums"
                    aria-live="polite"
                    aria-label={t('passenger.countConcession', values)}
                  >
                    {count}
                  </output>
                  <Button
                    type="button"
                    variant="outline"
                    size="icon"
                    aria-label={t('passenger.addConcession', values)}
                    aria-describedby={notes.length > 0 ? rowNotesId : undefined}
                    disabled={full || (fare.seat ? seatsFull : lapFull)}
                    onClick={() => change(fare, type, 1)}
                  >
                    <Plus aria-hidden="true" />
                  </Button>
                </div>
              </li>
            );
          });
        })}
      </ul>
    </fieldset>
  );
}
