import { CircleCheck, Undo2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useUndoApproval } from './api.ts';
import { clearUndo, useUndoable } from './undo-store.ts';

/** Seconds left until `until`, ticking once a second. */
function useSecondsLeft(until: number | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === undefined) return;
    const tick = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(tick);
  }, [until]);
  return until === undefined ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
}

/**
 * After an approval, a short while to take it back: the passenger is told only once it is over.
 * It stays in the page (not a toast) so it is where the reviewer works, and read out once.
 */
export function UndoBanner({ onUndone }: { onUndone: (ticketId: string) => void }) {
  const undoable = useUndoable();
  const undo = useUndoApproval();
  const left = useSecondsLeft(undoable?.until);

  return (
    // Under the admin header (h-16) while the reviewer scrolls through the next booking.
    <div role="status" className="sticky top-18 z-20 empty:hidden">
      {undoable ? (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-green-300 bg-green-50 px-3 py-2 text-sm text-green-950 shadow-sm">
          <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-green-700" />
          <p className="min-w-48 flex-1">
            Approved <span className="font-mono font-semibold">{undoable.reference}</span>. The passenger is
            e-mailed once the undo time is over.
          </p>
          <span aria-hidden="true" className="ml-auto tabular-nums text-green-900">
            {left} s
          </span>
          <Button
            size="sm"
            variant="outline"
            disabled={undo.isPending}
            onClick={() =>
              undo.mutate(undoable.ticketId, {
                onSuccess: () => {
                  clearUndo(undoable.ticketId);
                  onUndone(undoable.ticketId);
                },
                // Too late or changed: the offer has nothing left to do.
                onError: () => clearUndo(undoable.ticketId),
              })
            }
          >
            {undo.isPending ? <Spinner /> : <Undo2 aria-hidden="true" />}
            Undo approval<span className="sr-only"> of {undoable.reference}</span>
          </Button>
        </div>
      ) : null}
    </div>
  );
}
