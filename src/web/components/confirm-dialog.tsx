import { type ReactNode, useState } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from './ui/alert-dialog.tsx';
import { Button, type ButtonProps } from './ui/button.tsx';
import { Spinner } from './ui/spinner.tsx';

type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  /** The button that leaves things as they are: 'Cancel' unless that would read as the action. */
  cancelLabel?: string;
  destructive?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  /** Shown under the description (a picture of what goes). */
  children?: ReactNode;
};

/**
 * "Are you sure?" before an action that cannot be taken back (a delete, a reopen). Closes on
 * confirm, unless the caller passes `busy`: then it stays open with a spinner while the action
 * runs, so a refusal is read next to its cause, and the caller closes it on success.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  destructive = false,
  busy,
  onConfirm,
  children,
}: ConfirmDialogProps) {
  const waits = busy !== undefined;
  return (
    <AlertDialog open={open} onOpenChange={(next) => (next || !busy) && onOpenChange(next)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>{cancelLabel}</AlertDialogCancel>
          <AlertDialogAction
            variant={destructive ? 'destructive' : 'default'}
            disabled={busy}
            onClick={(event) => {
              if (waits) event.preventDefault();
              onConfirm();
            }}
          >
            {busy ? <Spinner className="size-4" /> : null}
            {confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/**
 * A button that asks first: it opens a ConfirmDialog with `dialog`'s texts and action. `button`
 * is the button's look, state and label (its children).
 */
export function ConfirmButton({
  button,
  ...dialog
}: { button: Omit<ButtonProps, 'onClick'> } & Omit<ConfirmDialogProps, 'open' | 'onOpenChange'>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button {...button} onClick={() => setOpen(true)} />
      <ConfirmDialog open={open} onOpenChange={setOpen} {...dialog} />
    </>
  );
}
