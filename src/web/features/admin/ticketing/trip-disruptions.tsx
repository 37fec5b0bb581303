import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { CANCEL_REASON_LABELS, type CancelReason, type Disruption } from '#shared/disruptions.ts';
import { ErrorNote } from '#web/components/query-notes.tsx';
import { formatInstant } from '#web/lib/dates.ts';
import { useOperatorTimeZone } from '#web/lib/operator-time-zone.ts';
import { tripDisruptionsQuery } from './api.ts';
import { plural } from './disruption-parts.tsx';

const KIND_LABELS: Record<string, string> = { cancel: 'Cancelled', delay: 'Delayed', move: 'Moved' };

// `details` is free-form in the contract: read what each kind records, and nothing if it differs.
const delayDetails = z.object({
  before: z.array(z.string().nullable()),
  after: z.array(z.string().nullable()),
});
const moveDetails = z.object({
  to: z.union([
    z.string(),
    z.object({ scheduleId: z.string(), travelDate: z.string(), departureTime: z.string() }),
  ]),
});

const times = (list: readonly (string | null)[]) => list.map((t) => t ?? '–').join(', ');

function What({
  disruption,
  onOpenTrip,
}: {
  disruption: Disruption;
  onOpenTrip: (scheduleId: string) => void;
}) {
  if (disruption.kind === 'delay') {
    const delay = delayDetails.safeParse(disruption.details);
    if (!delay.success) return null;
    return (
      <p className="tabular-nums text-slate-800">
        <span className="sr-only">Times </span>
        {times(delay.data.before)} <span aria-hidden="true">→</span>
        <span className="sr-only">changed to</span>{' '}
        <span className="font-semibold">{times(delay.data.after)}</span>
      </p>
    );
  }
  if (disruption.kind === 'move') {
    const move = moveDetails.safeParse(disruption.details);
    if (!move.success) return null;
    const to = move.data.to;
    const scheduleId = typeof to === 'string' ? to : to.scheduleId;
    return (
      <p className="text-slate-800">
        Moved to{' '}
        <button
          type="button"
          className="font-semibold text-sky-800 underline underline-offset-2"
          onClick={() => onOpenTrip(scheduleId)}
        >
          {typeof to === 'string' ? 'the departure moved to' : `${to.travelDate}, ${to.departureTime}`}
        </button>
      </p>
    );
  }
  return null;
}

/** The departure's disruptions, newest first: what was done, why, when, by whom, to how many. */
export function TripDisruptions({
  scheduleId,
  onOpenTrip,
}: {
  scheduleId: string;
  onOpenTrip: (scheduleId: string) => void;
}) {
  const query = useQuery(tripDisruptionsQuery(scheduleId));
  const timeZone = useOperatorTimeZone();
  if (query.isError) return <ErrorNote error={query.error} className="p-3" />;
  const list = query.data?.disruptions ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="trip-disruptions" className="flex flex-col gap-3">
      <h2 id="trip-disruptions" className="text-lg font-semibold text-slate-900">
        Disruptions
      </h2>
      <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm">
        {list.map((d) => (
          <li key={d.id} data-kind={d.kind} className="grid gap-1 px-4 py-3 text-sm">
            <p className="flex flex-wrap items-baseline gap-x-2">
              <span className="font-semibold text-slate-900">{KIND_LABELS[d.kind] ?? d.kind}</span>
              <span className="text-slate-700">
                {CANCEL_REASON_LABELS[d.reason as CancelReason] ?? d.reason} ·{' '}
                {plural(d.affected, 'booking', 'bookings')}
              </span>
            </p>
            <What disruption={d} onOpenTrip={onOpenTrip} />
            {d.note && <p className="break-words text-slate-800">“{d.note}”</p>}
            <p className="text-slate-600">
              {formatInstant(d.createdAt, timeZone)} · by {d.actor ?? 'a removed account'}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
