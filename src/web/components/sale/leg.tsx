import type { CounterDeparture, CounterPrices } from '#shared/counter.ts';
import type { CategoryPrice } from '#shared/fare-categories.ts';
import { NativeSelect } from '#web/components/ui/native-select.tsx';
import { Field } from './field.tsx';

/** What was picked of a departure: its From and To stops and its launch (null: the default). */
export type LegChoice = { fromId: string | null; toId: string | null; launchId: string | null };

/**
 * The stretch a sale is for, on one departure: From is a stop still boarding (the first such by
 * default), To any stop after it (the last by default), and the launch (the first by default).
 * `from` is undefined once boarding has closed everywhere.
 */
export function chooseLeg(departure: CounterDeparture, choice: LegChoice) {
  const boarding = departure.stops.slice(0, -1);
  const from =
    boarding.find((s) => s.locationId === choice.fromId && !s.closed) ?? boarding.find((s) => !s.closed);
  const fromIndex = from ? departure.stops.indexOf(from) : -1;
  const destinations = departure.stops.slice(fromIndex + 1);
  const to = destinations.find((s) => s.locationId === choice.toId) ?? destinations.at(-1);
  const launch = departure.launches.find((l) => l.id === choice.launchId) ?? departure.launches[0];
  return { boarding, from, destinations, to, launch };
}
export type Leg = ReturnType<typeof chooseLeg>;

export type LegPrices = CounterPrices & { categoryPrices?: CategoryPrice[] | undefined };

/** The From -> To's own prices where the pair has them (docs/decisions/033), as the server charges. */
export function legPrices(departure: CounterDeparture, prices: CounterPrices, leg: Leg): LegPrices {
  const fare = departure.fares.find(
    (f) => f.originId === leg.from?.locationId && f.destinationId === leg.to?.locationId,
  );
  return fare
    ? {
        ...prices,
        localAdultPrice: fare.localAdultPrice,
        localChildPrice: fare.localChildPrice,
        foreignerAdultPrice: fare.foreignerAdultPrice,
        foreignerChildPrice: fare.foreignerChildPrice,
        categoryPrices: fare.categoryPrices,
      }
    : prices;
}

/** From, To and the launch (a choice when the departure has more than one), side by side from 640 px. */
export function LegFields({
  departure,
  leg,
  onChange,
  idPrefix = 'counter',
}: {
  departure: CounterDeparture;
  leg: Leg;
  onChange: (changes: Partial<LegChoice>) => void;
  /** Names the fields: `<prefix>-from`, `<prefix>-to`, `<prefix>-launch`. */
  idPrefix?: string;
}) {
  const { boarding, from, destinations, to, launch } = leg;
  return (
    <section aria-label="Trip" className="grid grid-cols-1 gap-3 sm:grid-cols-3">
      <Field id={`${idPrefix}-from`} label="From">
        <NativeSelect value={from?.locationId ?? ''} onChange={(e) => onChange({ fromId: e.target.value })}>
          {boarding.map((s) => (
            <option key={s.locationId} value={s.locationId} disabled={s.closed}>
              {s.name}
              {s.departureTime ? ` · ${s.departureTime}` : ''}
              {s.closed ? ' · boarding closed' : ''}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id={`${idPrefix}-to`} label="To">
        <NativeSelect value={to?.locationId ?? ''} onChange={(e) => onChange({ toId: e.target.value })}>
          {destinations.map((s) => (
            <option key={s.locationId} value={s.locationId}>
              {s.name}
            </option>
          ))}
        </NativeSelect>
      </Field>
      {departure.launches.length > 1 ? (
        <Field id={`${idPrefix}-launch`} label="Launch">
          <NativeSelect value={launch?.id ?? ''} onChange={(e) => onChange({ launchId: e.target.value })}>
            {departure.launches.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </NativeSelect>
        </Field>
      ) : (
        <div>
          <p className="text-sm font-medium text-slate-800">Launch</p>
          <p className="mt-1.5 flex h-11 items-center font-semibold text-slate-900">
            {launch?.name ?? 'No launch'}
          </p>
        </div>
      )}
    </section>
  );
}
