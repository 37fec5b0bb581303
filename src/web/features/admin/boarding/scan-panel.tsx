import { type FormEvent, useEffect, useRef, useState } from 'react';
import { type Boarding, type BoardingManifest, judgeScan, type ScanVerdict } from '#shared/boarding.ts';
import { verifyCode, verifyKeyOf } from '#shared/e-ticket-code.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { byReference, findPassengers } from './find-passengers.ts';
import { type BoardRequest, confirm, type FoundBy, ScanResult } from './scan-result.tsx';
import { Scanner } from './scanner.tsx';

type Shown = ScanVerdict & { key: number; found: FoundBy };

/** Scanning, typing a reference, and the result with its boarding buttons. */
export function ScanPanel({
  manifest,
  stop,
  queue,
  onBoard,
  search,
  onSearch,
}: {
  manifest: BoardingManifest;
  stop: number;
  queue: Boarding[];
  onBoard: (b: BoardRequest) => Promise<void>;
  /** A reference or a name; it also narrows the passenger list as it is typed. */
  search: string;
  onSearch: (search: string) => void;
}) {
  const [shown, setShown] = useState<Shown | null>(null);
  const [notFound, setNotFound] = useState(false);
  const [several, setSeveral] = useState(0);
  const detected = useRef<number | null>(null);
  const pendingOf = (ticketId: string) =>
    queue.filter((b) => b.ticketId === ticketId).reduce((n, b) => n + b.persons, 0);

  const show = (verdict: ScanVerdict, found: FoundBy = 'code') =>
    setShown({ ...verdict, key: performance.now(), found });

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

  // The whole reference first; else the one booking whose name (or reference) holds what was typed.
  const onFind = (event: FormEvent) => {
    event.preventDefault();
    const exact = byReference(manifest.passengers, search);
    const found = exact ? [exact] : findPassengers(manifest.passengers, search);
    const passenger = found.length === 1 ? (found[0] ?? null) : null;
    setNotFound(found.length === 0);
    setSeveral(found.length > 1 ? found.length : 0);
    detected.current = performance.now();
    if (passenger) {
      show(
        judgeScan({ manifest, stop, claims: null, passenger, pending: pendingOf(passenger.ticketId) }),
        exact ? 'reference' : 'name',
      );
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
          <Label htmlFor="boarding-reference">Or type the booking reference or a name</Label>
          <Input
            id="boarding-reference"
            type="search"
            dir="auto"
            value={search}
            autoComplete="off"
            aria-invalid={notFound}
            aria-describedby={
              notFound ? 'boarding-reference-error' : several ? 'boarding-reference-several' : undefined
            }
            onChange={(e) => {
              onSearch(e.target.value);
              setNotFound(false);
              setSeveral(0);
            }}
          />
        </div>
        <Button type="submit" className="h-11">
          Find
        </Button>
      </form>
      {notFound && (
        <p id="boarding-reference-error" role="alert" className="text-sm text-red-800">
          No booking with this reference or name on this departure.
        </p>
      )}
      {several > 0 && (
        <p id="boarding-reference-several" role="status" className="text-sm text-slate-800">
          {several} bookings match. Tap the passenger in the list below.
        </p>
      )}
      <div aria-live="assertive">
        {shown && (
          <ScanResult
            key={shown.key}
            verdict={shown}
            found={shown.found}
            manifest={manifest}
            queue={queue}
            stop={stop}
            onBoard={onBoard}
          />
        )}
      </div>
    </section>
  );
}
