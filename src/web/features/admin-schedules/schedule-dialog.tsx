import { useQuery } from '@tanstack/react-query';
import { Loader2, Save } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import type { AdminLaunch, AdminSchedule } from '#shared/catalogue-api.ts';
import { MSG } from '#shared/messages.ts';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { operatorToday } from '../../lib/admin-format.ts';
import { ApiError } from '../../lib/api-client.ts';
import { launchOptionsQuery, locationOptionsQuery, useSaveSchedule } from './api.ts';
import {
  draftFromSchedule,
  draftProblems,
  draftToInput,
  emptyDraft,
  type ScheduleDraft,
  toggleLaunch,
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

function ScheduleForm({ schedule, onDone }: { schedule: AdminSchedule | null; onDone: () => void }) {
  const id = useId();
  const [draft, setDraft] = useState<ScheduleDraft>(() =>
    schedule ? draftFromSchedule(schedule) : emptyDraft(),
  );
  const [serverError, setServerError] = useState<string | null>(null);
  const launches = useQuery(launchOptionsQuery);
  const locations = useQuery(locationOptionsQuery);
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
        onError: (error) => setServerError(error instanceof ApiError ? error.message : MSG.serverError),
      },
    );
  };

  if (launches.isPending || locations.isPending) {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-700">
        <Loader2 aria-hidden="true" className="size-4 animate-spin text-sky-700" />
        Loading launches and locations…
      </p>
    );
  }
  if (launches.isError || locations.isError) {
    const error = launches.error ?? locations.error;
    return (
      <p role="alert" className="text-sm text-red-800">
        {error instanceof ApiError ? error.message : MSG.serverError}
      </p>
    );
  }

  return (
    <form className="grid gap-5" onSubmit={onSubmit} noValidate>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-date`}>Travel date</Label>
        <Input
          id={`${id}-date`}
          type="date"
          className="sm:w-56"
          // A new trip starts today or later (operator's calendar); an old one may keep its date.
          min={schedule ? undefined : operatorToday()}
          value={draft.travelDate}
          onChange={(e) => change({ ...draft, travelDate: e.target.value })}
        />
      </div>
      <StopEditor
        draft={draft}
        locations={locations.data.locations}
        onChange={change}
        describedBy={problems.length > 0 ? problemsId : undefined}
      />
      <LaunchPicker
        launches={launches.data.launches}
        selected={draft.launchIds}
        onToggle={(launchId, on) => change(toggleLaunch(draft, launchId, on))}
      />
      <div aria-live="polite" id={problemsId}>
        {problems.length > 0 && (
          <ul className="grid gap-1 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        )}
      </div>
      {serverError && (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {serverError}
        </p>
      )}
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={problems.length > 0 || save.isPending}>
          {save.isPending ? (
            <Loader2 aria-hidden="true" className="animate-spin" />
          ) : (
            <Save aria-hidden="true" />
          )}
          Save Schedule
        </Button>
      </DialogFooter>
    </form>
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
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{schedule ? 'Edit Schedule' : 'Add Schedule'}</DialogTitle>
          <DialogDescription>
            Stops in travel order; every stop but the final destination needs a departure time.
          </DialogDescription>
        </DialogHeader>
        {open && (
          <ScheduleForm key={schedule?.id ?? 'new'} schedule={schedule} onDone={() => onOpenChange(false)} />
        )}
      </DialogContent>
    </Dialog>
  );
}
