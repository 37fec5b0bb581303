import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormDialog } from '#web/components/form-dialog.tsx';
import { FormField } from '#web/components/form-field.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { errorMessage } from '#web/lib/api-client.ts';

/**
 * An action that must say why (a void, reopening boarding, a no-show after boarding): a reason
 * checked by the shared rule the server applies, under the field with the focus on it when it
 * fails, and the server's refusal in its own words. The caller runs the action (`pending`,
 * `error`); the reason typed is forgotten when the dialog closes.
 */
export function ReasonDialog({
  open,
  onOpenChange,
  title,
  description,
  reasonRule,
  cancelLabel,
  submitLabel,
  destructive = false,
  pending,
  error,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  /** The shared schema's rule for the reason, whose message is shown when it fails. */
  reasonRule: z.ZodType<string, string>;
  cancelLabel: string;
  submitLabel: string;
  destructive?: boolean;
  pending: boolean;
  /** The action's failure, shown in the dialog; null while there is none. */
  error: unknown;
  onSubmit: (reason: string) => void;
}) {
  const id = useId();
  const form = useForm<{ reason: string }>({
    resolver: zodResolver(z.object({ reason: reasonRule })),
    defaultValues: { reason: '' },
  });
  const change = (next: boolean) => {
    if (!next) form.reset({ reason: '' });
    onOpenChange(next);
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={change}
      holdWhilePending
      title={title}
      description={description}
      onSubmit={form.handleSubmit((values) => onSubmit(values.reason))}
      error={error ? errorMessage(error) : null}
      pending={pending}
      submitVariant={destructive ? 'destructive' : 'default'}
      submitLabel={submitLabel}
      cancelLabel={cancelLabel}
    >
      <FormField id={`${id}-reason`} label="Reason" error={form.formState.errors.reason?.message}>
        {(control) => (
          <Textarea {...control} className="min-h-20" maxLength={300} {...form.register('reason')} />
        )}
      </FormField>
    </FormDialog>
  );
}
