import { ArrowDown, ArrowUp, Flag, Plus, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { Location } from '#shared/schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { NativeSelect } from '#web/components/ui/native-select.tsx';
import {
  addStop,
  arrivesNextDay,
  moveStop,
  removeStop,
  type ScheduleDraft,
  updateStop,
} from './schedule-draft.ts';

type StopEditorProps = {
  draft: ScheduleDraft;
  locations: Location[];
  onChange: (draft: ScheduleDraft) => void;
  /** The inputs whose value the message is about, once it shows (null: none marked). */
  faults: { location: boolean; time: boolean }[] | null;
  /** The message under the stops, which the marked inputs name in their aria-describedby. */
  error: string | undefined;
  errorId: string;
  /** Focus left the stops. */
  onLeave: () => void;
  /** The message under the arrival at the final destination, once it shows. */
  arrivalError: string | undefined;
  /** Focus left the arrival. */
  onArrivalLeave: () => void;
};

/**
 * The ordered route: a location per stop, a departure time for every stop but the last and the
 * arrival time at the last, where passengers only get off.
 */
export function StopEditor({
  draft,
  locations,
  onChange,
  faults,
  error,
  errorId,
  onLeave,
  arrivalError,
  onArrivalLeave,
}: StopEditorProps) {
  const count = draft.stops.length;
  // Rows move and disappear under the keyboard: focus follows the row (or its neighbour), the
  // first of these element ids that can take it.
  const [focusNext, setFocusNext] = useState<string[] | null>(null);
  useEffect(() => {
    if (!focusNext) return;
    for (const id of focusNext) {
      const element = document.getElementById(id);
      if (element && !(element as HTMLButtonElement).disabled) {
        element.focus();
        break;
      }
    }
    setFocusNext(null);
  }, [focusNext]);

  const move = (index: number, by: -1 | 1) => {
    const key = draft.stops[index]?.key;
    const [same, other] = by === -1 ? ['up', 'down'] : ['down', 'up'];
    onChange(moveStop(draft, index, by));
    setFocusNext([`stop-${key}-${same}`, `stop-${key}-${other}`]);
  };
  const remove = (index: number) => {
    const next = removeStop(draft, index);
    const neighbour = next.stops[index] ?? next.stops[index - 1];
    onChange(next);
    setFocusNext([`stop-${neighbour?.key}-location`]);
  };
  const add = () => {
    const next = addStop(draft);
    onChange(next);
    setFocusNext([`stop-${next.stops.at(-1)?.key}-location`]);
  };

  return (
    <fieldset
      className="grid gap-3"
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) onLeave();
      }}
    >
      <legend className="mb-2 text-sm font-medium text-slate-800">Route stops</legend>
      <ol className="grid gap-3">
        {draft.stops.map((s, index) => {
          const n = index + 1;
          const isLast = index === count - 1;
          const selectId = `stop-${s.key}-location`;
          const timeId = `stop-${s.key}-time`;
          const arrivalErrorId = `${timeId}-error`;
          const nextDayId = `${timeId}-next-day`;
          const nextDay = isLast && arrivesNextDay(draft);
          const fault = error ? faults?.[index] : undefined;
          const marked = (bad: boolean | undefined) => ({
            'aria-invalid': bad ? (true as const) : undefined,
            'aria-describedby': bad ? errorId : undefined,
          });
          return (
            <li
              key={s.key}
              className="grid grid-cols-[1fr_auto] gap-x-2 gap-y-2 rounded-xl border border-slate-200 bg-slate-50 p-3 sm:grid-cols-[1fr_10rem_auto] sm:items-end"
            >
              <div className="col-span-2 grid gap-1.5 sm:col-span-1">
                <Label htmlFor={selectId}>
                  Stop {n}
                  <span className="sr-only"> location</span>
                </Label>
                <NativeSelect
                  id={selectId}
                  {...marked(fault?.location)}
                  value={s.locationId}
                  onChange={(e) => onChange(updateStop(draft, index, { locationId: e.target.value }))}
                >
                  <option value="">Choose a location</option>
                  {locations.map((location) => (
                    <option key={location.id} value={location.id}>
                      {location.name}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              {isLast ? (
                <div className="grid gap-1.5">
                  <Label htmlFor={timeId} className="flex items-center gap-1.5">
                    <Flag aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
                    <span>
                      <span className="sr-only">Stop {n}, final destination: </span>
                      Arrives<span className="sr-only"> at</span>
                    </span>
                  </Label>
                  <Input
                    id={timeId}
                    type="time"
                    aria-invalid={arrivalError ? true : undefined}
                    aria-describedby={
                      [arrivalError ? arrivalErrorId : null, nextDay ? nextDayId : null]
                        .filter(Boolean)
                        .join(' ') || undefined
                    }
                    value={s.departureTime}
                    onChange={(e) => onChange(updateStop(draft, index, { departureTime: e.target.value }))}
                    onBlur={onArrivalLeave}
                  />
                </div>
              ) : (
                <div className="grid gap-1.5">
                  <Label htmlFor={timeId}>
                    <span className="sr-only">Stop {n} </span>
                    Departure<span className="sr-only"> time</span>
                  </Label>
                  <Input
                    id={timeId}
                    type="time"
                    {...marked(fault?.time)}
                    value={s.departureTime}
                    onChange={(e) => onChange(updateStop(draft, index, { departureTime: e.target.value }))}
                  />
                </div>
              )}
              <div className="flex items-end justify-end gap-1">
                <Button
                  variant="ghost"
                  size="icon"
                  disabled={index === 0}
                  id={`stop-${s.key}-up`}
                  onClick={() => move(index, -1)}
                  aria-label={`Move stop ${n} up`}
                >
                  <ArrowUp aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  disabled={isLast}
                  id={`stop-${s.key}-down`}
                  onClick={() => move(index, 1)}
                  aria-label={`Move stop ${n} down`}
                >
                  <ArrowDown aria-hidden="true" />
                </Button>
                {count > 2 && (
                  <Button
                    variant="ghost"
                    size="icon"
                    className="text-red-700 hover:bg-red-50 hover:text-red-800"
                    onClick={() => remove(index)}
                    aria-label={`Remove stop ${n}`}
                  >
                    <X aria-hidden="true" />
                  </Button>
                )}
              </div>
              {isLast && (arrivalError || nextDay) ? (
                <div className="col-span-full grid gap-1 sm:col-start-2 sm:col-end-4">
                  {arrivalError ? (
                    <p id={arrivalErrorId} className="text-sm text-red-800">
                      {arrivalError}
                    </p>
                  ) : null}
                  {nextDay ? (
                    <p id={nextDayId} className="text-sm text-slate-700">
                      The next day, past midnight
                    </p>
                  ) : null}
                </div>
              ) : null}
            </li>
          );
        })}
      </ol>
      {error ? (
        <p id={errorId} className="text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <Button variant="outline" size="sm" className="justify-self-start" onClick={add}>
        <Plus aria-hidden="true" />
        Add Stop
      </Button>
    </fieldset>
  );
}
