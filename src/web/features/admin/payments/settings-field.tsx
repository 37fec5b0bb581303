import type { ComponentProps, ReactNode } from 'react';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { cn } from '#web/lib/utils.ts';

type Props = Omit<ComponentProps<typeof Input>, 'id'> & {
  id: string;
  label: string;
  /** The field's message, the browser's check or the server's, shown under it. */
  error?: string | undefined;
  /** Shown inside the field's left edge, such as a currency. */
  prefix?: ReactNode;
  hint?: ReactNode;
};

export function errorId(id: string) {
  return `${id}-error`;
}

export function SettingsField({ id, label, error, prefix, hint, className, ...input }: Props) {
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId(id) : null, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        {prefix ? (
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-xs font-semibold text-slate-500"
          >
            {prefix}
          </span>
        ) : null}
        <Input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={cn(prefix ? 'pl-12' : null, className)}
          {...input}
        />
      </div>
      {hint ? (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId(id)} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
