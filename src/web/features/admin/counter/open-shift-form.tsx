import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { type PerCurrency, perCurrencySchema } from '#shared/counter.ts';
import { COUNTER_MSG } from '#shared/staff-messages.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { openShift, shiftQuery } from './api.ts';
import { InputField } from './field.tsx';

/** Before the first sale: the cash float in the drawer, per currency. */
export function OpenShiftForm() {
  const queryClient = useQueryClient();
  const [floats, setFloats] = useState<PerCurrency>({ MVR: '0', USD: '0' });
  const [problems, setProblems] = useState<Partial<Record<keyof PerCurrency, string>>>({});
  const open = useMutation({
    mutationFn: openShift,
    onSuccess: (shift) => queryClient.setQueryData(shiftQuery.queryKey, { shift }),
    // Opened meanwhile on another device: show that shift.
    onError: () => void queryClient.invalidateQueries({ queryKey: shiftQuery.queryKey }),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = perCurrencySchema.safeParse(floats);
    if (!parsed.success) {
      const found: typeof problems = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof PerCurrency] ??= issue.message;
      setProblems(found);
      document.getElementById(found.MVR ? 'float-mvr' : 'float-usd')?.focus();
      return;
    }
    setProblems({});
    open.mutate(parsed.data);
  };

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
        <InputField
          id="float-mvr"
          label="Float in MVR"
          error={problems.MVR}
          inputMode="decimal"
          value={floats.MVR}
          onValue={(value) => setFloats({ ...floats, MVR: value })}
        />
        <InputField
          id="float-usd"
          label="Float in USD"
          error={problems.USD}
          inputMode="decimal"
          value={floats.USD}
          onValue={(value) => setFloats({ ...floats, USD: value })}
        />
      </div>
      {open.isError && (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {errorMessage(open.error)}
        </p>
      )}
      {(problems.MVR || problems.USD) && (
        <p role="alert" className="sr-only">
          {problems.MVR ?? problems.USD}
        </p>
      )}
      <Button type="submit" size="lg" className="w-full" disabled={open.isPending}>
        {open.isPending ? <Spinner className="size-5" /> : null}
        Open shift
      </Button>
    </form>
  );
}
