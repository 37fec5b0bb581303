import { type BoardingManifest, partyOf, personsOnBoard } from '#shared/boarding.ts';
import { seatsByLeg } from '#shared/seats-by-leg.ts';
import { LegCounts } from '#web/components/leg-counts.tsx';
import { unnamedNote } from '#web/components/party-persons.tsx';
import { SeatsByLeg } from '#web/components/seats-by-leg.tsx';
import { formatClock } from '#web/lib/clock-time.ts';
import { useOperatorTimeZone } from '#web/lib/operator-time-zone.ts';

/**
 * The departure's manifest on paper (the boarding screen's Print): every passenger with what
 * happened to them, the persons on board per leg, who closed each stop and when, and each
 * seat's passenger leg by leg. Shown only in print.
 */
export function PrintedManifest({ manifest }: { manifest: BoardingManifest }) {
  const timeZone = useOperatorTimeZone();
  const name = (i: number) => manifest.stops[i]?.name ?? '';
  const legs = personsOnBoard(manifest).map((l) => ({ ...l, from: name(l.from), to: name(l.to) }));
  const travelling = manifest.passengers.filter((p) => p.status === 'confirmed' || p.status === 'completed');
  const pending = manifest.passengers.filter((p) => p.status === 'pending');
  const awaitingCard = manifest.passengers.filter((p) => p.status === 'awaiting_card');
  const outcome = (p: (typeof travelling)[number]) =>
    p.boarded >= partyOf(p)
      ? 'On board'
      : p.boarded > 0
        ? `${p.boarded} of ${partyOf(p)} on board`
        : p.marked === 'no_show'
          ? 'No-show'
          : 'Not boarded';
  return (
    <section className="hidden text-sm text-black print:block">
      <h1 className="text-xl font-bold">
        Manifest · {manifest.travelDate} {manifest.departureTime} · {name(0)} →{' '}
        {name(manifest.stops.length - 1)}
      </h1>
      <p>{manifest.launches.join(', ')}</p>
      <h2 className="mt-3 font-semibold">Persons on board</h2>
      <LegCounts testId="printed-on-board" legs={legs} />
      <h2 className="mt-3 font-semibold">Stops</h2>
      <ul>
        {manifest.stops.slice(0, -1).map((s) => (
          <li key={s.position}>
            {s.name}:{' '}
            {s.closure
              ? `departed ${formatClock(s.closure.at, timeZone)}, closed by ${s.closure.by}; ${s.closure.noShows} no-shows, ${s.closure.countedOff} counted off${s.closure.crew !== null ? `, ${s.closure.crew} crew` : ''}`
              : 'boarding open'}
          </li>
        ))}
      </ul>
      <h2 className="mt-3 font-semibold">Passengers</h2>
      <table className="mt-1 w-full text-start">
        <thead>
          <tr className="border-b border-black text-start">
            <th className="py-1 text-start">Reference</th>
            <th className="text-start">Name</th>
            <th className="text-start">Seats</th>
            <th className="text-start">From → To</th>
            <th className="text-start">Adults / children / infants</th>
            <th className="text-start">Persons</th>
            <th className="text-start">Outcome</th>
          </tr>
        </thead>
        <tbody>
          {travelling.map((p) => (
            <tr key={p.ticketId} className="border-b border-slate-300">
              <td className="py-0.5">{p.reference}</td>
              <td>{p.name}</td>
              <td>{p.seats.join(' ')}</td>
              <td>
                {name(p.fromStop)} → {name(p.toStop)}
              </td>
              <td>
                {p.adults} / {p.children} / {p.infants ?? 0}
              </td>
              <td>
                {[...(p.persons ?? []).map((x) => `${x.name} (${x.category})`), unnamedNote(p.unnamed ?? 0)]
                  .filter(Boolean)
                  .join(', ')}
              </td>
              <td>{outcome(p)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {pending.length > 0 && (
        <p className="mt-3">
          Pending at departure, not boarded: {pending.map((p) => `${p.name} (${p.reference})`).join(', ')}
        </p>
      )}
      {awaitingCard.length > 0 && (
        <p className="mt-3">
          Card payment not confirmed at departure, not boarded:{' '}
          {awaitingCard.map((p) => `${p.name} (${p.reference})`).join(', ')}
        </p>
      )}
      <h2 className="mt-3 font-semibold">Seats by leg</h2>
      <SeatsByLeg
        printed
        testId="printed-seats-by-leg"
        stopNames={manifest.stops.map((s) => s.name)}
        seats={seatsByLeg(
          travelling.map((p) => ({
            ...p,
            launch: p.launch === null ? null : (manifest.launches[p.launch] ?? null),
          })),
          manifest.stops.length - 1,
          manifest.launches,
        )}
      />
    </section>
  );
}
