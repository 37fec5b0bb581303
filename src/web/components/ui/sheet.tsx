import * as SheetPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '#web/lib/utils.ts';

export const Sheet = SheetPrimitive.Root;
export const SheetTrigger = SheetPrimitive.Trigger;
export const SheetClose = SheetPrimitive.Close;
export const SheetTitle = SheetPrimitive.Title;
export const SheetDescription = SheetPrimitive.Description;

type SheetContentProps = ComponentProps<typeof SheetPrimitive.Content> & {
  side?: 'left' | 'right';
  /** Label of the close button. */
  closeLabel?: string;
};

/** A dialog that slides in from a side of the screen (a drawer). */
export function SheetContent({
  className,
  children,
  side = 'left',
  closeLabel = 'Close',
  ...props
}: SheetContentProps) {
  return (
    <SheetPrimitive.Portal>
      <SheetPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
      <SheetPrimitive.Content
        className={cn(
          'fixed inset-y-0 z-50 flex h-full flex-col bg-white shadow-xl outline-none',
          side === 'left' ? 'left-0 border-r border-slate-200' : 'right-0 border-l border-slate-200',
          className,
        )}
        {...props}
      >
        {children}
        <SheetPrimitive.Close
          className="absolute top-3 right-3 inline-flex size-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900"
          aria-label={closeLabel}
        >
          <X aria-hidden="true" className="size-5" />
        </SheetPrimitive.Close>
      </SheetPrimitive.Content>
    </SheetPrimitive.Portal>
  );
}
