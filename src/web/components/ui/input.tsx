import type { ComponentProps } from 'react';
import { cn } from '#web/lib/utils.ts';

export function Input({ className, type, ...props }: ComponentProps<'input'>) {
  return (
    <input
      type={type ?? 'text'}
      className={cn(
        'flex h-11 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus-visible:border-sky-600 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-sky-600 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-red-600 sm:text-sm',
        className,
      )}
      {...props}
    />
  );
}
