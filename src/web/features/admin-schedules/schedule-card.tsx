import {
  ArrowRight,
  CalendarDays,
  CircleCheck,
  Clock,
  Copy,
  Pencil,
  RotateCcw,
  Ship,
  Ticket,
  Trash2,
} from 'lucide-react';
import { useState } from 'react';
import type { AdminSchedule } from '#shared/catalogue-api.ts';
import { MSG, UNKNOWN_LOCATION } from '#shared/messages.ts';
import { ScheduleStatusBadge } from '../../components/status-badges.tsx';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../components/ui/alert-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { formatDay } from '../../lib/admin-format.ts';
import { useDeleteSchedule, useDuplicateSchedule, useScheduleStatus } from './api.ts';

const orderedStops = (schedule: AdminSchedule) =>
  [...schedule.routeStops].sort((a, b) => a.stopOrder - b.stopOrder);

export const routeLabel = (schedule: AdminSchedule) => {
  const stops = orderedStops(schedule);
  return `${stops[0]?.name || UNKNOWN_LOCATION} → ${stops.at(-1)?.name || UNKNOWN_LOCATION}`;
};

function DeleteSchedule({ schedule }: { schedule: AdminSchedule }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteSchedule();
  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <Button
        size="icon"
        variant="ghost"
        className="ml-auto size-9 text-red-700 hover:bg-red-50 hover:text-red-800"
        disabled={remove.isPending}
        onClick={() => setOpen(true)}
        aria-label="Delete schedule"
        title="Delete schedule"
      >
        <Trash2 aria-hidden="true" />
      </Button>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete this schedule?</AlertDialogTitle>
          <AlertDialogDescription>
            {routeLabel(schedule)} on {formatDay(schedule.travelDate)} will be removed. A schedule with
            bookings cannot be deleted; mark it as completed instead.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={() => remove.mutate(schedule.id)}>
            Delete Schedule
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** SPEC.md section 4: reopening asks first, saying the trip takes bookings again. */
function ReopenSchedule({ schedule }: { schedule: AdminSchedule }) {
  const [open, setOpen] = useState(false);
  const status = useScheduleStatus();
  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <Button size="sm" variant="outline" disabled={status.isPending} onClick={() => setOpen(true)}>
        <RotateCcw aria-hidden="true" />
        Reopen
      </Button>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Reopen this trip?</AlertDialogTitle>
          <AlertDialogDescription>{MSG.reopenTripConfirm}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={() => status.mutate({ id: schedule.id, status: 'scheduled' })}>
            Reopen Trip
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

export function ScheduleCard({ schedule, onEdit }: { schedule: AdminSchedule; onEdit: () => void }) {
  const duplicate = useDuplicateSchedule();
  const status = useScheduleStatus();
  const stops = orderedStops(schedule);
  const first = stops[0]?.name || UNKNOWN_LOCATION;
  const last = stops.at(-1)?.name || UNKNOWN_LOCATION;
  const launches = schedule.launches.map((l) => l.name).join(', ') || 'None';
  const completed = schedule.status === 'completed';
  const headingId = `schedule-${schedule.id}-route`;

  return (
    <article
      aria-labelledby={headingId}
      data-schedule-id={schedule.id}
      className="flex h-full flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex items-start justify-between gap-3">
        <h2
          id={headingId}
          className="inline-flex flex-wrap items-center gap-x-1.5 text-base font-semibold text-slate-900"
        >
          {first} <ArrowRight aria-hidden="true" className="size-4 text-sky-700" />
          <span className="sr-only">to </span>
          {last}
        </h2>
        <ScheduleStatusBadge status={schedule.status} />
      </div>

      <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm text-slate-700">
        <div className="flex items-center gap-1.5">
          <dt>
            <CalendarDays aria-hidden="true" className="size-4 text-slate-500" />
            <span className="sr-only">Travel date</span>
          </dt>
          <dd>{formatDay(schedule.travelDate)}</dd>
        </div>
        <div className="flex items-center gap-1.5">
          <dt>
            <Clock aria-hidden="true" className="size-4 text-slate-500" />
            <span className="sr-only">Departure</span>
          </dt>
          <dd className="tabular-nums">{schedule.departureTime}</dd>
        </div>
        <div className="col-span-2 flex items-center gap-1.5">
          <dt>
            <Ship aria-hidden="true" className="size-4 text-slate-500" />
            <span className="sr-only">Launches</span>
          </dt>
          <dd>{launches}</dd>
        </div>
        <div className="col-span-2 flex items-center gap-1.5">
          <dt>
            <Ticket aria-hidden="true" className="size-4 text-slate-500" />
            <span className="sr-only">Active bookings</span>
          </dt>
          <dd>
            {schedule.activeBookings} active {schedule.activeBookings === 1 ? 'booking' : 'bookings'}
          </dd>
        </div>
      </dl>

      <ol aria-label="Stops" className="ml-1 space-y-1 border-l-2 border-sky-200 pl-3">
        {stops.map((s, index) => (
          <li key={s.stopOrder} className="flex justify-between gap-3 text-sm">
            <span className="text-slate-800">{s.name || UNKNOWN_LOCATION}</span>
            <span className="tabular-nums text-slate-600">
              {index === stops.length - 1 ? 'Final destination' : s.departureTime}
            </span>
          </li>
        ))}
      </ol>

      <div className="mt-auto flex flex-wrap gap-1.5 border-t border-slate-100 pt-3">
        <Button size="sm" variant="outline" onClick={onEdit}>
          <Pencil aria-hidden="true" />
          Edit
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={duplicate.isPending}
          onClick={() => duplicate.mutate(schedule.id)}
        >
          <Copy aria-hidden="true" />
          Duplicate
        </Button>
        {completed ? (
          <ReopenSchedule schedule={schedule} />
        ) : (
          <Button
            size="sm"
            variant="outline"
            disabled={status.isPending}
            onClick={() => status.mutate({ id: schedule.id, status: 'completed' })}
          >
            <CircleCheck aria-hidden="true" />
            Mark completed
          </Button>
        )}
        <DeleteSchedule schedule={schedule} />
      </div>
    </article>
  );
}
