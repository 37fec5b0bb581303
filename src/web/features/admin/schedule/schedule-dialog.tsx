import { useQuery } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import type { Location } from '#shared/schemas.ts';
import type { AdminLaunch, AdminSchedule } from '#shared/setup-api.ts';
import { DialogForm, EditDialog } from '#web/components/form-dialog.tsx';
import { FormProblems } from '#web/components/form-problems.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useOperatorToday } from '#web/lib/operator-time-zone.ts';
import { launchOptionsQuery, locationOptionsQuery, useSaveSchedule } from './api.ts';
import {
  draftFromSchedule,
  draftProblems,
  draftToInput,
  emptyDraft,
  type ScheduleDraft,
  toggleLaunch,
  withoutDeleted,
} from './schedule-draft.ts';
import { StopEditor } from './stop-editor.tsx';

function LaunchPicker({
  launches,
  selected,
  onToggle,
}: {
  launches: AdminLaunch[];
  selected: string[];
  onToggle: (launchId: string, on: boolean) => void;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium text-slate-800">Launches</legend>
      {launches.length === 0 ? (
        <p className="text-sm text-slate-600">No launches yet. Add one on the Launch screen first.</p>
      ) : (
        <ul className="grid max-h-56 gap-1 overflow-y-auto rounded-xl border border-slate-200 p-2 sm:grid-cols-2">
          {launches.map((launch) => (
            <li key={launch.id}>
              <Checkbox
                containerClassName="rounded-lg px-2 py-2 hover:bg-slate-50"
                label={launch.name}
                description={`${launch.capacity} seats${launch.status === 'active' ? '' : ' · inactive'}`}
                checked={selected.includes(launch.id)}
                onChange={(e) => onToggle(launch.id, e.target.checked)}
              />
            </li>
          ))}
        </ul>
      )}
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
  const gone = deletedNames(schedule, launches, locations);
  const [serverError, setServerError] = useState<string | null>(null);
  const save = useSaveSchedule();

  const problems = draftProblems(draft);
  const problemsId = `${id}-problems`;
  const change = (next: ScheduleDraft) => {
    setDraft(next);
    setServerError(null);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (problems.length > 0 || save.isPending) return;
    save.mutate(
      { id: schedule?.id ?? null, input: draftToInput(draft) },
      {
        onSuccess: onDone,
        onError: (error) => setServerError(errorMessage(error)),
      },
    );
  };

  return (
    <DialogForm
      onSubmit={onSubmit}
      className="gap-5"
      pending={save.isPending}
      submitDisabled={problems.length > 0}
      submitIcon={<Save aria-hidden="true" />}
      submitLabel="Save Schedule"
      onCancel={onDone}
    >
      <div className="grid gap-2">
        <Label htmlFor={`${id}-date`}>Travel date</Label>
        <Input
          id={`${id}-date`}
          type="date"
          className="sm:w-56"
          // A new trip starts today or later (operator's calendar); an old one may keep its date.
          min={schedule ? undefined : today}
          value={draft.travelDate}
          onChange={(e) => change({ ...draft, travelDate: e.target.value })}
        />
      </div>
      {gone.length > 0 && (
        <p className="rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
          Deleted since this trip was planned: {gone.join(', ')}. Choose a replacement before saving.
        </p>
      )}
      <StopEditor
        draft={draft}
        locations={locations}
        onChange={change}
        describedBy={problems.length > 0 ? problemsId : undefined}
      />
      <LaunchPicker
        launches={launches}
        selected={draft.launchIds}
        onToggle={(launchId, on) => change(toggleLaunch(draft, launchId, on))}
      />
      <FormProblems id={problemsId} problems={problems} serverError={serverError} />
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
      description="Stops in travel order; every stop but the final destination needs a departure time."
    >
      {(item, onDone) => <ScheduleForm schedule={item} onDone={onDone} />}
    </EditDialog>
  );
}
