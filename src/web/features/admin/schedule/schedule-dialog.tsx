import { useQuery } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { type FocusEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { STAFF_MSG, STAFF_WEEKDAYS } from '#shared/messages/staff.ts';
import type { Location } from '#shared/schemas.ts';
import { type AdminLaunch, type AdminSchedule, repeatDates, repeatLimit } from '#shared/setup-api.ts';
import { DialogForm, EditDialog } from '#web/components/form-dialog.tsx';
import { FormField } from '#web/components/form-field.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
import { formatDay } from '#web/lib/dates.ts';
import { useOperatorToday } from '#web/lib/operator-time-zone.ts';
import { launchOptionsQuery, locationOptionsQuery, useRepeatSchedule, useSaveSchedule } from './api.ts';
import {
  type DraftErrors,
  type DraftField,
  draftErrors,
  draftFromSchedule,
  draftToInput,
  emptyDraft,
  fieldOf,
  noRepeat,
  type RepeatDraft,
  repeatToInput,
  type ScheduleDraft,
  stopFaults,
  toggleLaunch,
  toggleWeekday,
  withoutDeleted,
} from './schedule-draft.ts';
import { StopEditor } from './stop-editor.tsx';

/** Calls `leave` when the focus moves out of the element it is put on (a group of fields). */
const onLeave = (leave: () => void) => ({
  onBlur: (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) leave();
  },
});

/** The message under a group of fields, named by their aria-describedby. */
function GroupError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={id} className="text-sm text-red-800">
      {error}
    </p>
  ) : null;
}

function LaunchPicker({
  launches,
  selected,
  onToggle,
  error,
  errorId,
  onBlurGroup,
}: {
  launches: AdminLaunch[];
  selected: string[];
  onToggle: (launchId: string, on: boolean) => void;
  error: string | undefined;
  errorId: string;
  onBlurGroup: () => void;
}) {
  return (
    <fieldset className="grid gap-2" {...onLeave(onBlurGroup)}>
      <legend className="mb-2 text-sm font-medium text-slate-800">Launches</legend>
      {launches.length === 0 ? (
        <p className="text-sm text-slate-600">No launches yet. Add one on the Launch screen first.</p>
      ) : (
        <ul className="grid max-h-56 gap-1 overflow-y-auto rounded-xl border border-slate-200 p-2 sm:grid-cols-2">
          {launches.map((launch) => (
            <li key={launch.id}>
              <Checkbox
                id={`launch-${launch.id}`}
                containerClassName="rounded-lg px-2 py-2 hover:bg-slate-50"
                label={launch.name}
                description={`${launch.capacity} seats${launch.status === 'active' ? '' : ' · inactive'}`}
                aria-invalid={error ? true : undefined}
                aria-describedby={[`launch-${launch.id}-description`, error ? errorId : null]
                  .filter(Boolean)
                  .join(' ')}
                checked={selected.includes(launch.id)}
                onChange={(e) => onToggle(launch.id, e.target.checked)}
              />
            </li>
          ))}
        </ul>
      )}
      <GroupError id={errorId} error={error} />
    </fieldset>
  );
}

type FormProps = { schedule: AdminSchedule | null; onDone: () => void };

function ScheduleForm({ schedule, onDone }: FormProps) {
  const launches = useQuery(launchOptionsQuery);
  const locations = useQuery(locationOptionsQuery);

  if (launches.isPending || locations.isPending) {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-700">
        <Spinner className="size-4 text-sky-700" />
        Loading launches and locations…
      </p>
    );
  }
  if (launches.isError || locations.isError) {
    const error = launches.error ?? locations.error;
    return (
      <p role="alert" className="text-sm text-red-800">
        {errorMessage(error)}
      </p>
    );
  }
  return (
    <ScheduleFields
      schedule={schedule}
      onDone={onDone}
      launches={launches.data.launches}
      locations={locations.data.locations}
    />
  );
}

/** Names on this schedule that the lists no longer offer (deleted since, docs/decisions/007). */
function deletedNames(schedule: AdminSchedule | null, launches: AdminLaunch[], locations: Location[]) {
  if (!schedule) return [];
  const launchIds = new Set(launches.map((l) => l.id));
  const locationIds = new Set(locations.map((l) => l.id));
  return [
    ...schedule.launches.filter((l) => !launchIds.has(l.id)).map((l) => l.name),
    ...schedule.routeStops.filter((s) => !locationIds.has(s.locationId)).map((s) => s.name),
  ];
}

/** "Creates 12 departures: Mon, Wed, Fri until Thu 31 Dec 2026", or null while the repeat is incomplete. */
function repeatSummary(travelDate: string, repeat: RepeatDraft): string | null {
  const count = repeatDates(travelDate, repeat.until, repeat.weekdays).length;
  if (count === 0 || repeat.until > repeatLimit(travelDate)) return null;
  const days = repeat.weekdays.map((d) => STAFF_WEEKDAYS[d]).join(', ');
  return STAFF_MSG.repeatSummary(count, days, formatDay(repeat.until));
}

function RepeatFields({
  id,
  travelDate,
  repeat,
  onChange,
  errors,
  onTouch,
}: {
  id: string;
  travelDate: string;
  repeat: RepeatDraft;
  onChange: (repeat: RepeatDraft) => void;
  errors: DraftErrors;
  onTouch: (field: DraftField) => void;
}) {
  const daysError = errors['repeat.weekdays'];
  const daysErrorId = `${id}-days-error`;
  const summary = repeat.on ? repeatSummary(travelDate, repeat) : null;
  const firstWeekday = (date: string) => (date ? [new Date(`${date}T00:00:00Z`).getUTCDay()] : []);
  return (
    <div className="grid gap-3 rounded-xl border border-slate-200 p-3">
      <Checkbox
        label="Repeat"
        description="One departure on each chosen day of the week, from the travel date until a date, saved together."
        checked={repeat.on}
        onChange={(e) =>
          onChange(
            e.target.checked
              ? {
                  ...repeat,
                  on: true,
                  weekdays: repeat.weekdays.length ? repeat.weekdays : firstWeekday(travelDate),
                }
              : { ...repeat, on: false },
          )
        }
      />
      {repeat.on && (
        <>
          <fieldset className="grid gap-2" {...onLeave(() => onTouch('repeat.weekdays'))}>
            <legend className="mb-2 text-sm font-medium text-slate-800">Days of the week</legend>
            <ul className="flex flex-wrap gap-1">
              {STAFF_WEEKDAYS.map((name, weekday) => (
                <li key={name}>
                  <Checkbox
                    containerClassName="items-center gap-2 rounded-lg border border-slate-200 px-3 py-2.5 hover:bg-slate-50"
                    label={name}
                    aria-invalid={daysError ? true : undefined}
                    aria-describedby={daysError ? daysErrorId : undefined}
                    checked={repeat.weekdays.includes(weekday)}
                    onChange={(e) => onChange(toggleWeekday(repeat, weekday, e.target.checked))}
                  />
                </li>
              ))}
            </ul>
            <GroupError id={daysErrorId} error={daysError} />
          </fieldset>
          <FormField id={`${id}-until`} label="Until" error={errors['repeat.until']}>
            {(control) => (
              <Input
                {...control}
                type="date"
                className="sm:w-56"
                min={travelDate || undefined}
                max={travelDate ? repeatLimit(travelDate) : undefined}
                value={repeat.until}
                onChange={(e) => onChange({ ...repeat, until: e.target.value })}
                onBlur={() => onTouch('repeat.until')}
              />
            )}
          </FormField>
          <p aria-live="polite" className="text-sm font-medium text-sky-900">
            {summary}
          </p>
        </>
      )}
    </div>
  );
}

function ScheduleFields({
  schedule,
  onDone,
  launches,
  locations,
}: FormProps & { launches: AdminLaunch[]; locations: Location[] }) {
  const id = useId();
  const today = useOperatorToday();
  const [draft, setDraft] = useState<ScheduleDraft>(() =>
    schedule
      ? withoutDeleted(draftFromSchedule(schedule), {
          launchIds: new Set(launches.map((l) => l.id)),
          locationIds: new Set(locations.map((l) => l.id)),
        })
      : emptyDraft(),
  );
  const [repeat, setRepeat] = useState<RepeatDraft>(noRepeat);
  const gone = deletedNames(schedule, launches, locations);
  // A field's message shows once the person has left it, or has pressed save (and stays then).
  const [touched, setTouched] = useState<ReadonlySet<DraftField>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [serverFields, setServerFields] = useState<DraftErrors>({});
  const [focusRequest, setFocusRequest] = useState(0);
  const fieldsRef = useRef<HTMLDivElement>(null);
  const save = useSaveSchedule();
  const saveRepeat = useRepeatSchedule();
  const pending = save.isPending || saveRepeat.isPending;

  const problems = draftErrors(draft, repeat, today);
  const shown: DraftErrors = { ...serverFields };
  for (const [field, message] of Object.entries(problems) as [DraftField, string][]) {
    if (submitted || touched.has(field)) shown[field] = message;
  }
  const touch = (field: DraftField) => setTouched((t) => (t.has(field) ? t : new Set(t).add(field)));
  const changed = () => {
    setServerError(null);
    setServerFields({});
  };
  const change = (next: ScheduleDraft) => {
    setDraft(next);
    changed();
  };
  const changeRepeat = (next: RepeatDraft) => {
    setRepeat(next);
    changed();
  };

  // After a save with problems, the first field marked in error takes the focus (reading order).
  useEffect(() => {
    if (focusRequest === 0) return;
    fieldsRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const refused = (error: Error) => {
    const fields: DraftErrors = {};
    if (error instanceof ApiError && error.fields) {
      for (const [key, message] of Object.entries(error.fields)) {
        const field = fieldOf(key.split('.'), draft.stops.length - 1);
        if (field) fields[field] ??= message;
      }
    }
    setServerFields(fields);
    setServerError(errorMessage(error));
    if (Object.keys(fields).length > 0) setFocusRequest((n) => n + 1);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    if (Object.keys(problems).length > 0) {
      setSubmitted(true);
      setFocusRequest((n) => n + 1);
      return;
    }
    if (repeat.on && !schedule) {
      saveRepeat.mutate(repeatToInput(draft, repeat), { onSuccess: onDone, onError: refused });
      return;
    }
    save.mutate(
      { id: schedule?.id ?? null, input: draftToInput(draft) },
      { onSuccess: onDone, onError: refused },
    );
  };

  const stopsErrorId = `${id}-stops-error`;
  const launchesErrorId = `${id}-launches-error`;

  return (
    <DialogForm
      onSubmit={onSubmit}
      className="gap-5"
      pending={pending}
      submitIcon={<Save aria-hidden="true" />}
      submitLabel="Save Schedule"
      onCancel={onDone}
    >
      <div ref={fieldsRef} className="grid gap-5">
        <FormField id={`${id}-date`} label="Travel date" error={shown.travelDate}>
          {(control) => (
            <Input
              {...control}
              type="date"
              className="sm:w-56"
              // A new trip starts today or later (operator's calendar); an old one may keep its date.
              min={schedule ? undefined : today}
              value={draft.travelDate}
              onChange={(e) => change({ ...draft, travelDate: e.target.value })}
              onBlur={() => touch('travelDate')}
            />
          )}
        </FormField>
        {gone.length > 0 && (
          <p className="rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
            Deleted since this trip was planned: {gone.join(', ')}. Choose a replacement before saving.
          </p>
        )}
        <StopEditor
          draft={draft}
          locations={locations}
          onChange={change}
          faults={stopFaults(draft)}
          error={shown.routeStops}
          errorId={stopsErrorId}
          onLeave={() => touch('routeStops')}
          arrivalError={shown.arrivalTime}
          onArrivalLeave={() => touch('arrivalTime')}
        />
        <LaunchPicker
          launches={launches}
          selected={draft.launchIds}
          onToggle={(launchId, on) => change(toggleLaunch(draft, launchId, on))}
          error={shown.launchIds}
          errorId={launchesErrorId}
          onBlurGroup={() => touch('launchIds')}
        />
        {!schedule && (
          <RepeatFields
            id={id}
            travelDate={draft.travelDate}
            repeat={repeat}
            onChange={changeRepeat}
            errors={shown}
            onTouch={touch}
          />
        )}
        {serverError && (
          <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900">
            {serverError}
          </p>
        )}
      </div>
    </DialogForm>
  );
}

/** Create (schedule null) or edit one schedule; the form starts afresh each time it opens. */
export function ScheduleDialog({
  open,
  schedule,
  onOpenChange,
}: {
  open: boolean;
  schedule: AdminSchedule | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <EditDialog
      open={open}
      item={schedule}
      onOpenChange={onOpenChange}
      noun="Schedule"
      description="Stops in travel order: a departure time at each stop before the final destination, and the arrival time there."
    >
      {(item, onDone) => <ScheduleForm schedule={item} onDone={onDone} />}
    </EditDialog>
  );
}
