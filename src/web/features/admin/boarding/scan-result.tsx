import { Minus, Plus, ShieldAlert, ShieldCheck, ShieldX } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import {
  type Boarding,
  type BoardingManifest,
  BY_HAND_DEVICE,
  type ManifestPassenger,
  partyOf,
  type ScanReason,
  type ScanVerdict,
} from '#shared/boarding.ts';
import { concessionNames, infantsNote, PartyPersons } from '#web/components/party-persons.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { formatClock } from '#web/lib/clock-time.ts';
import { useOperatorTimeZone } from '#web/lib/operator-time-zone.ts';
import { cn } from '#web/lib/utils.ts';
import { idRequiredFor, people } from './format.ts';
import { IdRequiredBadge } from './id-required-badge.tsx';

export type BoardRequest = Omit<Boarding, 'id' | 'deviceTime' | 'scheduleId'>;

const HEADLINE = { green: 'Board', amber: 'Check', red: 'Do not board' } as const;

/** How a booking was found without its e-ticket: all of these need an ID check. */
export type FoundBy = 'code' | 'reference' | 'name' | 'list';

const FOUND_WITHOUT_CODE: Record<Exclude<FoundBy, 'code'>, string> = {
  reference: 'Found by its reference only. Check ID before boarding.',
  name: 'Found by name only. Check ID before boarding.',
  list: 'Picked from the list. Check ID before boarding.',
};

function reasonText(v: ScanVerdict, manifest: BoardingManifest, timeZone: string, found: FoundBy): string {
  const stopName = (i: number) => manifest.stops[i]?.name ?? 'another stop';
  const reasons: Record<ScanReason, string> = {
    ok: 'Valid e-ticket for this departure and stop.',
    bad_code: 'Not a valid e-ticket of this operator.',
    superseded: 'This code was replaced by a newer one after a change.',
    rejected: 'This booking was rejected.',
    cancelled: 'This booking was cancelled.',
    cancelled_by_operator: 'This booking was cancelled by the operator. Send the passenger to the office.',
    cancelled_by_passenger: 'This booking was cancelled by the passenger.',
    completed: 'This booking’s trip is already completed.',
    voided: 'This counter sale was voided.',
    rebooked: 'This code was replaced: the booking was rebooked onto another departure.',
    moved: 'This code was replaced: the booking moved to another departure.',
    deleted: 'This booking was deleted by the office.',
    not_approved:
      v.passenger?.status === 'awaiting_card'
        ? 'This booking’s card payment is not confirmed yet. Send the passenger to the office.'
        : 'This booking is not approved yet. Send the passenger to the office.',
    already_boarded: v.passenger?.firstBoarding
      ? `Already on board since ${formatClock(v.passenger.firstBoarding.at, timeZone)} (${
          v.passenger.firstBoarding.deviceId === BY_HAND_DEVICE
            ? 'marked by hand'
            : `device ${v.passenger.firstBoarding.deviceId.slice(7, 15)}`
        }).`
      : 'Already on board.',
    wrong_stop: `Boards at ${stopName(v.passenger?.fromStop ?? -1)}, not here.`,
    wrong_date: 'This e-ticket is for another day.',
    wrong_departure: 'This e-ticket is for another departure.',
    not_in_manifest: 'Valid e-ticket, not in this device’s list yet (a late sale or approval). Check ID.',
    typed: FOUND_WITHOUT_CODE[found === 'code' ? 'reference' : found],
    id_required: `ID required (${idRequiredFor(v.passenger?.concessions) || 'a concession'}): check the ID, then tap again to board.`,
  };
  return reasons[v.reason];
}

/** A short tone and a buzz: green once, amber and red three times. */
export function confirm(colour: ScanVerdict['colour']) {
  navigator.vibrate?.(colour === 'green' ? 90 : [70, 50, 70, 50, 70]);
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    tone.frequency.value = colour === 'green' ? 880 : 330;
    tone.connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.12);
    tone.onended = () => void audio.close();
  } catch {
    // No sound on this device: the colour and the words say it.
  }
}

/** Persons of a party still to board: the list's count less what this device has queued. */
function leftToBoard(passenger: ManifestPassenger, manifest: BoardingManifest, queue: Boarding[]): number {
  const boarded =
    manifest.passengers.find((p) => p.ticketId === passenger.ticketId)?.boarded ?? passenger.boarded;
  const waiting = queue.filter((b) => b.ticketId === passenger.ticketId).reduce((n, b) => n + b.persons, 0);
  return Math.max(0, partyOf(passenger) - boarded - waiting);
}

/**
 * What a scan, a typed reference or a name found, and its boarding button: green boards with one
 * tap; amber with one deliberate tap on its question, 'Checked ID? Board n', kept as
 * `deliberate`; red never. Shown again (a new `key`) for each find, so its counts start afresh.
 */
export function ScanResult({
  verdict,
  found,
  manifest,
  queue,
  stop,
  onBoard,
  className,
}: {
  verdict: ScanVerdict;
  found: FoundBy;
  manifest: BoardingManifest;
  /** This device's boardings not sent yet. */
  queue: Boarding[];
  stop: number;
  onBoard: (b: BoardRequest) => Promise<void>;
  className?: string;
}) {
  const timeZone = useOperatorTimeZone();
  const { colour, passenger } = verdict;
  // Boarded from this result, and in all: its own boardings count at once, and those made
  // elsewhere on this device (the list, another find) as soon as they queue or the list refreshes.
  const [boardedHere, setBoardedHere] = useState(0);
  const [boardedNow, setBoardedNow] = useState(0);
  const remaining = passenger
    ? Math.min(verdict.remaining - boardedHere, leftToBoard(passenger, manifest, queue))
    : 0;
  const [wanted, setPersons] = useState(verdict.remaining);
  const persons = Math.max(0, Math.min(wanted, remaining));
  const [busy, setBusy] = useState(false);
  const said = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    // The button tapped is gone once the party is on board: the focus goes to what it did.
    if (boardedNow > 0 && !said.current?.parentElement?.contains(document.activeElement))
      said.current?.focus();
  }, [boardedNow]);
  const Icon = colour === 'green' ? ShieldCheck : colour === 'amber' ? ShieldAlert : ShieldX;
  const canBoard = colour !== 'red' && remaining > 0 && passenger !== null;
  const board = async () => {
    if (!passenger || busy || persons < 1) return;
    setBusy(true);
    try {
      await onBoard({ ticketId: passenger.ticketId, stop, persons, deliberate: colour !== 'green' });
      setBoardedHere((n) => n + persons);
      setBoardedNow(persons);
      setPersons(remaining - persons);
      confirm('green');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div
      data-testid="scan-result"
      data-colour={colour}
      className={cn(
        'rounded-xl border-2 p-4',
        colour === 'green' && 'border-emerald-600 bg-emerald-50 text-emerald-950',
        colour === 'amber' && 'border-amber-500 bg-amber-50 text-amber-950',
        colour === 'red' && 'border-red-600 bg-red-50 text-red-950',
        className,
      )}
    >
      <p className="flex items-center gap-2 text-2xl font-bold">
        <Icon aria-hidden="true" className="size-8" />
        {HEADLINE[colour]}
      </p>
      <p className="mt-1 font-medium">{reasonText(verdict, manifest, timeZone, found)}</p>
      {passenger && (
        <div className="mt-3 space-y-1">
          {passenger.name && (
            <p className="text-xl font-semibold">
              <bdi>{passenger.name}</bdi>
            </p>
          )}
          <p>
            Seats <span className="font-semibold">{passenger.seats.join(', ')}</span>
          </p>
          <p>
            {people(passenger.adults, 'adult', 'adults')}
            {passenger.children > 0 && (
              <span className="ms-2 rounded bg-violet-200 px-2 py-0.5 font-semibold text-violet-950">
                {people(passenger.children, 'child', 'children')}
              </span>
            )}
            {(passenger.infants ?? 0) > 0 && (
              <span className="ms-2 rounded bg-amber-200 px-2 py-0.5 font-semibold text-amber-950">
                {infantsNote(passenger.infants ?? 0)}
              </span>
            )}
          </p>
          {(passenger.concessions?.length ?? 0) > 0 && (
            <ul aria-label="Concessions" className="flex flex-wrap items-center gap-2">
              {passenger.idRequired && (
                <li>
                  <IdRequiredBadge />
                </li>
              )}
              {passenger.concessions?.map((c) => (
                <li key={c.code} className="rounded bg-sky-100 px-2 py-0.5 font-semibold text-sky-950">
                  {c.name.en} × {c.count}
                  {c.name.dv !== c.name.en && (
                    <bdi lang="dv" dir="rtl" className="ms-2 font-normal">
                      {c.name.dv}
                    </bdi>
                  )}
                </li>
              ))}
            </ul>
          )}
          {partyOf(passenger) > 1 && (passenger.persons?.length ?? 0) > 0 && (
            <PartyPersons
              persons={passenger.persons ?? []}
              names={concessionNames(passenger.concessions)}
              unnamed={passenger.unnamed ?? 0}
              label={`Persons of ${passenger.reference || 'this booking'}`}
              className="flex flex-wrap gap-x-3"
            />
          )}
        </div>
      )}
      {boardedNow > 0 && (
        <p ref={said} role="status" tabIndex={-1} className="mt-3 font-semibold outline-none">
          {people(boardedNow, 'person', 'persons')} boarded
          {remaining > 0 ? ` · ${remaining} still to board` : ''}.
        </p>
      )}
      {canBoard && (
        <div className="mt-4 space-y-3">
          {remaining > 1 && (
            <fieldset className="flex items-center gap-3">
              <legend className="sr-only">How many board now</legend>
              <Button
                type="button"
                variant="outline"
                size="icon"
                aria-label="One fewer"
                disabled={persons <= 1}
                onClick={() => setPersons((n) => n - 1)}
              >
                <Minus aria-hidden="true" />
              </Button>
              <span className="min-w-24 text-center font-semibold" aria-live="polite">
                {persons} of {remaining}
              </span>
              <Button
                type="button"
                variant="outline"
                size="icon"
                aria-label="One more"
                disabled={persons >= remaining}
                onClick={() => setPersons((n) => n + 1)}
              >
                <Plus aria-hidden="true" />
              </Button>
            </fieldset>
          )}
          <Button
            type="button"
            disabled={busy || persons < 1}
            onClick={() => void board()}
            className={cn(
              'h-auto min-h-14 w-full whitespace-normal py-2 text-lg',
              colour === 'amber' && 'bg-amber-700 hover:bg-amber-800',
            )}
          >
            {colour === 'green'
              ? `Board ${people(persons, 'person', 'persons')}`
              : `Checked ID? Board ${persons}`}
          </Button>
        </div>
      )}
    </div>
  );
}
