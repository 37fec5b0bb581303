import { CheckCircle2, ImagePlus } from 'lucide-react';
import { type SlipField, SlipPicker } from '#web/components/slip-picker.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { FieldProblem, problemProps } from './field-problem.tsx';
import { useManageTexts } from './texts.ts';

/**
 * The slip for a dearer departure, checked and shrunk in the browser as step 5 of the booking
 * does it (SlipPicker). `onBusyChange` keeps the submit waiting meanwhile.
 */
export function SlipInput(field: SlipField) {
  const t = useManageTexts();
  return (
    <SlipPicker
      {...field}
      id="manage-slip"
      label={t('manage.slipLabel')}
      previewAlt={t('manage.slipPreview')}
      chooseText={t('manage.slipChoose')}
      chooseAnotherText={t('manage.slipChooseAnother')}
      formatsText={t('manage.slipFormats')}
      icon={<ImagePlus aria-hidden="true" className="size-8 text-sky-700" />}
      className="bg-white"
    >
      {(status) =>
        status.stage === 'error' ? (
          <p role="alert" className="text-sm text-red-700">
            {status.id ? t(status.id) : status.message}
          </p>
        ) : (
          <p role="status" className="flex items-center gap-2 text-sm text-slate-700 empty:hidden">
            {status.stage === 'ready' ? (
              field.slip ? (
                <>
                  <CheckCircle2 aria-hidden="true" className="size-4 shrink-0 text-green-700" />
                  {t('manage.slipReady', { name: status.name, kb: status.kb })}
                </>
              ) : null
            ) : status.stage !== 'idle' ? (
              <>
                <Spinner className="size-4 shrink-0" />
                {t('manage.slipWorking')}
              </>
            ) : null}
          </p>
        )
      }
    </SlipPicker>
  );
}

/**
 * The slip as a form's field: SlipInput in a group marked invalid while `error` (the form's own
 * problem with it, or the server's) is said under it, as `errorId`.
 */
export function SlipFieldset({
  error,
  errorId,
  ...field
}: SlipField & { error: string | undefined; errorId: string }) {
  const t = useManageTexts();
  return (
    <fieldset className="grid gap-2" {...problemProps(errorId, error)}>
      <legend className="sr-only">{t('manage.slipLabel')}</legend>
      <SlipInput {...field} />
      <FieldProblem id={errorId} message={error} />
    </fieldset>
  );
}
