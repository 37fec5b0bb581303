import {
  ArrowRight,
  CalendarDays,
  CircleCheck,
  Clock,
  Copy,
  RotateCcw,
  Ship,
  Ticket,
  Trash2,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { MSG, UNKNOWN_LOCATION } from '#shared/messages/api.ts';
import type { AdminSchedule } from '#shared/setup-api.ts';
import { CardActions } from '#web/components/card-actions.tsx';
import { ConfirmButton } from '#web/components/confirm-dialog.tsx';
import { IconFact } from '#web/components/icon-fact.tsx';
import { ScheduleStatusBadge } from '#web/components/status-badges.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { formatDay } from '#web/lib/dates.ts';

import { useDeleteSchedule, useDuplicateSchedule, useScheduleStatus } from './api.ts';

const orderedStops = (schedule: AdminSchedule) =>
  [...schedule.routeStops].sort((a, b) => a.stopOrder - b.stopOrder);

const deleted = (item: { archived: boolean }) => (item.archived ? ' (deleted)' : '');

export const routeLabel = (schedule: AdminSchedule) => {
  const stops = orderedStops(schedule);
  return `${stops[0]?.name || UNKNOWN_LOCATION} → ${stops.at(-1)?.name || UNKNOWN_LOCATION}`;
};

function DeleteSchedule({ schedule }: { schedule: AdminSchedule }) {
  const remove = useDeleteSchedule();
  return (
    <ConfirmButton
      button={{
        size: 'icon',
        variant: 'ghost',
        className: 'ml-auto size-9 text-red-700 hover:bg-red-50 hover:text-red-800',
        disabled: remove.isPending,
        'aria-label': 'Delete schedule',
        title: 'Delete schedule',
        children: <Trash2 aria-hidden="true" />,
      }}
      title="Delete this schedule?"
      description={`${routeLabel(schedule)} on ${formatDay(schedule.travelDate)} will be removed; rejected and completed bookings keep their details. A trip with pending or approved bookings cannot be deleted until it is marked as completed.`}
      confirmLabel="Delete Schedule"
      destructive
      onConfirm={() => remove.mutate(schedule.id)}
    />
  );
}

/** docs/product.md section 4: reopening asks first, saying the trip takes bookings again. */
function ReopenSchedule({ schedule }: { schedule: AdminSchedule }) {
  const status = useScheduleStatus();
  return (
    <ConfirmButton
      button={{
        size: 'sm',
        variant: 'outline',
        disabled: status.isPending,
        children: (
          <>
            <RotateCcw aria-hidden="true" />
            Reopen
          </>
        ),
      }}
      title="Reopen this trip?"
      description={MSG.reopenTripConfirm}
      confirmLabel="Reopen Trip"
      onConfirm={() => status.mutate({ id: schedule.id, status: 'scheduled' })}
    />
  );
}

export function ScheduleCard({
  schedule,
  onEdit,
  actions,
}: {
  schedule: AdminSchedule;
  onEdit: () => void;
  /** More actions (delay, move, cancel), given by the page. */
  actions?: ((schedule: AdminSchedule) => ReactNode) | undefined;
}) {
  const duplicate = useDuplicateSchedule();
  const status = useScheduleStatus();
  const stops = orderedStops(schedule);
  const first = stops[0]?.name || UNKNOWN_LOCATION;
  const last = stops.at(-1)?.name || UNKNOWN_LOCATION;
  // A launch or place deleted while this trip named it (docs/decisions/007) says so.
  const launches = schedule.launches.map((l) => l.name + deleted(l)).join(', ') || 'None';
  const completed = schedule.status === 'completed';
  // Cancelled (docs/decisions/026): its bookings were cancelled or moved; it is run no more.
  const cancelled = schedule.status === 'cancelled';
  const headingId = `schedule-${schedule.id}-route`;

  return (
    <article
      aria-labelledby={headingId}
      data-schedule-id={schedule.id}
      className="flex h-full flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex items-start justify-between gap-3">
        <h3
          id={headingId}
          className="inline-flex flex-wrap items-center gap-x-1.5 text-base font-semibold text-slate-900"
        >
          {first} <ArrowRight aria-hidden="true" className="size-4 text-sky-700" />
          <span className="sr-only">to </span>
          {last}
        </h3>
        <ScheduleStatusBadge status={schedule.status} />
      </div>
      {cancelled && (
        <p className="-mt-1 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
          This departure is cancelled: it is no longer sold, and its bookings were cancelled or moved.
        </p>
      )}

      <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm text-slate-700">
        <IconFact icon={CalendarDays} term="Travel date">
          {formatDay(schedule.travelDate)}
        </IconFact>
        <IconFact icon={Clock} term="Departure" valueClassName="tabular-nums">
          {schedule.departureTime}
        </IconFact>
        <IconFact icon={Ship} term="Launches" className="col-span-2">
          {launches}
        </IconFact>
        <IconFact icon={Ticket} term="Active bookings" className="col-span-2">
          {schedule.activeBookings} active {schedule.activeBookings === 1 ? 'booking' : 'bookings'}
        </IconFact>
      </dl>

      <ol aria-label="Stops" className="ml-1 space-y-1 border-l-2 border-sky-200 pl-3">
        {stops.map((s, index) => (
          <li key={s.stopOrder} className="flex justify-between gap-3 text-sm">
            <span className="text-slate-800">
              {s.name || UNKNOWN_LOCATION}
              {deleted(s)}
            </span>
            <span className="tabular-nums text-slate-600">
              {index < stops.length - 1
                ? s.departureTime
                : s.departureTime
                  ? `Arrives ${s.departureTime}`
                  : 'Final destination'}
            </span>
          </li>
        ))}
      </ol>

      <CardActions onEdit={onEdit}>
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
        ) : cancelled ? null : (
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
        {actions?.(schedule)}
        <DeleteSchedule schedule={schedule} />
      </CardActions>
    </article>
  );
}
