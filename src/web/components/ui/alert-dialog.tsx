import * as AlertDialogPrimitive from '@radix-ui/react-alert-dialog';
import type { ComponentProps } from 'react';
import { cn } from '#web/lib/utils.ts';
import { buttonVariants } from './button.tsx';
import { withClasses } from './with-classes.tsx';

export const AlertDialog = AlertDialogPrimitive.Root;
export const AlertDialogTrigger = AlertDialogPrimitive.Trigger;
export const AlertDialogPortal = AlertDialogPrimitive.Portal;

export const AlertDialogOverlay = withClasses(
  AlertDialogPrimitive.Overlay,
  'fixed inset-0 z-50 bg-slate-950/50',
);

export function AlertDialogContent({
  className,
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Content>) {
  return (
    <AlertDialogPortal>
      <AlertDialogOverlay />
      <AlertDialogPrimitive.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-xl',
          className,
        )}
        {...props}
      />
    </AlertDialogPortal>
  );
}

export const AlertDialogHeader = withClasses('div', 'flex flex-col gap-2 text-center sm:text-left');
export const AlertDialogFooter = withClasses('div', 'flex flex-col-reverse gap-2 sm:flex-row sm:justify-end');
export const AlertDialogTitle = withClasses(
  AlertDialogPrimitive.Title,
  'text-lg font-semibold text-slate-900',
);
export const AlertDialogDescription = withClasses(AlertDialogPrimitive.Description, 'text-sm text-slate-600');

/** The confirming button; pass `variant="destructive"` for destructive actions. */
export function AlertDialogAction({
  className,
  variant,
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Action> & { variant?: 'default' | 'destructive' }) {
  return <AlertDialogPrimitive.Action className={cn(buttonVariants({ variant }), className)} {...props} />;
}

export const AlertDialogCancel = withClasses(
  AlertDialogPrimitive.Cancel,
  buttonVariants({ variant: 'outline' }),
);
