import { type ComponentProps, type FormEvent, Fragment, type ReactNode } from 'react';
import { Button, type ButtonProps } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { cn } from '#web/lib/utils.ts';

export type DialogFormProps = {
  /** react-hook-form's `handleSubmit(...)`, or a handler of its own. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The fields, each with its label and its own message (FormField). */
  children: ReactNode;
  /** What stops the form as a whole (the server's refusal, or one message for every field). */
  error?: ReactNode;
  /** The id of that message, for the fields that name it in their aria-describedby. */
  errorId?: string | undefined;
  /** The request runs: the submit waits, its icon a spinner. */
  pending: boolean;
  submitLabel: ReactNode;
  /** Said on the submit while the request runs ('Saving...'); by default its label. */
  pendingLabel?: ReactNode;
  submitIcon?: ReactNode;
  submitVariant?: ButtonProps['variant'];
  /** The submit also waits for something else (a problem shown in the form, another request). */
  submitDisabled?: boolean;
  cancelLabel?: ReactNode;
  onCancel: () => void;
  cancelDisabled?: boolean;
  /** Another action at the footer's start, apart from Cancel and the submit (Restore default). */
  footerStart?: ReactNode;
  className?: string;
};

/**
 * A dialog's form: its fields, the form's one message (announced as it appears), then Cancel and
 * the submit. No browser validation (`noValidate`): the shared zod schema decides, in its words.
 */
export function DialogForm({
  onSubmit,
  children,
  error,
  errorId,
  pending,
  submitLabel,
  pendingLabel,
  submitIcon,
  submitVariant,
  submitDisabled = false,
  cancelLabel = 'Cancel',
  onCancel,
  cancelDisabled = false,
  footerStart,
  className,
}: DialogFormProps) {
  const actions = (
    <>
      <Button variant="outline" disabled={cancelDisabled} onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button type="submit" variant={submitVariant} disabled={pending || submitDisabled}>
        {pending ? <Spinner /> : submitIcon}
        {pending && pendingLabel ? pendingLabel : submitLabel}
      </Button>
    </>
  );
  return (
    <form onSubmit={onSubmit} noValidate className={cn('grid gap-4', className)}>
      {children}
      {error ? (
        <p
          id={errorId}
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          {error}
        </p>
      ) : null}
      {footerStart ? (
        <DialogFooter className="sm:justify-between">
          {footerStart}
          <div className="flex flex-col-reverse gap-2 sm:flex-row">{actions}</div>
        </DialogFooter>
      ) : (
        <DialogFooter>{actions}</DialogFooter>
      )}
    </form>
  );
}

/**
 * A dialog with its title and its description, then `children` (a form, usually); anything else
 * goes to its DialogContent.
 */
export function TitledDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  ...content
}: Omit<ComponentProps<typeof DialogContent>, 'title'> & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent {...content}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

export type FormDialogProps = Omit<DialogFormProps, 'onCancel' | 'cancelDisabled'> & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  /**
   * The request may not be left running: while it does, the dialog does not close (Escape, the
   * overlay, its X) and Cancel waits.
   */
  holdWhilePending?: boolean;
  /** DialogContent's classes ('max-w-2xl' for a wide form). */
  contentClassName?: string;
};

/**
 * The admin's simple form dialogs (invite, location, text, remarks, refunds, voids): a title and
 * a description, then DialogForm. Closing goes through `onOpenChange`, Cancel included, so a
 * dialog that forgets its draft on closing does it there.
 */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  holdWhilePending = false,
  contentClassName,
  ...form
}: FormDialogProps) {
  const held = holdWhilePending && form.pending;
  return (
    <TitledDialog
      open={open}
      onOpenChange={(next) => (next || !held) && onOpenChange(next)}
      title={title}
      description={description}
      className={contentClassName}
    >
      <DialogForm {...form} onCancel={() => onOpenChange(false)} cancelDisabled={held} />
    </TitledDialog>
  );
}

/**
 * Create (`item` null) or edit one item (a launch, a schedule): "Add <noun>" or "Edit <noun>",
 * then its form (`children`), drawn afresh each time the dialog opens; `onDone` closes it.
 */
export function EditDialog<T extends { id: string }>({
  open,
  item,
  onOpenChange,
  noun,
  description,
  children,
}: {
  open: boolean;
  item: T | null;
  onOpenChange: (open: boolean) => void;
  noun: string;
  description: ReactNode;
  children: (item: T | null, onDone: () => void) => ReactNode;
}) {
  return (
    <TitledDialog
      open={open}
      onOpenChange={onOpenChange}
      className="max-w-2xl"
      title={item ? `Edit ${noun}` : `Add ${noun}`}
      description={description}
    >
      {open && <Fragment key={item?.id ?? 'new'}>{children(item, () => onOpenChange(false))}</Fragment>}
    </TitledDialog>
  );
}
