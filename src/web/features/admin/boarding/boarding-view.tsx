import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { AdminTrip } from '#shared/admin-api.ts';
import { type BoardingManifest, personsOnBoard } from '#shared/boarding.ts';
import { LegCounts } from '#web/components/leg-counts.tsx';
import { EmptyNote, ErrorNote, LoadingNote } from '#web/components/query-notes.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { NativeSelect } from '#web/components/ui/native-select.tsx';
import { formatClock } from '#web/lib/clock-time.ts';
import { publicSettingsQuery, useOperatorTimeZone } from '#web/lib/operator-time-zone.ts';
import { useUrlParams } from '#web/lib/use-url-params.ts';
import { AlightingList } from './alighting-list.tsx';
import { boardingDayQuery } from './api.ts';
import { CloseBoarding, FinalManifest } from './close-boarding.tsx';
import type { KeptOutcome } from './device-store.ts';
import { keepBoardingOffline } from './keep-boarding-offline.ts';
import {
  forgetLastDeparture,
  mayReopen,
  readLastDeparture,
  rememberLastDeparture,
  stopDueNext,
} from './last-departure.ts';
import { PassengerList } from './passenger-list.tsx';
import { PrintedManifest } from './printed-manifest.tsx';
import { ScanPanel } from './scan-panel.tsx';
import { useBoardingDevice } from './use-boarding-device.ts';

const routeOf = (trip: AdminTrip) => `${trip.from?.name ?? 'Unknown'} → ${trip.to?.name ?? 'Unknown'}`;

/**
 * The crew's boarding screen, phone first (docs/decisions/024-offline-boarding.md): choose
 * today's departure and the stop you stand at; scan or type; the departure's manifest is kept
 * on the device, so scanning and boarding go on with no signal.
 */
export function BoardingView() {
  const day = useQuery(boardingDayQuery);
  const offset = useQuery({ ...publicSettingsQuery, select: (s) => s.utcOffsetMinutes }).data;
  const [params, setParams] = useUrlParams();
  const [last, setLast] = useState(readLastDeparture);
  // Reopened with no departure asked for: the one this device boarded last, if it still boards.
  const reopened =
    !params.has('trip') && last && !day.isPending && mayReopen(last, day.data, day.isError) ? last : null;
  const chosen = params.get('trip') ?? reopened?.scheduleId ?? null;

  useEffect(() => {
    // The boarding screen's code, kept for a reload with no signal: only ever after a staff sign-in.
    void keepBoardingOffline();
  }, []);

  const remember = useCallback(
    (travelDate: string, stop: number) => {
      if (!chosen) return;
      const next = {
        scheduleId: chosen,
        travelDate,
        stop,
        utcOffsetMinutes: offset ?? last?.utcOffsetMinutes,
      };
      rememberLastDeparture(next);
    },
    [chosen, offset, last?.utcOffsetMinutes],
  );
  const forget = useCallback(() => {
    forgetLastDeparture();
    setLast(null);
  }, []);

  if (day.isPending) return <LoadingNote>Loading today’s departures…</LoadingNote>;
  if (day.isError && !chosen) return <ErrorNote error={day.error} className="mt-6" />;
  const trips = day.data?.trips ?? [];

  return (
    // Passengers' names may be in Thaana: its font comes only for those letters (unicode-range).
    <div className="mt-4 space-y-4 [font-family:var(--font-sans),'Noto_Sans_Thaana']">
      {trips.length === 0 && !chosen ? (
        <EmptyNote>No departures today.</EmptyNote>
      ) : (
        <div className="print:hidden">
          <Label htmlFor="boarding-trip">Departure</Label>
          <NativeSelect
            id="boarding-trip"
            value={chosen ?? ''}
            onChange={(e) => {
              if (!e.target.value) forget();
              setParams({ trip: e.target.value || null, stop: null });
            }}
          >
            <option value="">Choose today’s departure</option>
            {chosen && !trips.some((t) => t.scheduleId === chosen) && (
              <option value={chosen}>The departure kept on this device</option>
            )}
            {trips.map((t) => (
              <option key={t.scheduleId} value={t.scheduleId}>
                {t.departureTime} · {routeOf(t)} · {t.passengerCount}{' '}
                {t.passengerCount === 1 ? 'passenger' : 'passengers'}
              </option>
            ))}
          </NativeSelect>
        </div>
      )}
      {chosen && (
        <DepartureBoarding
          key={chosen}
          scheduleId={chosen}
          keptStop={last?.scheduleId === chosen ? last.stop : null}
          reopened={reopened !== null}
          onStop={remember}
          onDone={forget}
        />
      )}
    </div>
  );
}

function DepartureBoarding({
  scheduleId,
  keptStop,
  reopened,
  onStop,
  onDone,
}: {
  scheduleId: string;
  /** The stop this device boarded at last on this departure. */
  keptStop: number | null;
  /** Opened again by itself, not asked for: it gives way once boarding has closed everywhere. */
  reopened: boolean;
  onStop: (travelDate: string, stop: number) => void;
  onDone: () => void;
}) {
  const device = useBoardingDevice(scheduleId);
  const [params, setParams] = useUrlParams();
  const [search, setSearch] = useState('');
  const { manifest } = device;
  const boardingStops = manifest?.stops.slice(0, -1) ?? [];
  const due = stopDueNext(boardingStops);
  const asked = params.get('stop');
  // The stop asked for; else the one kept on this device while it is still open; else the one due.
  const wanted =
    asked !== null
      ? Number(asked) || 0
      : keptStop !== null && boardingStops[keptStop] && !boardingStops[keptStop].closure
        ? keptStop
        : due;
  const stop = Math.max(0, Math.min(wanted, boardingStops.length - 1));
  const allClosed = boardingStops.length > 0 && boardingStops.every((s) => s.closure);

  const travelDate = manifest?.travelDate;
  useEffect(() => {
    if (travelDate) onStop(travelDate, stop);
  }, [travelDate, stop, onStop]);
  useEffect(() => {
    // A departure closed everywhere is not opened again unasked: the crew choose the next one.
    if (reopened && allClosed) onDone();
  }, [reopened, allClosed, onDone]);

  if (device.expired) {
    return (
      <div className="space-y-3">
        <div className="flex">
          <SyncBadge online={device.online} waiting={device.queue.length} />
        </div>
        <EmptyNote>
          This departure’s passenger list was removed from this device, 24 hours after it left. Boardings not
          yet sent are kept and sent when there is a connection.
        </EmptyNote>
      </div>
    );
  }
  if (device.loading) return <LoadingNote>Loading the passenger list…</LoadingNote>;
  if (!manifest) return <ErrorNote error={device.error} />;
  const dueStop = boardingStops[due];
  const proposeDue = stop !== due && boardingStops[stop]?.closure && dueStop && !dueStop.closure;

  return (
    <>
      <div className="space-y-4 print:hidden">
        <div className="flex flex-wrap items-end gap-3">
          <div className="min-w-48 flex-1">
            <Label htmlFor="boarding-stop">Your stop</Label>
            <NativeSelect
              id="boarding-stop"
              value={String(stop)}
              onChange={(e) => setParams({ stop: e.target.value })}
            >
              {boardingStops.map((s) => (
                <option key={s.position} value={s.position}>
                  {s.name}
                  {s.departureTime ? ` · ${s.departureTime}` : ''}
                  {s.closure ? ' · closed' : s.position === due ? ' · due next' : ''}
                </option>
              ))}
            </NativeSelect>
          </div>
          <SyncBadge online={device.online} waiting={device.queue.length} />
        </div>
        {proposeDue && (
          <div className="flex flex-wrap items-center gap-3 rounded-xl border border-sky-200 bg-sky-50 p-3 text-sm text-sky-950">
            <p className="min-w-0 flex-1">
              Boarding has closed here. Due next: {dueStop.name}
              {dueStop.departureTime ? ` at ${dueStop.departureTime}` : ''}.
            </p>
            <Button type="button" variant="outline" onClick={() => setParams({ stop: String(due) })}>
              Board at {dueStop.name}
            </Button>
          </div>
        )}
        <ScanPanel
          manifest={manifest}
          stop={stop}
          queue={device.queue}
          onBoard={device.board}
          search={search}
          onSearch={setSearch}
        />
        <PassengerList
          manifest={manifest}
          stop={stop}
          queue={device.queue}
          search={search}
          onBoard={device.board}
        />
        <AlightingList manifest={manifest} stop={stop} queue={device.queue} />
        <OnBoard manifest={manifest} waiting={device.queue} />
        <Conflicts manifest={manifest} outcomes={device.outcomes} />
        <CloseBoarding
          manifest={manifest}
          stop={stop}
          online={device.online}
          waiting={device.queue.length}
          onChanged={() => void device.refresh()}
          // Closed here: the screen moves on to the stop due next.
          onClosed={() => setParams({ stop: null })}
        />
        <FinalManifest manifest={manifest} />
      </div>
      <PrintedManifest manifest={manifest} />
    </>
  );
}

/** Always in view: whether this device is online, and how many boardings wait to be sent. */
function SyncBadge({ online, waiting }: { online: boolean; waiting: number }) {
  return (
    <p
      role="status"
      data-testid="sync-badge"
      className={
        online
          ? 'rounded-full bg-emerald-100 px-3 py-1.5 text-sm font-semibold text-emerald-900'
          : 'rounded-full bg-amber-100 px-3 py-1.5 text-sm font-semibold text-amber-950'
      }
    >
      {online ? 'online' : 'offline'} · {waiting} waiting
    </p>
  );
}

function OnBoard({
  manifest,
  waiting,
}: {
  manifest: BoardingManifest;
  waiting: { ticketId: string; persons: number }[];
}) {
  const legs = useMemo(() => {
    const extra = new Map<string, number>();
    for (const b of waiting) extra.set(b.ticketId, (extra.get(b.ticketId) ?? 0) + b.persons);
    return personsOnBoard(manifest, extra);
  }, [manifest, waiting]);
  const name = (i: number) => manifest.stops[i]?.name ?? '';
  return (
    <section
      aria-labelledby="on-board-title"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="on-board-title" className="font-semibold text-slate-900">
        Persons on board
      </h2>
      <LegCounts
        testId="persons-on-board"
        legs={legs.map((l) => ({ ...l, from: name(l.from), to: name(l.to) }))}
      />
    </section>
  );
}

/** Boardings the server did not count: boarded first on another device, or refused. */
function Conflicts({ manifest, outcomes }: { manifest: BoardingManifest; outcomes: KeptOutcome[] }) {
  const timeZone = useOperatorTimeZone();
  if (outcomes.length === 0) return null;
  const nameOf = (ticketId: string) =>
    manifest.passengers.find((p) => p.ticketId === ticketId)?.name ?? 'A passenger';
  // A boarding that reached the server after its stop closed is refused (docs/decisions/024).
  const closedAt = (stop: number | undefined) => {
    const s = stop === undefined ? undefined : manifest.stops[stop];
    return s?.closure ? s.name : null;
  };
  return (
    <section aria-labelledby="conflicts-title" className="rounded-xl border border-amber-300 bg-amber-50 p-4">
      <h2 id="conflicts-title" className="font-semibold text-amber-950">
        Not counted after sync
      </h2>
      <ul className="mt-2 space-y-1 text-sm text-amber-950">
        {outcomes.map((o) => (
          <li key={o.id}>
            {nameOf(o.ticketId)}:{' '}
            {o.outcome === 'conflict'
              ? `already boarded on another device${o.firstBoarding ? ` at ${formatClock(o.firstBoarding.at, timeZone)}` : ''}. Counted once.`
              : closedAt(o.stop)
                ? `not counted: boarding at ${closedAt(o.stop)} had closed when it reached the server.`
                : 'refused by the office (no longer a valid booking).'}
          </li>
        ))}
      </ul>
    </section>
  );
}
