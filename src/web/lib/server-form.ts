import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import {
  type DefaultValues,
  type FieldValues,
  type Mode,
  type Path,
  type UseFormHandleSubmit,
  type UseFormReturn,
  type UseFormSetError,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { ApiError, apiErrorText } from './api-client.ts';
import { toast } from './toast.ts';

/**
 * A form over settings the server holds (the admin's branding and payment cards), its fields
 * those of `schema` (picked from the settings' update schema): filled from the same fields of
 * `source`, and filled again when the source changes while the form is untouched (another tab
 * saved, or the save came back). `onSubmit` sends the values with `save` once they pass the
 * schema. Saved, the form shows what the server kept and `toasts.saved` is said; refused, the
 * server's messages go under their fields (or, naming none, in `serverError`, for the form to
 * show: SaveButton's `error`) and `toasts.failed` says why.
 */
export function useServerForm<Source extends Values, Values extends FieldValues, Output>(opts: {
  schema: z.ZodType<Output, Values> & { shape: Record<Path<Values>, unknown> };
  source: Source;
  save: SaveFunction<Output, Source>;
  toasts: ServerFormToasts;
  mode?: Mode;
}): {
  form: UseFormReturn<Values, unknown, Output>;
  onSubmit: ReturnType<UseFormHandleSubmit<Values, Output>>;
  /** The server's last refusal that named no field, until the next submit. */
  serverError: string | undefined;
} {
  const { schema, source, save, toasts, mode } = opts;
  const fields = Object.keys(schema.shape) as Path<Values>[];
  const valuesOf = (settings: Source) =>
    Object.fromEntries(fields.map((field) => [field, settings[field]])) as Values;
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues: valuesOf(source) as DefaultValues<Values>,
    ...(mode ? { mode } : {}),
  });
  // `valuesOf` reads only the schema's fields, which never change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above.
  useEffect(() => {
    if (!form.formState.isDirty) form.reset(valuesOf(source));
  }, [source, form]);

  const onSubmit = form.handleSubmit((values) =>
    save(values, {
      onSuccess: (saved) => {
        form.reset(valuesOf(saved));
        toast.success(toasts.saved);
      },
      onError: (error) => {
        // A refusal about a field is said under it; any other in the form (`serverError`).
        if (!showServerFieldErrors(error, fields, form.setError))
          form.setError(SERVER_ERROR, { type: 'server', message: apiErrorText(error) });
        toast.error(toasts.failed, { description: apiErrorText(error) });
      },
    }),
  );
  return { form, onSubmit, serverError: form.formState.errors.root?.server?.message };
}

/** Where a server form keeps a refusal that names no field (cleared by the next submit). */
const SERVER_ERROR = 'root.server';

/** What a settings card says once its save is done, or when it failed (with the reason). */
export type ServerFormToasts = { saved: string; failed: string };

/** The save of a server form's values: a mutation's `mutate`, answered with what the server kept. */
type SaveFunction<Variables, Saved> = (
  values: Variables,
  callbacks: { onSuccess: (saved: Saved) => void; onError: (error: Error) => void },
) => void;

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
