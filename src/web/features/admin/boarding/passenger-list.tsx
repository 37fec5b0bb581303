import type { Boarding, BoardingManifest } from '#shared/boarding.ts';
import { EmptyNote } from '#web/components/query-notes.tsx';

/** Who boards at this stop, and who is still to come. */
export function PassengerList({
  manifest,
  stop,
  queue,
}: {
  manifest: BoardingManifest;
  stop: number;
  queue: Boarding[];
}) {
  const here = manifest.passengers.filter((p) => p.fromStop === stop && p.status === 'confirmed');
  const waiting = (ticketId: string) =>
    queue.filter((b) => b.ticketId === ticketId).reduce((n, b) => n + b.persons, 0);
  const party = (p: { adults: number; children: number }) => p.adults + p.children;
  const aboard = here.reduce((n, p) => n + Math.min(party(p), p.boarded + waiting(p.ticketId)), 0);
  const expected = here.reduce((n, p) => n + party(p), 0);
  const pending = manifest.passengers.filter((p) => p.status === 'pending');

  return (
    <section
      aria-labelledby="stop-list-title"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="stop-list-title" className="font-semibold text-slate-900">
        Boarding here: {aboard} of {expected}
      </h2>
      {here.length === 0 ? (
        <EmptyNote>No approved bookings board at this stop.</EmptyNote>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200" aria-label="Passengers boarding here">
          {here.map((p) => {
            const on = Math.min(party(p), p.boarded + waiting(p.ticketId));
            return (
              <li key={p.ticketId} className="flex items-center justify-between gap-3 py-2 text-sm">
                <span className="min-w-0">
                  <span className="block font-medium text-slate-900">{p.name}</span>
                  <span className="block text-slate-600">
                    <bdi dir="ltr">{p.reference}</bdi> · {p.seats.join(', ')}
                    {p.children > 0 ? ` · ${p.children} ${p.children === 1 ? 'child' : 'children'}` : ''}
                  </span>
                </span>
                <span className="shrink-0 font-semibold text-slate-800">
                  {on >= party(p)
                    ? 'On board'
                    : p.marked === 'no_show'
                      ? 'No-show'
                      : on > 0
                        ? `${on} of ${party(p)} on board`
                        : 'Not boarded'}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {pending.length > 0 && (
        <p className="mt-3 text-sm text-slate-700">
          {pending.length} {pending.length === 1 ? 'booking is' : 'bookings are'} still pending: the office
          checks them; they do not board.
        </p>
      )}
    </section>
  );
}
