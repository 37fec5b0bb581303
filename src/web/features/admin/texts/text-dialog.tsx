import { zodResolver } from '@hookform/resolvers/zod';
import { RotateCcw, Save } from 'lucide-react';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { type AdminText, TEXT_OVERRIDE_MAX_LENGTH, textOverrideSchema } from '#shared/admin-api.ts';
import { LANGUAGE_DIR, type Language } from '#shared/languages.ts';
import { FormDialog } from '#web/components/form-dialog.tsx';
import { FormField } from '#web/components/form-field.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { cn } from '#web/lib/utils.ts';
import { useRestoreText, useSaveText } from './api.ts';
import { LANGUAGE_LABEL, textFont } from './language-label.ts';

type Props = {
  /** The text being edited, as the list has it now. */
  text: AdminText;
  language: Language;
  onClose: () => void;
};

type FormValues = { text: string };

/** The server's refusals that are about the text typed (the others are the form's). */
const TEXT_REFUSALS: ReadonlySet<string> = new Set([
  'text_required',
  'text_too_long',
  'text_invalid',
  'text_placeholders',
  'validation_error',
]);

/**
 * The edit dialog of one text in one language; mounted while open, so each opening starts afresh.
 * The browser checks what it can at once (the shared schema: not empty, not too long); the server
 * also checks the ICU form and the placeholders.
 */
export function TextDialog({ text, language, onClose }: Props) {
  const id = useId();
  const save = useSaveText();
  const restore = useRestoreText();
  const shipped = text.defaults[language];
  const override = text.overrides[language];
  const form = useForm<FormValues>({
    resolver: zodResolver(textOverrideSchema),
    defaultValues: { text: override ?? shipped },
  });
  const { errors } = form.formState;
  const value = useWatch({ control: form.control, name: 'text' });
  // The server's words on the text (a missing placeholder, a broken plural) stay under it, with
  // the focus; a refusal of the restore is the form's.
  const refused = (error: unknown) => form.setError('root', { message: errorMessage(error) });
  const textRefused = (error: unknown) =>
    error instanceof ApiError && TEXT_REFUSALS.has(error.code)
      ? form.setError('text', { type: 'server', message: error.message }, { shouldFocus: true })
      : refused(error);

  const busy = save.isPending || restore.isPending;
  const where = `${LANGUAGE_LABEL[language]} text of ${text.id}`;

  const onSubmit = form.handleSubmit((input) =>
    save.mutate(
      { language, id: text.id, text: input.text },
      {
        onSuccess: () => {
          toast.success(`Saved the ${where}.`);
          onClose();
        },
        onError: textRefused,
      },
    ),
  );

  const onRestore = () => {
    restore.mutate(
      { language, id: text.id },
      {
        onSuccess: () => {
          toast.success(`Restored the default ${where}.`);
          onClose();
        },
        onError: refused,
      },
    );
  };

  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      contentClassName="max-w-2xl"
      title={`Edit ${LANGUAGE_LABEL[language]} text`}
      description={
        <>
          <span className="font-mono break-all">{text.id}</span>. Keep every placeholder in braces, such as{' '}
          {'{name}'}, and every numbered tag, such as {'<0>…</0>'}, as the default has them.
        </>
      }
      onSubmit={onSubmit}
      error={errors.root?.message}
      pending={save.isPending}
      submitDisabled={busy}
      submitIcon={<Save aria-hidden="true" />}
      submitLabel="Save"
      pendingLabel="Saving..."
      footerStart={
        <Button
          variant="outline"
          onClick={onRestore}
          disabled={busy || override === undefined}
          title={override === undefined ? 'This text shows its default already' : undefined}
        >
          {restore.isPending ? <Spinner /> : <RotateCcw aria-hidden="true" />}
          Restore default
        </Button>
      }
    >
      <div className="grid gap-2">
        <p className="text-sm font-medium text-slate-800">Default</p>
        <p
          lang={language}
          dir={LANGUAGE_DIR[language]}
          className={cn(
            'rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm whitespace-pre-wrap text-slate-700',
            textFont(language),
          )}
        >
          {shipped}
        </p>
      </div>
      <FormField
        id={`${id}-text`}
        label="Text"
        labelAside={override !== undefined ? <Badge variant="warning">Overridden</Badge> : null}
        hint={`${value.length}/${TEXT_OVERRIDE_MAX_LENGTH} characters`}
        error={errors.text?.message}
      >
        {(control) => (
          <Textarea
            {...control}
            lang={language}
            dir={LANGUAGE_DIR[language]}
            rows={5}
            className={textFont(language)}
            {...form.register('text')}
          />
        )}
      </FormField>
    </FormDialog>
  );
}
