import type { ComponentProps } from 'react';
import { cn } from '#web/lib/utils.ts';

export function PageContainer({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12', className)} {...props} />;
}

export function PageTitle({ className, ...props }: ComponentProps<'h1'>) {
  return (
    <h1
      className={cn('text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl', className)}
      {...props}
    />
  );
}
