import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { type DefaultValues, type FieldValues, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';

/**
 * The form of a dialog that starts afresh each time it opens: checked by `schema`, and on each
 * opening (or, while open, on a new `subject`, what it is open for) filled with `values` and
 * rid of the last outcome of its `request`.
 */
export function useDialogForm<Values extends FieldValues, Output>(opts: {
  schema: z.ZodType<Output, Values>;
  open: boolean;
  subject?: unknown;
  values: Values;
  request?: { reset: () => void };
}): UseFormReturn<Values, unknown, Output> {
  const { schema, open, subject, values, request } = opts;
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues: values as DefaultValues<Values>,
  });
  const resetRequest = request?.reset;
  // `values` is drawn from `subject` (or is the same empty form) in every caller.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above.
  useEffect(() => {
    if (open) {
      form.reset(values);
      resetRequest?.();
    }
  }, [open, subject, form.reset, resetRequest]);
  return form;
}
