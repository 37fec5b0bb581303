import { Ship, Trash2, Users } from 'lucide-react';
import { LAUNCH_CARD_SEATS_SHOWN } from '#shared/constants.ts';
import type { AdminLaunch } from '#shared/setup-api.ts';
import { CardActions } from '#web/components/card-actions.tsx';
import { ConfirmButton } from '#web/components/confirm-dialog.tsx';
import { LaunchStatusBadge } from '#web/components/status-badges.tsx';
import { useDeleteLaunch } from './api.ts';

function DeleteLaunch({ launch }: { launch: AdminLaunch }) {
  const remove = useDeleteLaunch();
  return (
    <ConfirmButton
      button={{
        size: 'sm',
        variant: 'ghost',
        className: 'text-red-700 hover:bg-red-50 hover:text-red-800',
        disabled: remove.isPending,
        children: (
          <>
            <Trash2 aria-hidden="true" />
            Delete
          </>
        ),
      }}
      title={`Delete ${launch.name}?`}
      description="The launch leaves this list and can no longer be chosen for a trip; past trips and bookings keep its name and seats. A launch with pending or approved bookings on trips not yet completed cannot be deleted."
      confirmLabel="Delete Launch"
      destructive
      onConfirm={() => remove.mutate(launch.id)}
    />
  );
}

export function LaunchCard({ launch, onEdit }: { launch: AdminLaunch; onEdit: () => void }) {
  const headingId = `launch-${launch.id}-name`;
  const shown = launch.seatNumbers.slice(0, LAUNCH_CARD_SEATS_SHOWN);
  const more = launch.seatNumbers.length - shown.length;
  return (
    <article
      aria-labelledby={headingId}
      data-launch-id={launch.id}
      className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <div className="relative flex aspect-[4/3] items-center justify-center overflow-hidden bg-gradient-to-br from-sky-50 to-cyan-100">
        {launch.imageUrl ? (
          <img
            src={launch.imageUrl}
            alt={launch.name}
            loading="lazy"
            className="absolute inset-0 size-full object-cover"
          />
        ) : (
          <Ship aria-hidden="true" className="size-14 text-sky-300" />
        )}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-start justify-between gap-2">
          <h2 id={headingId} className="text-base font-semibold break-words text-slate-900">
            {launch.name}
          </h2>
          <LaunchStatusBadge status={launch.status} />
        </div>
        <p className="flex items-center gap-1.5 text-sm text-slate-700">
          <Users aria-hidden="true" className="size-4 text-slate-500" />
          {launch.capacity} {launch.capacity === 1 ? 'seat' : 'seats'}
        </p>
        <ul aria-label="Seat labels" className="flex flex-wrap gap-1">
          {shown.map((label) => (
            <li
              key={label}
              className="rounded-md border border-slate-200 bg-slate-50 px-1.5 py-0.5 font-mono text-xs text-slate-800"
            >
              {label}
            </li>
          ))}
          {more > 0 && (
            <li className="rounded-md bg-sky-100 px-1.5 py-0.5 text-xs font-semibold text-sky-900">
              +{more}
              <span className="sr-only"> more</span>
            </li>
          )}
        </ul>
        <CardActions onEdit={onEdit}>
          <DeleteLaunch launch={launch} />
        </CardActions>
      </div>
    </article>
  );
}
