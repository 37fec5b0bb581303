import { useMutation } from '@tanstack/react-query';
import { Download, Printer, RotateCcw } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { type BoardingManifest, reopenBoardingSchema } from '#shared/boarding.ts';
import { ReasonDialog } from '#web/components/reason-dialog.tsx';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '#web/components/ui/alert-dialog.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { api, apiErrorText } from '#web/lib/api-client.ts';
import { formatClock } from '#web/lib/clock-time.ts';
import { useOperatorTimeZone } from '#web/lib/operator-time-zone.ts';
import { toast } from '#web/lib/toast.ts';
import { saveManifest } from './device-store.ts';
import { people } from './format.ts';

/**
 * Closing boarding at a stop and departing, with a confirmation; the crew count at the first.
 * A closed stop says who closed it and when, and the last one closed can be reopened.
 */
export function CloseBoarding({
  manifest,
  stop,
  online,
  waiting,
  onChanged,
  onClosed,
}: {
  manifest: BoardingManifest;
  stop: number;
  online: boolean;
  waiting: number;
  onChanged: () => void;
  onClosed?: () => void;
}) {
  const timeZone = useOperatorTimeZone();
  const [open, setOpen] = useState(false);
  const [crew, setCrew] = useState('');
  const [crewError, setCrewError] = useState<string | null>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const [focusClose, setFocusClose] = useState(false);
  const here = manifest.stops[stop];
  useEffect(() => {
    // Reopened: the Reopen button is gone once the manifest says so; the focus goes to Close.
    if (focusClose && here && !here.closure) {
      closeButton.current?.focus();
      setFocusClose(false);
    }
  }, [focusClose, here]);
  const close = useMutation({
    mutationFn: (body: { crew?: number }) =>
      api.post<BoardingManifest>(
        `/api/admin/boarding/${encodeURIComponent(manifest.scheduleId)}/stops/${stop}/close`,
        body,
      ),
    onSuccess: async (next) => {
      await saveManifest(next);
      setOpen(false);
      toast.success(`Boarding closed at ${here?.name ?? 'this stop'}`);
      onChanged();
      onClosed?.();
    },
    onError: (error) => toast.error('Boarding could not be closed', { description: apiErrorText(error) }),
  });
  if (!here) return null;
  if (here.closure) {
    // Closing goes in route order, so reopening goes back from the last stop closed.
    const lastClosed = !manifest.stops.some((s) => s.position > stop && s.closure);
    return (
      <section className="space-y-2">
        <p className="rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm text-slate-800">
          Boarding at {here.name} closed at {formatClock(here.closure.at, timeZone)} by {here.closure.by}:{' '}
          {people(here.closure.noShows, 'no-show', 'no-shows')},{' '}
          {people(here.closure.passengersAboard, 'passenger', 'passengers')} aboard.
        </p>
        {lastClosed && (
          <ReopenBoarding
            manifest={manifest}
            stop={stop}
            online={online}
            onReopened={() => {
              setFocusClose(true);
              onChanged();
            }}
          />
        )}
      </section>
    );
  }
  const first = stop === 0;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (first) {
      const n = Number(crew);
      if (crew.trim() === '' || !Number.isInteger(n) || n < 0 || n > 99) {
        setCrewError('Enter the number of crew aboard (0 to 99)');
        return;
      }
      close.mutate({ crew: n });
    } else {
      close.mutate({});
    }
  };

  return (
    <section className="space-y-2">
      <Button
        ref={closeButton}
        type="button"
        variant="outline"
        className="h-12 w-full text-base"
        disabled={!online}
        onClick={() => setOpen(true)}
      >
        Close boarding at {here.name} and depart
      </Button>
      {!online && <p className="text-sm text-slate-700">Closing boarding needs a connection.</p>}
      <AlertDialog open={open} onOpenChange={setOpen}>
        <AlertDialogContent>
          <form onSubmit={onSubmit} noValidate className="space-y-4">
            <AlertDialogHeader>
              <AlertDialogTitle>Close boarding at {here.name}?</AlertDialogTitle>
              <AlertDialogDescription>
                Passengers who were to board here and have not are marked as no-shows. This cannot be undone.
                {waiting > 0 ? ` ${waiting} boardings on this device are still waiting to be sent.` : ''}
              </AlertDialogDescription>
            </AlertDialogHeader>
            {first && (
              <div>
                <Label htmlFor="crew-count">Crew aboard</Label>
                <Input
                  id="crew-count"
                  inputMode="numeric"
                  value={crew}
                  aria-invalid={crewError !== null}
                  aria-describedby={crewError ? 'crew-count-error' : undefined}
                  onChange={(e) => {
                    setCrew(e.target.value);
                    setCrewError(null);
                  }}
                />
                {crewError && (
                  <p id="crew-count-error" role="alert" className="mt-1 text-sm text-red-800">
                    {crewError}
                  </p>
                )}
              </div>
            )}
            <AlertDialogFooter>
              <AlertDialogCancel type="button">Keep boarding</AlertDialogCancel>
              <Button type="submit" disabled={close.isPending}>
                Close and depart
              </Button>
            </AlertDialogFooter>
          </form>
        </AlertDialogContent>
      </AlertDialog>
    </section>
  );
}

/**
 * Reopens boarding at the last stop closed, saying why: boardings there count again, and the
 * passengers the closing marked no-shows can board. The server records who, why and the
 * closing's figures.
 */
function ReopenBoarding({
  manifest,
  stop,
  online,
  onReopened,
}: {
  manifest: BoardingManifest;
  stop: number;
  online: boolean;
  onReopened: () => void;
}) {
  const [open, setOpen] = useState(false);
  const name = manifest.stops[stop]?.name ?? 'this stop';
  const reopen = useMutation({
    mutationFn: (reason: string) =>
      api.post<BoardingManifest>(
        `/api/admin/boarding/${encodeURIComponent(manifest.scheduleId)}/stops/${stop}/reopen`,
        { reason },
      ),
    onSuccess: async (next) => {
      await saveManifest(next);
      change(false);
      toast.success(`Boarding reopened at ${name}`);
      onReopened();
    },
  });

  function change(next: boolean) {
    if (!next) reopen.reset();
    setOpen(next);
  }

  return (
    <>
      <Button
        type="button"
        variant="outline"
        className="h-12 w-full text-base"
        disabled={!online}
        onClick={() => setOpen(true)}
      >
        <RotateCcw aria-hidden="true" />
        Reopen boarding at {name}
      </Button>
      {!online && <p className="text-sm text-slate-700">Reopening boarding needs a connection.</p>}
      <ReasonDialog
        open={open}
        onOpenChange={change}
        title={`Reopen boarding at ${name}?`}
        description="Boardings at this stop count again, and the passengers this closing marked as no-shows can still board. Close the stop again before departing."
        reasonRule={reopenBoardingSchema.shape.reason}
        cancelLabel="Keep it closed"
        submitLabel="Reopen boarding"
        pending={reopen.isPending}
        error={reopen.isError ? reopen.error : null}
        onSubmit={(reason) => reopen.mutate(reason)}
      />
    </>
  );
}

/** Once every boarding stop has closed: the final manifest, to download or print. */
export function FinalManifest({ manifest }: { manifest: BoardingManifest }) {
  const boardingStops = manifest.stops.slice(0, -1);
  if (boardingStops.some((s) => !s.closure)) return null;
  const href = `/api/admin/boarding/${encodeURIComponent(manifest.scheduleId)}/final-manifest.csv`;
  return (
    <section aria-labelledby="final-title" className="rounded-xl border border-sky-200 bg-sky-50 p-4">
      <h2 id="final-title" className="font-semibold text-slate-900">
        Final manifest
      </h2>
      <p className="text-sm text-slate-700">Boarding has closed at every stop.</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button asChild>
          <a href={href} download>
            <Download aria-hidden="true" />
            Download the final manifest (CSV)
          </a>
        </Button>
        <Button type="button" variant="outline" onClick={() => window.print()}>
          <Printer aria-hidden="true" />
          Print
        </Button>
      </div>
    </section>
  );
}
