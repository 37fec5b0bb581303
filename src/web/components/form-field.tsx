import type { ReactNode } from 'react';
import { Label } from '#web/components/ui/label.tsx';

/** What a field's control takes to be named, marked invalid and described (spread it on the input). */
export type FieldControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

/**
 * A labelled control with its hint and its message. `children` renders the control with the
 * props it is given: its id (the label's `htmlFor`), `aria-invalid` while there is a problem,
 * and `aria-describedby` naming what describes it, in reading order: `describedBy` (a message
 * said elsewhere, such as the form's one message for all its fields), the hint, its own message.
 * The message is announced as it appears.
 */
export function FormField({
  id,
  label,
  labelAside,
  hint,
  error,
  invalid = false,
  describedBy,
  children,
}: {
  id: string;
  label: ReactNode;
  /** Beside the label, at the end of its line (a badge). */
  labelAside?: ReactNode;
  hint?: ReactNode;
  /** The field's message, said under it. */
  error?: string | undefined;
  /** Marked invalid though its message is said elsewhere (see `describedBy`). */
  invalid?: boolean;
  describedBy?: string | undefined;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const described = [describedBy, hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  const labelled = <Label htmlFor={id}>{label}</Label>;
  return (
    <div className="grid gap-2">
      {labelAside ? (
        <div className="flex items-center justify-between gap-2">
          {labelled}
          {labelAside}
        </div>
      ) : (
        labelled
      )}
      {children({
        id,
        'aria-invalid': error || invalid ? true : undefined,
        'aria-describedby': described || undefined,
      })}
      {hint ? (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}
