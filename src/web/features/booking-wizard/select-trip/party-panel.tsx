import { useQuery } from '@tanstack/react-query';
import { Minus, Plus } from 'lucide-react';
import type { TextId } from '#shared/messages/catalogues.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useTexts } from '#web/i18n/texts.tsx';
import { publicSettingsQuery } from '#web/lib/operator-time-zone.ts';
import ConcessionCounters from '../concession-counters.tsx';
import { formatMoney } from '../format.ts';
import { adultCount, capInfants, infantsFull } from '../party.ts';
import { PASSENGER_TEXTS } from '../step-texts.ts';
import { type TicketCounts, ticketTotal } from '../wizard-state.ts';

/** Until the settings say (MAX_TICKETS_PER_BOOKING), as the passenger step assumes. */
const DEFAULT_MAX_TICKETS = 20;

type Kind =
  | 'LocalAdult'
  | 'LocalChild'
  | 'ForeignerAdult'
  | 'ForeignerChild'
  | 'LocalInfant'
  | 'ForeignerInfant';
const KINDS: ReadonlyArray<[Kind, 'MVR' | 'USD']> = [
  ['LocalAdult', 'MVR'],
  ['LocalChild', 'MVR'],
  ['ForeignerAdult', 'USD'],
  ['ForeignerChild', 'USD'],
  ['LocalInfant', 'MVR'],
  ['ForeignerInfant', 'USD'],
];

/**
 * Who travels, chosen before the search so each trip shows the party's fare: the passenger step's
 * ticket counters, with its texts, and the same counts (the wizard keeps one party). Loaded with
 * the trip list, when the passenger opens them, off /booking's first load. (Not the passenger
 * step's TicketSelector itself: sharing that module splits /booking's first load into more files.)
 */
export default function PartyPanel({
  id,
  tickets,
  onChange,
}: {
  id: string;
  tickets: TicketCounts;
  onChange: (tickets: TicketCounts) => void;
}) {
  const t = useTexts(PASSENGER_TEXTS);
  const settings = useQuery(publicSettingsQuery).data;
  const full = ticketTotal(tickets) >= (settings?.maxTicketsPerBooking ?? DEFAULT_MAX_TICKETS);
  const infantLimit = infantsFull(tickets);
  const noteId = `${id}-infant-note`;
  const limitId = `${id}-infant-limit`;
  return (
    <fieldset id={id} className="md:col-span-full">
      <legend className="mb-2 text-sm font-medium text-slate-900">{t('passenger.tickets')}</legend>
      <ul className="grid gap-2 sm:grid-cols-2">
        {KINDS.map(([kind, currency]) => {
          const key = `${kind[0]?.toLowerCase()}${kind.slice(1)}` as Exclude<
            keyof TicketCounts,
            'concessions'
          >;
          const count = tickets[key];
          const infant = kind.endsWith('Infant');
          // An infant travels free (docs/product.md section 2.4).
          const price = infant ? '0.00' : settings?.[`${key}Price` as 'localAdultPrice'];
          return (
            <li
              key={kind}
              className="flex items-center justify-between gap-3 rounded-xl border border-slate-200 p-3"
            >
              <div>
                <p className="font-medium text-slate-900">{t(`passenger.ticket${kind}` as TextId)}</p>
                <p className="text-sm text-slate-600">
                  {price ? <bdi dir="ltr">{formatMoney(price, currency)}</bdi> : '…'}
                </p>
              </div>
              <div className="flex items-center gap-2">
                <Button
                  type="button"
                  variant="outline"
                  size="icon"
                  aria-label={t(`passenger.remove${kind}` as TextId)}
                  disabled={count === 0}
                  onClick={() => onChange(capInfants({ ...tickets, [key]: count - 1 }))}
                >
                  <Minus aria-hidden="true" />
                </Button>
                <output
                  className="w-6 text-center font-semibold tabular-nums"
                  aria-live="polite"
                  aria-label={t(`passenger.count${kind}` as TextId)}
                >
                  {count}
                </output>
                <Button
                  type="button"
                  variant="outline"
                  size="icon"
                  aria-label={t(`passenger.add${kind}` as TextId)}
                  aria-describedby={infant ? (infantLimit ? `${noteId} ${limitId}` : noteId) : undefined}
                  disabled={full || (infant && infantLimit)}
                  onClick={() => onChange({ ...tickets, [key]: count + 1 })}
                >
                  <Plus aria-hidden="true" />
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      <p id={noteId} className="mt-2 text-sm text-slate-600">
        {t('passenger.infantNote')}
      </p>
      {infantLimit ? (
        <p id={limitId} className="mt-1 text-sm font-medium text-slate-800">
          {t('passenger.infantLimit', { adults: adultCount(tickets) })}
        </p>
      ) : null}
      <div className="mt-4">
        <ConcessionCounters
          tickets={tickets}
          prices={undefined}
          full={full}
          seatsFull={false}
          lapFull={infantLimit}
          onChange={onChange}
        />
      </div>
    </fieldset>
  );
}
