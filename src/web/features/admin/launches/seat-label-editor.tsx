import { Hash, Rows3 } from 'lucide-react';
import { useId, useState } from 'react';
import { SEAT_LABEL_MAX } from '#shared/setup-api.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { cn } from '#web/lib/utils.ts';
import { duplicateLabels, numberedSeats, rowName, rowSeats } from './seat-labels.ts';

const DEFAULT_PER_ROW = 4;

/** One small input per seat, with quick fills; repeated and empty labels are pointed out. */
export function SeatLabelEditor({
  labels,
  onChange,
  describedBy,
}: {
  labels: string[];
  onChange: (labels: string[]) => void;
  describedBy?: string;
}) {
  const id = useId();
  const [perRowText, setPerRowText] = useState(String(DEFAULT_PER_ROW));
  const perRow = Math.min(Math.max(1, Math.floor(Number(perRowText)) || DEFAULT_PER_ROW), labels.length || 1);
  const rows = Math.ceil(labels.length / perRow);
  const repeated = new Set(duplicateLabels(labels));
  const problemsId = `${id}-problems`;
  const empties = labels.filter((l) => !l.trim()).length;

  return (
    <fieldset className="grid gap-3" aria-describedby={describedBy}>
      <legend className="mb-2 text-sm font-medium text-slate-800">
        Seat labels <span className="font-normal text-slate-600">({labels.length})</span>
      </legend>
      <div className="flex flex-wrap items-end gap-2 rounded-xl bg-slate-50 p-3">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-per-row`}>Seats per row</Label>
          <Input
            id={`${id}-per-row`}
            type="number"
            inputMode="numeric"
            min={1}
            max={labels.length || 1}
            className="h-9 w-20"
            value={perRowText}
            onChange={(e) => setPerRowText(e.target.value)}
          />
        </div>
        <Button variant="outline" size="sm" onClick={() => onChange(rowSeats(labels.length, perRow))}>
          <Rows3 aria-hidden="true" />
          Fill rows A–{rowName(Math.max(0, rows - 1))}
        </Button>
        <Button variant="outline" size="sm" onClick={() => onChange(numberedSeats(labels.length))}>
          <Hash aria-hidden="true" />
          Number 1–{labels.length}
        </Button>
      </div>
      <ol className="grid max-h-72 grid-cols-4 gap-1.5 overflow-y-auto p-0.5 sm:grid-cols-8">
        {labels.map((label, index) => {
          const bad = !label.trim() || repeated.has(label.trim());
          return (
            // Seats have no identity beyond their position, so the index is the key.
            // biome-ignore lint/suspicious/noArrayIndexKey: the position is what identifies a seat here
            <li key={index}>
              <Input
                aria-label={`Seat ${index + 1} label`}
                aria-invalid={bad || undefined}
                aria-describedby={bad ? problemsId : undefined}
                maxLength={SEAT_LABEL_MAX}
                className={cn('h-9 px-1 text-center text-sm sm:text-sm', bad && 'bg-red-50')}
                value={label}
                onChange={(e) => onChange(labels.map((l, i) => (i === index ? e.target.value : l)))}
              />
            </li>
          );
        })}
      </ol>
      <div id={problemsId} aria-live="polite" className="text-sm text-red-800">
        {repeated.size > 0 && <p>Duplicate labels: {[...repeated].join(', ')}</p>}
        {empties > 0 && <p>{empties === 1 ? '1 seat has no label' : `${empties} seats have no label`}</p>}
      </div>
    </fieldset>
  );
}
