import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { openShiftSchema } from '#shared/counter.ts';
import { COUNTER_MSG } from '#shared/messages/staff.ts';
import { InputField } from '#web/components/sale/field.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { openShift, shiftQuery } from './api.ts';
import { DRAWERS, drawerField, drawerProblem } from './drawer-amounts.ts';

type FormValues = z.input<typeof openShiftSchema>;

/** Before the first sale: the cash float in the drawer, per currency. */
export function OpenShiftForm() {
  const queryClient = useQueryClient();
  // The problems stay as the last Open shift found them, until the next one.
  const form = useForm<FormValues, unknown, z.output<typeof openShiftSchema>>({
    resolver: zodResolver(openShiftSchema),
    defaultValues: { floats: { MVR: '0', USD: '0' } },
    reValidateMode: 'onSubmit',
  });
  const floatErrors = form.formState.errors.floats;
  const problem = drawerProblem(floatErrors);
  const open = useMutation({
    mutationFn: openShift,
    onSuccess: (shift) => queryClient.setQueryData(shiftQuery.queryKey, { shift }),
    // Opened meanwhile on another device: show that shift.
    onError: () => void queryClient.invalidateQueries({ queryKey: shiftQuery.queryKey }),
  });

  const onSubmit = form.handleSubmit(({ floats }) => open.mutate(floats));

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="open-shift-title"
      className="mx-auto mt-4 max-w-md space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div>
        <h2 id="open-shift-title" className="text-lg font-semibold text-slate-900">
          Open your shift
        </h2>
        <p className="mt-1 text-sm text-slate-600">{COUNTER_MSG.shiftRequired}.</p>
      </div>
      <div className="grid grid-cols-2 gap-3">
        {DRAWERS.map((currency) => (
          <InputField
            key={currency}
            label={`Float in ${currency}`}
            {...drawerField('float', currency, floatErrors, form.register(`floats.${currency}`))}
          />
        ))}
      </div>
      {open.isError && (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {errorMessage(open.error)}
        </p>
      )}
      {problem && (
        <p role="alert" className="sr-only">
          {problem}
        </p>
      )}
      <Button type="submit" size="lg" className="w-full" disabled={open.isPending}>
        {open.isPending ? <Spinner className="size-5" /> : null}
        Open shift
      </Button>
    </form>
  );
}
