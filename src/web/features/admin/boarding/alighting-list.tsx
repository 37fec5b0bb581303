import {
  type Boarding,
  type BoardingManifest,
  type ManifestPassenger,
  partyOf as party,
  seatHandOver,
  stopPassengers,
} from '#shared/boarding.ts';
import { people } from './format.ts';

/**
 * Who gets off at this stop, and what becomes of their seats: a seat is sold per leg
 * (docs/decisions/032), so it is free from here on, or taken here by a passenger who boards onto
 * it. Worked out from the manifest kept on the device, so it holds with no signal.
 */
export function AlightingList({
  manifest,
  stop,
  queue,
}: {
  manifest: BoardingManifest;
  stop: number;
  queue: Boarding[];
}) {
  // Nobody's trip ends at the first stop.
  if (stop === 0) return null;
  const here = stopPassengers(manifest, stop);
  const waiting = (ticketId: string) =>
    queue.filter((b) => b.ticketId === ticketId).reduce((n, b) => n + b.persons, 0);
  const onBoardOf = (p: ManifestPassenger) => Math.min(party(p), p.boarded + waiting(p.ticketId));
  // Seat labels repeat from one launch to the next: name the launch when there is more than one.
  const seatLabel = (p: ManifestPassenger, seat: string) => {
    const launch = p.launch === null ? undefined : manifest.launches[p.launch];
    return manifest.launches.length > 1 && launch ? `${seat} (${launch})` : seat;
  };
  const seats = here.alighting.flatMap((p) =>
    p.seats.map((seat) => ({ p, seat, next: seatHandOver(here, p, seat) })),
  );
  // Those on board now get off here; the rest of a party never boarded.
  const leaving = here.alighting.reduce((n, p) => n + onBoardOf(p), 0);
  const free = seats.filter((s) => !s.next);
  const taken = seats.filter((s) => s.next);

  return (
    <section
      aria-labelledby="alighting-title"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="alighting-title" className="font-semibold text-slate-900">
        Getting off here: {people(leaving, 'person', 'persons')}
      </h2>
      {here.alighting.length === 0 ? (
        <p className="mt-1 text-sm text-slate-700">Nobody’s trip ends here.</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-800" data-testid="seats-free-here">
            {free.length > 0
              ? `Seats free from here: ${free.map((s) => seatLabel(s.p, s.seat)).join(', ')}.`
              : 'No seat is free from here: each is taken by a passenger boarding here.'}
            {taken.length > 0 &&
              ` Taken here by a passenger boarding: ${taken.map((s) => seatLabel(s.p, s.seat)).join(', ')}.`}
          </p>
          <ul className="mt-2 divide-y divide-slate-200" aria-label="Passengers getting off here">
            {here.alighting.map((p) => {
              const on = onBoardOf(p);
              const status =
                on >= party(p)
                  ? 'On board'
                  : p.marked === 'no_show'
                    ? 'No-show'
                    : on > 0
                      ? `${on} of ${party(p)} on board`
                      : 'Not boarded';
              return (
                <li key={p.ticketId} className="flex min-h-12 items-start justify-between gap-3 py-2 text-sm">
                  <span className="min-w-0">
                    {/* The name isolated inline, so a Thaana one starts where the others do. */}
                    <span className="block font-medium text-slate-900">
                      <bdi>{p.name}</bdi>
                    </span>
                    <span className="block text-slate-600">
                      <bdi dir="ltr">{p.reference}</bdi> · from{' '}
                      {manifest.stops[p.fromStop]?.name ?? 'Unknown'}
                      {p.children > 0 ? ` · ${p.children} ${p.children === 1 ? 'child' : 'children'}` : ''}
                    </span>
                    <span className="block text-slate-800">
                      {p.seats.map((seat, i) => {
                        const next = seatHandOver(here, p, seat);
                        return (
                          <span key={seat}>
                            {i > 0 ? '; ' : ''}
                            Seat <span className="font-semibold">{seatLabel(p, seat)}</span>:{' '}
                            {next ? (
                              <>
                                taken here by <bdi>{next.name}</bdi>
                              </>
                            ) : (
                              'free from here'
                            )}
                          </span>
                        );
                      })}
                    </span>
                  </span>
                  <span className="shrink-0 font-semibold text-slate-800">{status}</span>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
