import type { CounterDay, CounterDeparture } from '#shared/counter.ts';
import { EmptyNote } from '#web/components/query-notes.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { formatDay } from '#web/lib/dates.ts';

export const routeOf = (d: CounterDeparture) =>
  `${d.stops[0]?.name ?? 'Unknown'} → ${d.stops.at(-1)?.name ?? 'Unknown'}`;

/** Boarding has closed at every stop a passenger could board at: nothing left to sell. */
export const soldOut = (d: CounterDeparture) => d.stops.slice(0, -1).every((s) => s.closed);

/**
 * The day's departures as large choices (today's by default; a date for a later day). Once one
 * is chosen it folds into one line with Change, so the seats come up the page. The counter's and
 * a partner's screen alike; `idPrefix` names the heading (`<prefix>-departure-title`, which takes
 * the focus) and the date field.
 */
export function DeparturePicker({
  day,
  date,
  chosen,
  onDate,
  onChoose,
  idPrefix = 'counter',
}: {
  day: CounterDay;
  date: string;
  chosen: CounterDeparture | undefined;
  onDate: (date: string) => void;
  onChoose: (scheduleId: string | null) => void;
  idPrefix?: string;
}) {
  const titleId = `${idPrefix}-departure-title`;
  if (chosen) {
    return (
      <section
        aria-labelledby={titleId}
        className="flex items-center gap-3 rounded-2xl border border-sky-200 bg-sky-50 p-3"
      >
        <div className="min-w-0 flex-1">
          <h2 id={titleId} tabIndex={-1} className="text-xs font-medium text-slate-600 outline-none">
            Departure · {formatDay(chosen.travelDate)}
          </h2>
          <p className="font-semibold text-slate-900">
            {chosen.departureTime} · {routeOf(chosen)}
          </p>
        </div>
        <Button variant="outline" onClick={() => onChoose(null)}>
          Change
        </Button>
      </section>
    );
  }
  return (
    <section aria-labelledby={titleId} className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id={titleId} tabIndex={-1} className="text-lg font-semibold text-slate-900 outline-none">
          Choose the departure
        </h2>
        <div className="grid gap-1">
          <Label htmlFor={`${idPrefix}-date`}>Travel date</Label>
          <Input
            id={`${idPrefix}-date`}
            type="date"
            className="w-44"
            min={day.today}
            value={date}
            onChange={(e) => onDate(e.target.value)}
          />
        </div>
      </div>
      {day.departures.length === 0 ? (
        <EmptyNote>No departures on {formatDay(day.date)}.</EmptyNote>
      ) : (
        <ul
          aria-label={`Departures on ${formatDay(day.date)}`}
          className="grid grid-cols-1 gap-2 sm:grid-cols-2"
        >
          {day.departures.map((d) => {
            const closed = soldOut(d);
            return (
              <li key={d.scheduleId}>
                <button
                  type="button"
                  disabled={closed}
                  onClick={() => onChoose(d.scheduleId)}
                  className="flex min-h-14 w-full items-center gap-3 rounded-xl border border-slate-300 bg-white px-3 py-2 text-left text-slate-900 hover:border-sky-600 hover:bg-sky-50 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-600"
                >
                  <span className="text-lg font-bold tabular-nums">{d.departureTime}</span>
                  <span className="min-w-0 flex-1 text-sm">
                    <span className="block font-semibold">{routeOf(d)}</span>
                    <span className="block truncate text-xs text-slate-600">
                      {closed
                        ? 'Boarding closed'
                        : [
                            d.stops.length > 2
                              ? `via ${d.stops
                                  .slice(1, -1)
                                  .map((s) => s.name)
                                  .join(', ')}`
                              : null,
                            d.launches.map((l) => l.name).join(', '),
                          ]
                            .filter(Boolean)
                            .join(' · ')}
                    </span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
