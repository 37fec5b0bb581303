import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import type { TripOnBoard } from '#shared/boarding.ts';
import { LegCounts } from '#web/components/leg-counts.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { api } from '#web/lib/api-client.ts';
import { formatClock } from '#web/lib/clock-time.ts';
import { useOperatorTimeZone } from '#web/lib/operator-time-zone.ts';

// Under ['admin', 'trips']: boardings and closures elsewhere refresh it over the live events.
const onBoardQuery = (scheduleId: string) => ({
  queryKey: ['admin', 'trips', scheduleId, 'on-board'],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.get<TripOnBoard>(`/api/admin/trips/${encodeURIComponent(scheduleId)}/on-board`, { signal }),
});

/** Persons on board per leg, live as the crew boards; each closed stop; the final manifest. */
export function OnBoardCard({ scheduleId }: { scheduleId: string }) {
  const query = useQuery(onBoardQuery(scheduleId));
  const timeZone = useOperatorTimeZone();
  if (!query.data) return null;
  const { legs, stops, pending } = query.data;
  const closed = stops.filter((s) => s.closure);
  const final = stops.length > 1 && stops.slice(0, -1).every((s) => s.closure);
  return (
    <section
      aria-labelledby="on-board-title"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="on-board-title" className="text-lg font-semibold text-slate-900">
        Persons on board
      </h2>
      <LegCounts testId="trip-on-board" legs={legs} />
      {closed.length > 0 && (
        <ul className="mt-3 space-y-1 text-sm text-slate-700">
          {closed.map((s) => (
            <li key={s.position}>
              Boarding closed at {s.name} at {s.closure ? formatClock(s.closure.at, timeZone) : ''} by{' '}
              {s.closure?.by}: {s.closure?.noShows} no-show{s.closure?.noShows === 1 ? '' : 's'}
            </li>
          ))}
        </ul>
      )}
      {pending.length > 0 && (
        <p className="mt-3 text-sm text-amber-900">
          Still pending, not boarded: {pending.map((p) => `${p.name} (${p.reference})`).join(', ')}
        </p>
      )}
      {final && (
        <Button variant="outline" asChild className="mt-3 print:hidden">
          <a href={`/api/admin/trips/${encodeURIComponent(scheduleId)}/final-manifest.csv`} download>
            <Download aria-hidden="true" />
            Download the final manifest (CSV)
          </a>
        </Button>
      )}
    </section>
  );
}
