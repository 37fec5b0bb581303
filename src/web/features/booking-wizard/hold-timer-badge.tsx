import { Timer } from 'lucide-react';
import { VESSEL_TEXTS } from '#web/components/seat-map/vessel-texts.ts';
import { T, text, useTexts } from '#web/i18n/texts.tsx';
import { toast } from '#web/lib/toast.ts';
import { cn } from '#web/lib/utils.ts';
import { holdDeadline, useCountdown } from './hold-timer.tsx';
import { releaseHold, wizardHold } from './steps-api.ts';
import type { StepProps } from './wizard-state.ts';

// Shown while seats are held (steps 4 and 5), counting down to the hold's end and ending it at
// zero: loaded then, with its countdown and the release, not with step 1.

const mmss = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

export default function HoldTimer({ state, dispatch }: StepProps) {
  useTexts(VESSEL_TEXTS);
  const deadline = holdDeadline(state);
  // At zero the held seats go, on both departures of a return, and the wizard starts over.
  const onExpire = () => {
    void releaseHold(wizardHold(state, state.lockedSeats, state.returnLockedSeats), state.sessionId);
    dispatch({ type: 'holdExpired' });
    toast.error(text('vessel.holdExpired'));
  };
  const secondsLeft = useCountdown(deadline, onExpire) ?? 0;
  const urgent = secondsLeft <= 60;
  return (
    <div className="mt-4 flex justify-end">
      <div
        className={cn(
          'flex items-center gap-2 rounded-lg border px-3 py-2 text-sm font-medium',
          urgent ? 'border-red-300 bg-red-50 text-red-900' : 'border-amber-300 bg-amber-50 text-amber-900',
        )}
      >
        <Timer aria-hidden="true" className="size-4" />
        <span>
          <T
            id="vessel.heldFor"
            values={{ time: mmss(secondsLeft) }}
            components={{ 0: <bdi dir="ltr" className="font-mono tabular-nums" /> }}
          />
        </span>
      </div>
    </div>
  );
}
