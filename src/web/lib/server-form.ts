import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import {
  type DefaultValues,
  type FieldValues,
  type Mode,
  type Path,
  type UseFormReturn,
  type UseFormSetError,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from './api-client.ts';

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
