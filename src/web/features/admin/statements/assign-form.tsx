import { zodResolver } from '@hookform/resolvers/zod';
import { Link2 } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type StatementLine, statementAssignSchema } from '#shared/statements.ts';
import { FormField } from '#web/components/form-field.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { formatAmount } from '#web/lib/admin-format.ts';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
import { useAssignLine } from './api.ts';

type FormValues = z.input<typeof statementAssignSchema>;

/**
 * A line paid to a booking by hand: its reference and, to split the line, how much of it. The
 * server's "no such booking" and "more than is left" are said under their fields.
 */
export function AssignForm({
  line,
  onDone,
  onCancel,
}: {
  line: StatementLine;
  onDone: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const assign = useAssignLine();
  const form = useForm<FormValues, unknown, z.output<typeof statementAssignSchema>>({
    resolver: zodResolver(statementAssignSchema),
    defaultValues: { reference: '', amount: '' },
  });
  const { errors } = form.formState;
  useEffect(() => form.setFocus('reference'), [form]);

  const onSubmit = form.handleSubmit(({ reference, amount }) =>
    assign.mutate(
      { line, body: amount ? { reference, amount } : { reference } },
      {
        onSuccess: onDone,
        onError: (error) => {
          const code = error instanceof ApiError ? error.code : null;
          if (code === 'booking_not_found' || code === 'statement_currency_mismatch') {
            form.setError('reference', { message: error.message });
          } else if (code === 'statement_amount_too_large')
            form.setError('amount', { message: error.message });
          else form.setError('root', { message: errorMessage(error) });
        },
      },
    ),
  );

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={`${id}-title`}
      className="grid gap-3 rounded-xl border border-sky-200 bg-sky-50/60 p-3"
    >
      <h4 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
        Assign to a booking
      </h4>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id={`${id}-reference`} label="Booking reference" error={errors.reference?.message}>
          {(control) => (
            <Input {...control} autoComplete="off" inputMode="numeric" {...form.register('reference')} />
          )}
        </FormField>
        <FormField
          id={`${id}-amount`}
          label="Amount (optional)"
          hint={`To split the line; without it the whole ${formatAmount(line.unassigned, line.currency)} goes.`}
          error={errors.amount?.message}
        >
          {(control) => (
            <Input
              {...control}
              autoComplete="off"
              inputMode="decimal"
              {...form.register('amount', { setValueAs: (v: string) => (v.trim() === '' ? undefined : v) })}
            />
          )}
        </FormField>
      </div>
      {errors.root?.message ? (
        <p role="alert" className="text-sm text-red-800">
          {errors.root.message}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={assign.isPending}>
          {assign.isPending ? <Spinner /> : <Link2 aria-hidden="true" />}
          Assign
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
