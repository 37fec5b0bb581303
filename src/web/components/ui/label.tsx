import type { ComponentProps } from 'react';
import { cn } from '#web/lib/utils.ts';

/** A form label (a native <label>: Radix's adds nothing the forms here use, for 2 KB). */
export function Label({ className, ...props }: ComponentProps<'label'>) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: callers pass htmlFor or wrap their control.
    <label
      className={cn('text-sm font-medium leading-none text-slate-800 peer-disabled:opacity-60', className)}
      {...props}
    />
  );
}
