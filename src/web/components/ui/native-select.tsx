import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '#web/lib/utils.ts';

/** The platform's own select, styled like Input: accessible and keyboard-friendly with no script. */
export function NativeSelect({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <div className="relative">
      <select
        className={cn(
          'flex h-11 w-full min-w-0 appearance-none rounded-lg border border-slate-300 bg-white py-2 pr-9 pl-3 text-base text-slate-900 shadow-sm focus-visible:border-sky-600 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-sky-600 disabled:cursor-not-allowed disabled:opacity-50 sm:text-sm',
          className,
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500"
      />
    </div>
  );
}
