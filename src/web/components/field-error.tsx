import { flushSync } from 'react-dom';

/** The id of a field's message, for the field's aria-describedby. */
export const fieldErrorId = (fieldId: string) => `${fieldId}-error`;

/**
 * What a field in error carries: marked invalid and described by its message (with any hint
 * it already had), so a screen reader reads the message when the field gets focus.
 */
export function fieldErrorProps(fieldId: string, error: string | null | undefined, hintId?: string) {
  const describedBy = [error ? fieldErrorId(fieldId) : null, hintId ?? null].filter(Boolean).join(' ');
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const;
}

/** A field's message, under it; nothing while the field is fine. */
export function FieldError({ fieldId, error }: { fieldId: string; error: string | null | undefined }) {
  if (!error) return null;
  return (
    <p id={fieldErrorId(fieldId)} className="text-sm font-medium text-red-700">
      {error}
    </p>
  );
}

/**
 * Shows the messages (`show` sets them), then moves the focus to the first field in error: the
 * message must be in the page, and the field described by it, before the focus lands there.
 */
export function showFieldErrors(show: () => void, firstFieldId: string | undefined) {
  flushSync(show);
  if (firstFieldId) document.getElementById(firstFieldId)?.focus();
}
