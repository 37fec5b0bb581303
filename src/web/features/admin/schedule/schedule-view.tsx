import { useQuery } from '@tanstack/react-query';
import { Plus, X } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import type { AdminSchedule } from '#shared/setup-api.ts';
import { EmptyNote, ErrorNote, LoadingNote } from '#web/components/query-notes.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { formatDay, isIsoDate } from '#web/lib/dates.ts';
import { useUrlParams } from '#web/lib/use-url-params.ts';
import { scheduleListQuery } from './api.ts';
import { ScheduleCard } from './schedule-card.tsx';
import { ScheduleDialog } from './schedule-dialog.tsx';

/** More actions on each card, from another feature (composed by the page). */
type CardActions = (schedule: AdminSchedule) => ReactNode;

function ScheduleList({
  date,
  onEdit,
  cardActions,
}: {
  date: string | null;
  onEdit: (schedule: AdminSchedule) => void;
  cardActions: CardActions | undefined;
}) {
  const list = useQuery(scheduleListQuery(date));
  if (list.isPending) {
    return <LoadingNote>Loading schedules…</LoadingNote>;
  }
  if (list.isError) {
    return <ErrorNote error={list.error} />;
  }
  if (list.data.schedules.length === 0) {
    return <EmptyNote>{date ? `No schedules for ${formatDay(date)}` : 'No schedules yet'}</EmptyNote>;
  }
  // In the server's order: newest travel date first.
  return (
    <ul className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3">
      {list.data.schedules.map((schedule) => (
        <li key={schedule.id}>
          <ScheduleCard schedule={schedule} onEdit={() => onEdit(schedule)} actions={cardActions} />
        </li>
      ))}
    </ul>
  );
}

/** docs/product.md Schedule screen: a date filter kept in `?date=` (empty: every date), the cards and the dialog. */
export function ScheduleView({ cardActions }: { cardActions?: CardActions } = {}) {
  const [params, setParams] = useUrlParams();
  const dateParam = params.get('date');
  const date = isIsoDate(dateParam) ? dateParam : null;
  const [dialog, setDialog] = useState<{ open: boolean; schedule: AdminSchedule | null }>({
    open: false,
    schedule: null,
  });

  const setDate = (value: string) => setParams({ date: value });

  return (
    <div className="mt-6 flex flex-col gap-5">
      <div className="flex flex-wrap items-end justify-between gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
        <div className="flex flex-wrap items-end gap-2">
          <div className="grid gap-2">
            <Label htmlFor="schedule-filter-date">Filter by travel date</Label>
            <Input
              id="schedule-filter-date"
              type="date"
              className="w-48"
              value={date ?? ''}
              onChange={(event) => setDate(event.target.value)}
            />
          </div>
          {date && (
            <Button variant="ghost" className="h-11" onClick={() => setDate('')}>
              <X aria-hidden="true" />
              Show all dates
            </Button>
          )}
        </div>
        <Button onClick={() => setDialog({ open: true, schedule: null })}>
          <Plus aria-hidden="true" />
          Add Schedule
        </Button>
      </div>
      <ScheduleList
        date={date}
        onEdit={(schedule) => setDialog({ open: true, schedule })}
        cardActions={cardActions}
      />
      <ScheduleDialog
        open={dialog.open}
        schedule={dialog.schedule}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
      />
    </div>
  );
}
