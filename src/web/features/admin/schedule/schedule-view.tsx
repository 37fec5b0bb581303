import { useQuery } from '@tanstack/react-query';
import { History, Plus, X } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { type AdminSchedule, addIsoDays } from '#shared/setup-api.ts';
import { EmptyNote, ErrorNote, LoadingNote } from '#web/components/query-notes.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { formatDay, isIsoDate } from '#web/lib/dates.ts';
import { useOperatorToday } from '#web/lib/operator-time-zone.ts';
import { useUrlParams } from '#web/lib/use-url-params.ts';
import { scheduleListQuery } from './api.ts';
import { ScheduleCard } from './schedule-card.tsx';
import { ScheduleDialog } from './schedule-dialog.tsx';

/** More actions on each card, from another feature (composed by the page). */
type CardActions = (schedule: AdminSchedule) => ReactNode;

/** The schedules of each travel date, in the list's order. */
function byDay(schedules: AdminSchedule[]): [string, AdminSchedule[]][] {
  const days = new Map<string, AdminSchedule[]>();
  for (const schedule of schedules)
    days.set(schedule.travelDate, [...(days.get(schedule.travelDate) ?? []), schedule]);
  return [...days];
}

function dayHeading(date: string, today: string | undefined): string {
  if (date === today) return `Today · ${formatDay(date)}`;
  if (today && date === addIsoDays(today, 1)) return `Tomorrow · ${formatDay(date)}`;
  return formatDay(date);
}

function ScheduleList({
  date,
  past,
  onEdit,
  cardActions,
}: {
  date: string | null;
  past: boolean;
  onEdit: (schedule: AdminSchedule) => void;
  cardActions: CardActions | undefined;
}) {
  const list = useQuery(scheduleListQuery(date, past));
  const today = useOperatorToday();
  if (list.isPending) {
    return <LoadingNote>Loading schedules…</LoadingNote>;
  }
  if (list.isError) {
    return <ErrorNote error={list.error} />;
  }
  if (list.data.schedules.length === 0) {
    const empty = date
      ? `No schedules for ${formatDay(date)}`
      : past
        ? 'No schedules before today'
        : 'No schedules from today on';
    return <EmptyNote>{empty}</EmptyNote>;
  }
  // In the server's order: from today on the next date first; the past days the latest first.
  return (
    <div className="grid gap-6">
      {byDay(list.data.schedules).map(([day, schedules]) => (
        <section key={day} aria-labelledby={`schedule-day-${day}`} className="grid gap-3">
          <h2 id={`schedule-day-${day}`} className="text-base font-semibold text-slate-900">
            {dayHeading(day, today)}
          </h2>
          <ul className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3">
            {schedules.map((schedule) => (
              <li key={schedule.id}>
                <ScheduleCard schedule={schedule} onEdit={() => onEdit(schedule)} actions={cardActions} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/**
 * docs/product.md Schedule screen: today and the days after it, by day; a date filter kept in
 * `?date=`, the past days behind a toggle (`?past=1`), the cards and the dialog.
 */
export function ScheduleView({ cardActions }: { cardActions?: CardActions } = {}) {
  const [params, setParams] = useUrlParams();
  const dateParam = params.get('date');
  const date = isIsoDate(dateParam) ? dateParam : null;
  const past = !date && params.get('past') === '1';
  const [dialog, setDialog] = useState<{ open: boolean; schedule: AdminSchedule | null }>({
    open: false,
    schedule: null,
  });

  const setDate = (value: string) => setParams({ date: value, past: '' });
  const setPast = (on: boolean) => setParams({ date: '', past: on ? '1' : '' });

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
              Clear date
            </Button>
          )}
          <Button
            variant="outline"
            className="h-11 aria-pressed:border-sky-700 aria-pressed:bg-sky-50 aria-pressed:text-sky-900"
            aria-pressed={past}
            onClick={() => setPast(!past)}
          >
            <History aria-hidden="true" />
            Past dates
          </Button>
        </div>
        <Button onClick={() => setDialog({ open: true, schedule: null })}>
          <Plus aria-hidden="true" />
          Add Schedule
        </Button>
      </div>
      <ScheduleList
        date={date}
        past={past}
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
