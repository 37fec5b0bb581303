import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Trip } from '#shared/schemas.ts';
import { VESSEL_TEXTS } from '#web/components/seat-map/vessel-texts.ts';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { useTexts } from '#web/i18n/texts.tsx';
import { DATES_TEXTS, formatTravelDate } from '#web/lib/dates.ts';
import { cn } from '#web/lib/utils.ts';
import { tripsQuery } from '../api.ts';
import { BOOKING_TEXTS, usePlaceName } from '../texts.ts';
import { EMPTY_TICKETS, type StepProps, type TripSearch, ticketTotal } from '../wizard-state.ts';
import { TripResults } from './trip-results.tsx';

// Step 1 loads the trip list's module through this one (select-trip-step.tsx).
export { LoadError, PartyPanel, TripResults } from './trip-results.tsx';

// A return on step 1: the choice of one way or return in the search form, and the way back once
// the outbound trip is picked. Loaded with the trip list, off /booking's first load.

const RETURN_DATE_ID = 'return-date';

/** Step 1's return parts, one module for both: the choice in the form, or (`list`) the way back. */
export default function Returns({ list, ...props }: StepProps & { list?: boolean }) {
  if (list) return <ReturnResults {...props} />;
  return (
    <TripKind
      search={props.state.search}
      onChange={(search) => props.dispatch({ type: 'searchChanged', search })}
    />
  );
}

/** One way or return (a return date beside the outbound's, the same day or later). */
export function TripKind({
  search,
  onChange,
}: {
  search: TripSearch;
  onChange: (search: Partial<TripSearch>) => void;
}) {
  const t = useTexts(VESSEL_TEXTS);
  const returnDate = search.returnDate ?? '';
  const kinds = [
    ['one-way', t('vessel.oneWay'), ''],
    ['return', t('vessel.returnTrip'), returnDate || search.date],
  ] as const;
  return (
    <div className="grid gap-4 sm:grid-cols-2 md:col-span-full md:grid-cols-[auto_16rem] md:items-end">
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium text-slate-900">{t('vessel.tripKind')}</legend>
        <div className="flex gap-2">
          {kinds.map(([kind, label, date]) => {
            const checked = Boolean(returnDate) === Boolean(date);
            return (
              <label
                key={kind}
                className={cn(
                  'flex h-11 cursor-pointer items-center gap-2 rounded-lg border-2 px-3 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-sky-600',
                  checked ? 'border-sky-700 bg-sky-50 text-slate-900' : 'border-slate-200 text-slate-700',
                )}
              >
                <input
                  type="radio"
                  name="trip-kind"
                  value={kind}
                  checked={checked}
                  onChange={() => onChange({ returnDate: date })}
                  className="size-4 accent-sky-700"
                />
                {label}
              </label>
            );
          })}
        </div>
      </fieldset>
      {returnDate ? (
        <div className="grid gap-2">
          <Label htmlFor={RETURN_DATE_ID}>{t('vessel.returnDate')}</Label>
          <Input
            id={RETURN_DATE_ID}
            type="date"
            min={search.date}
            value={returnDate}
            // Cleared, the field keeps the return: the outbound's date stands in.
            onChange={(e) => onChange({ returnDate: e.target.value || search.date })}
          />
        </div>
      ) : null}
    </div>
  );
}

/** Whether `back` leaves after `out` arrives (without a timetabled arrival: after it leaves). */
export const leavesAfter = (out: Trip, back: Trip) =>
  back.travelDate > out.travelDate || back.departureTime > (out.arrivalTime ?? out.departureTime);

/**
 * The way back: the trips of the reverse pair on the return date (never before the outbound's)
 * that leave after the outbound trip arrives; picking one goes on to step 2.
 */
export function ReturnResults({ state, dispatch }: StepProps) {
  const t = useTexts(BOOKING_TEXTS, VESSEL_TEXTS, DATES_TEXTS);
  const placeName = usePlaceName();
  const out = state.selectedTrip;
  const requested = state.search.returnDate ?? '';
  const date = out && requested < out.travelDate ? out.travelDate : requested;
  const party = ticketTotal(state.tickets) > 0 ? state.tickets : undefined;
  const trips = useQuery({
    ...tripsQuery(date, out?.to.id ?? '', out?.from.id ?? '', { ...EMPTY_TICKETS, ...party, returning: 1 }),
    enabled: Boolean(out && date),
    select: (found: Trip[]) => (out ? found.filter((back) => leavesAfter(out, back)) : []),
  });
  const heading = useRef<HTMLHeadingElement>(null);
  // The list appears under the one just used: the passenger is taken to it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per outbound trip picked.
  useEffect(() => {
    heading.current?.scrollIntoView({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, [out?.scheduleId]);
  if (!out) return null;
  const search = { date, fromId: out.to.id, toId: out.from.id };
  return (
    <section aria-labelledby="return-heading" className="mt-8 grid gap-1 border-t border-slate-200 pt-6">
      <p className="text-sm text-slate-700" data-testid="outbound-chosen">
        {t('vessel.outbound')}: <bdi>{placeName(out.from)}</bdi> {t('vessel.stopArrow')}{' '}
        <bdi>{placeName(out.to)}</bdi> ·{' '}
        {t('vessel.departs', { time: out.departureTime, date: formatTravelDate(out.travelDate) })}
      </p>
      <h3
        id="return-heading"
        ref={heading}
        tabIndex={-1}
        className="scroll-mt-20 text-lg font-semibold text-slate-900 outline-none"
      >
        {t('vessel.returnTitle')}
      </h3>
      <p className="text-sm text-slate-600">
        {t('vessel.returnIntro', { from: placeName(out.to), to: placeName(out.from) })}
      </p>
      {trips.data?.length === 0 ? (
        <p className="mt-4 rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">
          {t('vessel.noReturnTrips')}
        </p>
      ) : (
        <TripResults
          trips={trips}
          search={search}
          onSelect={(trip) => dispatch({ type: 'returnSelected', trip })}
          onDate={(day) => dispatch({ type: 'searchChanged', search: { returnDate: day } })}
        />
      )}
    </section>
  );
}
