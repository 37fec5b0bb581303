import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import {
  type DefaultValues,
  type FieldValues,
  type Mode,
  type Path,
  type SubmitHandler,
  type UseFormReturn,
  type UseFormSetError,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { ApiError, apiErrorText } from './api-client.ts';
import { toast } from './toast.ts';

/**
 * A form over settings the server holds (the admin's branding and payment cards): filled from
 * them, and filled again when they change while the form is untouched (another tab saved, or
 * the save came back). After a save, `form.reset(valuesOf(saved))` shows what the server kept.
 */
export function useServerForm<Source, Values extends FieldValues, Output>(opts: {
  schema: z.ZodType<Output, Values>;
  source: Source;
  valuesOf: (source: Source) => Values;
  mode?: Mode;
}): UseFormReturn<Values, unknown, Output> {
  const { schema, source, valuesOf, mode } = opts;
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues: valuesOf(source) as DefaultValues<Values>,
    ...(mode ? { mode } : {}),
  });
  // `valuesOf` is a module-level mapping in every caller; the source is what changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above.
  useEffect(() => {
    if (!form.formState.isDirty) form.reset(valuesOf(source));
  }, [source, form]);
  return form;
}

/** Puts the server's per-field messages under their fields; true when there was at least one. */
export function showServerFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): boolean {
  if (!(error instanceof ApiError) || !error.fields) return false;
  let shown = false;
  for (const field of fields) {
    const message = error.fields[field];
    if (message) {
      setError(field, { type: 'server', message }, { shouldFocus: !shown });
      shown = true;
    }
  }
  return shown;
}

/** The save of a server form's values: a mutation's `mutate`, answered with what the server kept. */
type SaveFunction<Variables, Saved> = (
  values: Variables,
  callbacks: { onSuccess: (saved: Saved) => void; onError: (error: Error) => void },
) => void;

/**
 * The submit of a form from useServerForm: once its values pass the schema, `save` sends them.
 * Saved, the form shows what the server kept and the `saved` toast is said; refused, the
 * server's messages go under `fields` and the `failed` toast says why.
 */
export function submitServerForm<Source, Values extends FieldValues, Output>(
  form: UseFormReturn<Values, unknown, Output>,
  save: SaveFunction<Output, Source>,
  opts: {
    valuesOf: (saved: Source) => Values;
    fields: readonly Path<Values>[];
    saved: string;
    failed: string;
  },
) {
  const send: SubmitHandler<Output> = (values) =>
    save(values, {
      onSuccess: (saved) => {
        form.reset(opts.valuesOf(saved));
        toast.success(opts.saved);
      },
      onError: (error) => {
        showServerFieldErrors(error, opts.fields, form.setError);
        toast.error(opts.failed, { description: apiErrorText(error) });
      },
    });
  return form.handleSubmit(send);
}
