import { CloudLightning } from 'lucide-react';
import { CANCEL_REASON_LABELS, type CancelReason, type Disruption } from '#shared/disruptions.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Card, CardContent, CardHeader } from '#web/components/ui/card.tsx';
import { formatInstant, formatTravelDate } from '#web/lib/dates.ts';
import { Link } from '#web/lib/navigation.tsx';
import { useOperatorTimeZone } from '#web/lib/operator-time-zone.ts';

const KIND_LABEL: Record<string, string> = { cancel: 'Cancelled', delay: 'Delayed', move: 'Moved' };

/** The latest delays, cancellations and moves, each linking to its departure on Ticketing. */
export function RecentDisruptions({ disruptions }: { disruptions: Disruption[] | undefined }) {
  const timeZone = useOperatorTimeZone();
  if (!disruptions || disruptions.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <h2
          id="recent-disruptions-title"
          className="flex items-center gap-2 text-base font-semibold text-slate-900"
        >
          <CloudLightning aria-hidden="true" className="size-4 text-amber-700" />
          Disruptions
        </h2>
      </CardHeader>
      <CardContent>
        <ul aria-labelledby="recent-disruptions-title" className="divide-y divide-slate-100">
          {disruptions.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3">
              <div className="min-w-0">
                <Link
                  to={`/admin/ticketing?date=${d.travelDate}&trip=${d.scheduleId}`}
                  className="font-semibold text-sky-800 underline-offset-2 hover:underline"
                >
                  {formatTravelDate(d.travelDate)} · {d.departureTime}
                </Link>
                <p className="text-sm text-slate-600">
                  {CANCEL_REASON_LABELS[d.reason as CancelReason] ?? d.reason}
                  {d.note ? ` · ${d.note}` : ''} · {d.affected} {d.affected === 1 ? 'booking' : 'bookings'} ·{' '}
                  {formatInstant(d.createdAt, timeZone)}
                  {d.actor ? ` by ${d.actor}` : ''}
                </p>
              </div>
              <Badge variant={d.kind === 'delay' ? 'warning' : 'destructive'}>
                {KIND_LABEL[d.kind] ?? d.kind}
              </Badge>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
