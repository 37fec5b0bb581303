import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import {
  type Boarding,
  type BoardingManifest,
  judgeScan,
  type ManifestPassenger,
  partyOf as party,
  type ScanVerdict,
  stopPassengers,
} from '#shared/boarding.ts';
import { concessionNames, infantsNote, PartyPersons } from '#web/components/party-persons.tsx';
import { EmptyNote } from '#web/components/query-notes.tsx';
import { cn } from '#web/lib/utils.ts';
import { findPassengers } from './find-passengers.ts';
import { concessionsNote } from './format.ts';
import { IdRequiredBadge } from './id-required-badge.tsx';
import { type BoardRequest, ScanResult } from './scan-result.tsx';

/**
 * Who boards at this stop, and who is still to come; narrowed by the search above it. A row of
 * someone still to board is a button: it opens the same check a typed reference gets, under the
 * row, so boarding from the list takes the one deliberate tap on 'Checked ID? Board n' and never
 * boards anyone twice.
 */
export function PassengerList({
  manifest,
  stop,
  queue,
  search,
  onBoard,
}: {
  manifest: BoardingManifest;
  stop: number;
  queue: Boarding[];
  search: string;
  onBoard: (b: BoardRequest) => Promise<void>;
}) {
  // The check opened under a row, judged when it opened, as a scan's result is.
  const [open, setOpen] = useState<{ ticketId: string; key: number; verdict: ScanVerdict } | null>(null);
  const here = stopPassengers(manifest, stop).boarding;
  const searching = search.trim() !== '';
  const shown = searching ? findPassengers(here, search) : here;
  const waiting = (ticketId: string) =>
    queue.filter((b) => b.ticketId === ticketId).reduce((n, b) => n + b.persons, 0);
  const onBoardOf = (p: ManifestPassenger) => Math.min(party(p), p.boarded + waiting(p.ticketId));
  const aboard = here.reduce((n, p) => n + onBoardOf(p), 0);
  const expected = here.reduce((n, p) => n + party(p), 0);
  const pending = manifest.passengers.filter((p) => p.status === 'pending');
  const awaitingCard = manifest.passengers.filter((p) => p.status === 'awaiting_card');

  return (
    <section
      aria-labelledby="stop-list-title"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="stop-list-title" className="font-semibold text-slate-900">
        Boarding here: {aboard} of {expected}
      </h2>
      {searching && here.length > 0 && (
        <p className="mt-1 text-sm text-slate-700" role="status">
          {shown.length === 0
            ? 'Nobody boarding here matches the search.'
            : `${shown.length} of ${here.length} ${here.length === 1 ? 'booking' : 'bookings'} match the search.`}
        </p>
      )}
      {here.length === 0 ? (
        <EmptyNote>No approved bookings board at this stop.</EmptyNote>
      ) : (
        shown.length > 0 && (
          <ul className="mt-2 divide-y divide-slate-200" aria-label="Passengers boarding here">
            {shown.map((p) => {
              const on = onBoardOf(p);
              const status =
                on >= party(p)
                  ? 'On board'
                  : p.marked === 'no_show'
                    ? 'No-show'
                    : on > 0
                      ? `${on} of ${party(p)} on board`
                      : 'Not boarded';
              const details = (
                <span className="min-w-0">
                  <bdi className="block font-medium text-slate-900">{p.name}</bdi>
                  <span className="block text-slate-600">
                    <bdi dir="ltr">{p.reference}</bdi> · {p.seats.join(', ')}
                    {p.children > 0 ? ` · ${p.children} ${p.children === 1 ? 'child' : 'children'}` : ''}
                    {(p.infants ?? 0) > 0 ? ` · ${infantsNote(p.infants ?? 0)}` : ''}
                    {(p.concessions?.length ?? 0) > 0 ? ` · ${concessionsNote(p.concessions)}` : ''}
                  </span>
                  {p.idRequired && <IdRequiredBadge className="mt-0.5" />}
                  {/* The whole party, named: the crew check each ID (docs/decisions/035). */}
                  {party(p) > 1 && (
                    <PartyPersons
                      persons={p.persons ?? []}
                      names={concessionNames(p.concessions)}
                      unnamed={p.unnamed ?? 0}
                      label={`Persons of ${p.reference}`}
                      className="flex flex-wrap gap-x-3 text-slate-700"
                      inline
                    />
                  )}
                </span>
              );
              const expanded = open?.ticketId === p.ticketId;
              // Still open under its row once boarded, to say so and to close it.
              const mayBoard =
                expanded || (on < party(p) && p.marked !== 'no_show' && !manifest.stops[stop]?.closure);
              return (
                <li key={p.ticketId} className="py-1 text-sm">
                  {mayBoard ? (
                    <button
                      type="button"
                      aria-expanded={expanded}
                      aria-label={`Board ${p.name}, ${p.seats.length === 1 ? 'seat' : 'seats'} ${p.seats.join(', ')}`}
                      onClick={() =>
                        setOpen(
                          expanded
                            ? null
                            : {
                                ticketId: p.ticketId,
                                key: performance.now(),
                                verdict: judgeScan({
                                  manifest,
                                  stop,
                                  claims: null,
                                  passenger: p,
                                  pending: waiting(p.ticketId),
                                }),
                              },
                        )
                      }
                      className="-mx-2 flex min-h-12 w-[calc(100%+1rem)] items-center justify-between gap-3 rounded-lg px-2 py-1 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-sky-700"
                    >
                      {details}
                      <span className="flex shrink-0 items-center gap-1 font-semibold text-slate-800">
                        {status}
                        <ChevronDown aria-hidden="true" className={cn('size-4', expanded && 'rotate-180')} />
                      </span>
                    </button>
                  ) : (
                    <div className="flex min-h-12 items-center justify-between gap-3 py-1">
                      {details}
                      <span className="shrink-0 font-semibold text-slate-800">{status}</span>
                    </div>
                  )}
                  {expanded && open && (
                    <ScanResult
                      key={open.key}
                      className="my-2"
                      verdict={open.verdict}
                      found="list"
                      manifest={manifest}
                      queue={queue}
                      stop={stop}
                      onBoard={onBoard}
                    />
                  )}
                </li>
              );
            })}
          </ul>
        )
      )}
      {pending.length > 0 && (
        <p className="mt-3 text-sm text-slate-700">
          {pending.length} {pending.length === 1 ? 'booking is' : 'bookings are'} still pending: the office
          checks them; they do not board.
        </p>
      )}
      {awaitingCard.length > 0 && (
        <p className="mt-3 text-sm text-slate-700">
          {awaitingCard.length} {awaitingCard.length === 1 ? 'booking waits' : 'bookings wait'} for a card
          payment: they do not board until the gateway confirms it.
        </p>
      )}
    </section>
  );
}
