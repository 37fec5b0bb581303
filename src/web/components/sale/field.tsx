import type { ComponentProps, ReactElement, ReactNode } from 'react';
import { cloneElement } from 'react';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';

/** A labelled control with its problem under it, named by the control's aria-describedby. */
type FieldProps = {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
};

export function Field({
  id,
  label,
  error,
  hint,
  className,
  children,
}: FieldProps & { children: ReactElement<Record<string, unknown>> }) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      <div className="mt-1.5">
        {cloneElement(children, {
          id,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': describedBy || undefined,
        })}
      </div>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-700" aria-live="polite">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A Field with a text input the counter or a partner's desk types in: never filled in by the
 * browser (each sale is another party); `onValue` is told the text, or else `onChange` the
 * event (a form's field).
 */
export function InputField({
  id,
  label,
  error,
  hint,
  className,
  onValue,
  ...input
}: FieldProps & Omit<ComponentProps<'input'>, 'id' | 'className'> & { onValue?: (value: string) => void }) {
  return (
    <Field id={id} label={label} error={error} hint={hint} className={className}>
      <Input
        autoComplete="off"
        {...input}
        onChange={onValue ? (e) => onValue(e.target.value) : input.onChange}
      />
    </Field>
  );
}
