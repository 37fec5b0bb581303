import { type ReactNode, useId } from 'react';
import type { z } from 'zod';
import { rejectTicketSchema } from '#shared/admin-api.ts';
import { FormDialog } from '#web/components/form-dialog.tsx';
import { FormField } from '#web/components/form-field.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { useDialogForm } from '#web/lib/dialog-form.ts';

type FormValues = z.input<typeof rejectTicketSchema>;
const EMPTY: FormValues = { remarks: '' };

/**
 * A destructive action confirmed with optional remarks (the passenger's e-mail carries them):
 * rejecting one ticket, or every pending booking of an address. Each opening starts without
 * remarks.
 */
export function RemarksDialog({
  open,
  onOpenChange,
  title,
  description,
  placeholder,
  busy,
  disabled = false,
  icon,
  submitLabel,
  onSubmit,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  placeholder: string;
  busy: boolean;
  disabled?: boolean;
  icon: ReactNode;
  submitLabel: string;
  onSubmit: (remarks: string) => void;
  /** What the action applies to, above the remarks. */
  children?: ReactNode;
}) {
  const id = useId();
  const form = useDialogForm({ schema: rejectTicketSchema, open, values: EMPTY });
  const { errors } = form.formState;

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      onSubmit={form.handleSubmit((input) => onSubmit(input.remarks ?? ''))}
      pending={busy}
      submitDisabled={disabled}
      submitVariant="destructive"
      submitIcon={icon}
      submitLabel={submitLabel}
    >
      {children}
      <FormField id={`${id}-remarks`} label="Remarks (optional)" error={errors.remarks?.message}>
        {(control) => (
          <Textarea {...control} maxLength={1000} placeholder={placeholder} {...form.register('remarks')} />
        )}
      </FormField>
    </FormDialog>
  );
}
