import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type CashUp, closeShiftSchema } from '#shared/counter.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { InputField } from '#web/components/sale/field.tsx';
import { changeDue, readAmount } from '#web/components/sale/sale-money.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { formatAmount } from '#web/lib/admin-format.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { closeShift, shiftQuery } from './api.ts';
import { DRAWERS, drawerField, drawerProblem } from './drawer-amounts.ts';

/** How a cash-up is shown: the cash-ups feature's, lent by the page; with its sales or without. */
export type CashUpView = (cashUp: CashUp, options: { showSales: boolean }) => ReactNode;

type FormValues = z.input<typeof closeShiftSchema>;
type CloseValues = z.output<typeof closeShiftSchema>;

/** What the drawer should hold against what was counted, as the seller types. */
function countHint(counted: string, expected: string | undefined, currency: string): string | null {
  if (expected === undefined) return null;
  const typed = readAmount(counted);
  const should = `Expected ${formatAmount(expected, currency)}`;
  if (typed === null) return should;
  const difference = changeDue(typed, expected);
  if (Number(difference) === 0) return `${should} · balanced`;
  return difference.startsWith('-')
    ? `${should} · short ${formatAmount(difference.slice(1), currency)}`
    : `${should} · over ${formatAmount(difference, currency)}`;
}

/**
 * The end of a shift: the cash-up so far, the cash counted in each drawer and a note, then
 * Close shift (after a confirmation: a closed shift cannot be reopened).
 */
export function CloseShift({
  shift,
  summary,
  onClosed,
}: {
  shift: CashUp;
  summary: CashUpView;
  onClosed: (cashUp: CashUp) => void;
}) {
  const queryClient = useQueryClient();
  // The problems stay as the last Close shift found them, until the next one.
  const form = useForm<FormValues, unknown, CloseValues>({
    resolver: zodResolver(closeShiftSchema),
    defaultValues: { counted: { MVR: '', USD: '' }, note: '' },
    reValidateMode: 'onSubmit',
  });
  const countedErrors = form.formState.errors.counted;
  const problem = drawerProblem(countedErrors);
  const counted = form.watch('counted');
  /** What passed the check, awaiting the confirmation; null: not confirming. */
  const [checked, setChecked] = useState<CloseValues | null>(null);
  const close = useMutation({
    mutationFn: (values: CloseValues) => closeShift(values.counted, values.note ?? ''),
    onSuccess: (cashUp) => {
      setChecked(null);
      queryClient.setQueryData(shiftQuery.queryKey, { shift: null });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'cashups'] });
      onClosed(cashUp);
    },
  });
  const expected = (currency: string) => shift.drawers.find((d) => d.currency === currency)?.expected;

  const onSubmit = form.handleSubmit((values) => {
    close.reset();
    setChecked(values);
  });

  return (
    <section
      aria-labelledby="close-shift-title"
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="close-shift-title" className="text-lg font-semibold text-slate-900">
        Close shift
      </h2>
      {/* The sales are listed just above, under My sales. */}
      {summary(shift, { showSales: false })}
      <form onSubmit={onSubmit} noValidate className="space-y-3">
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {DRAWERS.map((currency) => (
            <InputField
              key={currency}
              label={`Cash counted in ${currency}`}
              hint={countHint(counted[currency], expected(currency), currency)}
              {...drawerField('counted', currency, countedErrors, form.register(`counted.${currency}`))}
            />
          ))}
        </div>
        <div>
          <Label htmlFor="close-note">Note (optional)</Label>
          <Textarea id="close-note" className="mt-1.5 min-h-16" maxLength={500} {...form.register('note')} />
        </div>
        {problem && (
          <p role="alert" className="text-sm text-red-800">
            {problem}
          </p>
        )}
        <Button type="submit" variant="outline" size="lg" className="w-full">
          Close shift
        </Button>
      </form>
      <ConfirmDialog
        open={checked !== null}
        onOpenChange={(open) => !open && setChecked(null)}
        title="Close your shift?"
        description="The cash-up is final: sales after this need a new shift."
        confirmLabel="Close shift"
        busy={close.isPending}
        onConfirm={() => checked && close.mutate(checked)}
      >
        {close.isError && (
          <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900">
            {errorMessage(close.error)}
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}
