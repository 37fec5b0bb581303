import { useQuery } from '@tanstack/react-query';
import { Armchair } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import type { CounterDeparture } from '#shared/counter.ts';
import { type Allotment, allotmentInputSchema, type Partner } from '#shared/partners.ts';
import { FormField } from '#web/components/form-field.tsx';
import { EmptyNote, ErrorNote, LoadingNote } from '#web/components/query-notes.tsx';
import { SeatGrid, SeatLegend, type SeatView } from '#web/components/seat-map/seat-grid.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { NativeSelect } from '#web/components/ui/native-select.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
import { formatDay, isIsoDate } from '#web/lib/dates.ts';
import { useFocusFirstInvalid } from '#web/lib/focus-invalid.ts';
import { useOperatorToday } from '#web/lib/operator-time-zone.ts';
import { toast } from '#web/lib/toast.ts';
import { partnerDayQuery, partnerSeatsQuery, useSaveAllotment } from './api.ts';
import { partnerTexts } from './partner-texts.ts';

type Problems = Partial<Record<'seats' | 'releaseHours' | 'root', string>>;

export const routeOf = (stops: ReadonlyArray<{ name: string }>) =>
  `${stops[0]?.name ?? 'Unknown'} → ${stops.at(-1)?.name ?? 'Unknown'}`;

/** '08:00 · Malé → Maafushi (via Airport)', what a departure is called in its select. */
function departureLabel(d: CounterDeparture): string {
  const via =
    d.stops.length > 2
      ? ` (via ${d.stops
          .slice(1, -1)
          .map((s) => s.name)
          .join(', ')})`
      : '';
  return `${d.departureTime} · ${routeOf(d.stops)}${via}`;
}

/**
 * Seats set aside for the partner on one departure: a date, its departure, a launch, the seats
 * from the launch's map, and when what is unsold goes back on sale.
 */
export function AllotmentForm({
  partner,
  onDone,
  onCancel,
}: {
  partner: Partner;
  onDone: (allotment: Allotment) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const today = useOperatorToday() ?? '';
  const [pickedDate, setDate] = useState<string | null>(null);
  const date = pickedDate ?? today;
  const [scheduleId, setScheduleId] = useState('');
  const [pickedLaunch, setLaunch] = useState('');
  const [seats, setSeats] = useState<string[]>([]);
  const [releaseHours, setReleaseHours] = useState('24');
  const [problems, setProblems] = useState<Problems>({});
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid();
  const save = useSaveAllotment(partner.id);

  const day = useQuery({ ...partnerDayQuery(date), enabled: isIsoDate(date) });
  const departure = day.data?.departures.find((d) => d.scheduleId === scheduleId);
  const launches = departure?.launches ?? [];
  // A departure with one launch needs no choice.
  const launchId = launches.length === 1 ? (launches[0]?.id ?? '') : pickedLaunch;
  const launch = launches.find((l) => l.id === launchId);
  const map = useQuery({
    ...partnerSeatsQuery(partner.id, { scheduleId, date, launchId }),
    enabled: departure !== undefined && launch !== undefined,
  });

  const free = new Set(map.data?.seats.filter((s) => s.state === 'available').map((s) => s.label));
  // A seat taken meanwhile (the map refreshes) is no longer chosen.
  const chosen = seats.filter((s) => free.has(s));
  const alreadyHeld = map.data?.seats.filter((s) => s.state === 'mine').map((s) => s.label) ?? [];
  const views = (map.data?.seats ?? []).map((seat) => ({
    label: seat.label,
    view: (seat.state !== 'available'
      ? 'occupied'
      : chosen.includes(seat.label)
        ? 'selected'
        : 'available') as SeatView,
  }));

  const clear = (...keys: (keyof Problems)[]) =>
    setProblems((p) =>
      Object.fromEntries(Object.entries(p).filter(([k]) => !keys.includes(k as keyof Problems))),
    );
  const toggle = (label: string) => {
    clear('seats', 'root');
    setSeats((current) =>
      current.includes(label)
        ? current.filter((s) => s !== label)
        : [...current.filter((s) => free.has(s)), label],
    );
  };
  const resetFrom = (step: 'date' | 'departure' | 'launch') => {
    if (step === 'date') setScheduleId('');
    if (step !== 'launch') setLaunch('');
    setSeats([]);
    setProblems({});
  };

  const show = (next: Problems) => {
    setProblems(next);
    if (formRef.current) focusFirstInvalid(formRef.current);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!departure || !launch) return;
    const parsed = allotmentInputSchema.safeParse({
      scheduleId,
      travelDate: date,
      launchId,
      seats: chosen,
      releaseHours,
    });
    if (!parsed.success) {
      const next: Problems = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === 'seats' || issue.path[0] === 'releaseHours' ? issue.path[0] : 'root';
        next[key] ??= issue.message;
      }
      return show(next);
    }
    const named = `${formatDay(date)} ${departure.departureTime}`;
    save.mutate(parsed.data, {
      onSuccess: (allotment) => {
        toast.success(partnerTexts.allotmentSet(allotment.seats.length, named));
        onDone(allotment);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'seats_unavailable') {
          // Taken meanwhile: unchosen, named, and the map shows them taken (it refetches).
          const taken = new Set(error.details.seats ?? []);
          setSeats((current) => current.filter((s) => !taken.has(s)));
          return show({ seats: error.message });
        }
        const fields = error instanceof ApiError ? error.fields : undefined;
        if (fields?.releaseHours || fields?.seats)
          return show({ releaseHours: fields.releaseHours, seats: fields.seats });
        show({ root: errorMessage(error) });
      },
    });
  };

  const seatsProblemId = `${id}-seats-problem`;
  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={`${id}-title`}
      className="grid gap-4 rounded-xl border border-sky-200 bg-sky-50/50 p-3 sm:p-4"
    >
      <h4 id={`${id}-title`} className="font-semibold text-slate-900">
        Set aside seats for {partner.name}
      </h4>
      <div className="grid gap-4 sm:grid-cols-[auto_minmax(0,1fr)]">
        <FormField id={`${id}-date`} label="Travel date">
          {(control) => (
            <Input
              {...control}
              type="date"
              className="w-full bg-white sm:w-44"
              min={today || undefined}
              value={date}
              onChange={(event) => {
                setDate(event.target.value);
                resetFrom('date');
              }}
            />
          )}
        </FormField>
        <FormField
          id={`${id}-departure`}
          label="Departure"
          hint={
            day.data && day.data.departures.length === 0 ? `No departures on ${formatDay(date)}.` : undefined
          }
        >
          {(control) => (
            <NativeSelect
              {...control}
              className="bg-white"
              value={scheduleId}
              disabled={!day.data || day.data.departures.length === 0}
              onChange={(event) => {
                setScheduleId(event.target.value);
                resetFrom('departure');
              }}
            >
              <option value="">
                {day.isFetching && !day.data ? 'Loading departures…' : 'Choose a departure'}
              </option>
              {day.data?.departures.map((d) => (
                <option key={d.scheduleId} value={d.scheduleId}>
                  {departureLabel(d)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      </div>
      {day.isError ? <ErrorNote error={day.error} /> : null}

      {departure && launches.length > 1 ? (
        <FormField id={`${id}-launch`} label="Launch">
          {(control) => (
            <NativeSelect
              {...control}
              className="bg-white"
              value={pickedLaunch}
              onChange={(event) => {
                setLaunch(event.target.value);
                resetFrom('launch');
              }}
            >
              <option value="">Choose a launch</option>
              {launches.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      ) : departure && launch ? (
        <p className="text-sm text-slate-700">
          Launch: <span className="font-semibold text-slate-900">{launch.name}</span>
        </p>
      ) : departure ? (
        <EmptyNote>This departure has no launch.</EmptyNote>
      ) : null}

      {departure && launch ? (
        map.isPending ? (
          <LoadingNote>Loading seats…</LoadingNote>
        ) : map.isError ? (
          <ErrorNote error={map.error} />
        ) : (
          <div className="grid gap-3">
            <p className="text-sm text-slate-800" aria-live="polite">
              {chosen.length === 0
                ? 'Choose the seats to set aside.'
                : `${chosen.length} ${chosen.length === 1 ? 'seat' : 'seats'} chosen: ${chosen.join(', ')}`}
            </p>
            {alreadyHeld.length > 0 ? (
              <p className="text-sm text-slate-700">
                Already set aside for {partner.name} (shown as taken):{' '}
                <span className="font-mono font-semibold">{alreadyHeld.join(', ')}</span>
              </p>
            ) : null}
            <SeatGrid seats={views} onToggle={toggle} />
            <SeatLegend />
            {problems.seats ? (
              <p id={seatsProblemId} role="alert" className="text-sm text-red-800">
                {problems.seats}
              </p>
            ) : null}
          </div>
        )
      ) : null}

      {departure && launch ? (
        <FormField
          id={`${id}-release`}
          label="Release unsold seats (hours before departure)"
          hint="What the partner has not booked by then goes back on sale."
          error={problems.releaseHours}
        >
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              autoComplete="off"
              className="w-32 bg-white"
              value={releaseHours}
              onChange={(event) => {
                setReleaseHours(event.target.value);
                clear('releaseHours', 'root');
              }}
            />
          )}
        </FormField>
      ) : null}

      {problems.root ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {problems.root}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={!departure || !launch || save.isPending}>
          {save.isPending ? <Spinner /> : <Armchair aria-hidden="true" />}
          {save.isPending
            ? 'Setting aside...'
            : chosen.length > 0
              ? `Set aside ${chosen.length} ${chosen.length === 1 ? 'seat' : 'seats'}`
              : 'Set aside seats'}
        </Button>
      </div>
    </form>
  );
}
