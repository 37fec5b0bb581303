import { Minus, Plus, ShieldAlert, ShieldCheck, ShieldX } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import {
  type Boarding,
  type BoardingManifest,
  BY_HAND_DEVICE,
  judgeScan,
  type ScanReason,
  type ScanVerdict,
} from '#shared/boarding.ts';
import { verifyCode, verifyKeyOf } from '#shared/e-ticket-code.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { formatClock } from '#web/lib/clock-time.ts';
import { useOperatorTimeZone } from '#web/lib/operator-time-zone.ts';
import { cn } from '#web/lib/utils.ts';
import { people } from './format.ts';
import { Scanner } from './scanner.tsx';

type Shown = ScanVerdict & { key: number; boardedNow: number };

const HEADLINE = { green: 'Board', amber: 'Check', red: 'Do not board' } as const;

function reasonText(v: ScanVerdict, manifest: BoardingManifest, timeZone: string): string {
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
    not_approved: 'This booking is not approved yet. Send the passenger to the office.',
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
    typed: 'Found by its reference only. Check ID before boarding.',
  };
  return reasons[v.reason];
}

/** A short tone and a buzz: green once, amber and red three times. */
function confirm(colour: ScanVerdict['colour']) {
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

/** Scanning, typing a reference, and the result with its boarding buttons. */
export function ScanPanel({
  manifest,
  stop,
  queue,
  onBoard,
}: {
  manifest: BoardingManifest;
  stop: number;
  queue: Boarding[];
  onBoard: (b: Omit<Boarding, 'id' | 'deviceTime' | 'scheduleId'>) => Promise<void>;
}) {
  const [shown, setShown] = useState<Shown | null>(null);
  const [reference, setReference] = useState('');
  const [notFound, setNotFound] = useState(false);
  const detected = useRef<number | null>(null);
  const pendingOf = (ticketId: string) =>
    queue.filter((b) => b.ticketId === ticketId).reduce((n, b) => n + b.persons, 0);

  const show = (verdict: ScanVerdict) => setShown({ ...verdict, key: performance.now(), boardedNow: 0 });

  const onCode = async (text: string, detectedAt: number) => {
    detected.current = detectedAt;
    const checked = await verifyCode(text, manifest.keys);
    if (!checked.ok) {
      show({ colour: 'red', reason: 'bad_code', passenger: null, remaining: 0 });
      return;
    }
    const passenger = manifest.passengers.find((p) => p.ticketId === checked.claims.ticketId) ?? null;
    show(
      judgeScan({
        manifest,
        stop,
        claims: checked.claims,
        passenger,
        pending: pendingOf(checked.claims.ticketId),
      }),
    );
  };

  const onFind = (event: FormEvent) => {
    event.preventDefault();
    const wanted = reference.trim().toUpperCase();
    const passenger = manifest.passengers.find((p) => p.reference.toUpperCase() === wanted) ?? null;
    setNotFound(!passenger);
    detected.current = performance.now();
    if (passenger) {
      show(judgeScan({ manifest, stop, claims: null, passenger, pending: pendingOf(passenger.ticketId) }));
    } else {
      setShown(null);
    }
  };

  // The keys are imported before the first scan, so a scan only verifies.
  useEffect(() => {
    for (const key of manifest.keys) void verifyKeyOf(key);
  }, [manifest.keys]);

  // Scan to result, for the closing figures (measured with CPU throttling in a browser run).
  useEffect(() => {
    if (!shown || detected.current === null) return;
    performance.measure('scan-to-result', { start: detected.current, end: performance.now() });
    detected.current = null;
    // The sound and the buzz once the result shows.
    confirm(shown.colour);
  }, [shown]);

  return (
    <section
      aria-labelledby="scan-title"
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="scan-title" className="font-semibold text-slate-900">
        Scan an e-ticket
      </h2>
      <Scanner onCode={onCode} />
      <form onSubmit={onFind} className="flex items-end gap-2" noValidate>
        <div className="flex-1">
          <Label htmlFor="boarding-reference">Or type the booking reference</Label>
          <Input
            id="boarding-reference"
            value={reference}
            autoComplete="off"
            autoCapitalize="characters"
            aria-invalid={notFound}
            aria-describedby={notFound ? 'boarding-reference-error' : undefined}
            onChange={(e) => setReference(e.target.value)}
          />
        </div>
        <Button type="submit" className="h-11">
          Find
        </Button>
      </form>
      {notFound && (
        <p id="boarding-reference-error" role="alert" className="text-sm text-red-800">
          No booking with this reference on this departure.
        </p>
      )}
      <div aria-live="assertive">
        {shown && (
          <ScanResult
            key={shown.key}
            verdict={shown}
            manifest={manifest}
            onBoard={async (persons) => {
              const passenger = shown.passenger;
              if (!passenger) return;
              await onBoard({
                ticketId: passenger.ticketId,
                stop,
                persons,
                deliberate: shown.colour !== 'green',
              });
              setShown({ ...shown, boardedNow: persons, remaining: shown.remaining - persons });
              confirm('green');
            }}
          />
        )}
      </div>
    </section>
  );
}

function ScanResult({
  verdict,
  manifest,
  onBoard,
}: {
  verdict: Shown;
  manifest: BoardingManifest;
  onBoard: (persons: number) => Promise<void>;
}) {
  const timeZone = useOperatorTimeZone();
  const { colour, passenger } = verdict;
  const [persons, setPersons] = useState(verdict.remaining);
  const [busy, setBusy] = useState(false);
  // Amber boards only with a second, deliberate tap: the first one asks whether ID was checked.
  const [confirming, setConfirming] = useState(false);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const Icon = colour === 'green' ? ShieldCheck : colour === 'amber' ? ShieldAlert : ShieldX;
  const canBoard = colour !== 'red' && verdict.remaining > 0 && passenger !== null;
  const board = async () => {
    setBusy(true);
    try {
      await onBoard(persons);
      setPersons((n) => Math.min(n, verdict.remaining - persons));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  useEffect(() => {
    // Keyboard and screen reader users land on the question, which is read out with its note.
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  return (
    <div
      data-testid="scan-result"
      data-colour={colour}
      className={cn(
        'rounded-xl border-2 p-4',
        colour === 'green' && 'border-emerald-600 bg-emerald-50 text-emerald-950',
        colour === 'amber' && 'border-amber-500 bg-amber-50 text-amber-950',
        colour === 'red' && 'border-red-600 bg-red-50 text-red-950',
      )}
    >
      <p className="flex items-center gap-2 text-2xl font-bold">
        <Icon aria-hidden="true" className="size-8" />
        {HEADLINE[colour]}
      </p>
      <p className="mt-1 font-medium">{reasonText(verdict, manifest, timeZone)}</p>
      {passenger && (
        <div className="mt-3 space-y-1">
          {passenger.name && <p className="text-xl font-semibold">{passenger.name}</p>}
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
          </p>
        </div>
      )}
      {verdict.boardedNow > 0 && (
        <p role="status" className="mt-3 font-semibold">
          {people(verdict.boardedNow, 'person', 'persons')} boarded
          {verdict.remaining > 0 ? ` · ${verdict.remaining} still to board` : ''}.
        </p>
      )}
      {canBoard && confirming && (
        <fieldset className="mt-4 min-w-0 space-y-3 rounded-lg border-2 border-dashed border-amber-700 bg-white p-3">
          <legend className="float-left mb-3 w-full font-semibold">
            Check the passenger’s ID against the name above before boarding.
          </legend>
          <Button
            ref={confirmButton}
            type="button"
            disabled={busy}
            onClick={() => void board()}
            className="h-auto min-h-14 w-full whitespace-normal bg-amber-700 py-2 text-lg hover:bg-amber-800"
          >
            Checked ID? Board {people(persons, 'person', 'persons')}
          </Button>
          <Button
            type="button"
            variant="outline"
            className="h-11 w-full"
            onClick={() => setConfirming(false)}
          >
            Not yet
          </Button>
        </fieldset>
      )}
      {canBoard && !confirming && (
        <div className="mt-4 space-y-3">
          {verdict.remaining > 1 && (
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
                {persons} of {verdict.remaining}
              </span>
              <Button
                type="button"
                variant="outline"
                size="icon"
                aria-label="One more"
                disabled={persons >= verdict.remaining}
                onClick={() => setPersons((n) => n + 1)}
              >
                <Plus aria-hidden="true" />
              </Button>
            </fieldset>
          )}
          <Button
            type="button"
            disabled={busy || persons < 1}
            onClick={() => (colour === 'green' ? void board() : setConfirming(true))}
            className={cn('h-14 w-full text-lg', colour === 'amber' && 'bg-amber-700 hover:bg-amber-800')}
          >
            {colour === 'green'
              ? `Board ${people(persons, 'person', 'persons')}`
              : `Board anyway (${persons})`}
          </Button>
        </div>
      )}
    </div>
  );
}
