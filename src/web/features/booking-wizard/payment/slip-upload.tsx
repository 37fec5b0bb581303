import { CheckCircle2, Upload } from 'lucide-react';
import { isSlipWorking, type SlipField, SlipPicker, type SlipStatus } from '#web/components/slip-picker.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { MSG_TEXTS } from '#web/i18n/msg.ts';
import { type Translate, useTexts } from '#web/i18n/texts.tsx';
import { PAYMENT_TEXTS } from '../step-texts.ts';

/** The slip's status in the language shown, not the one it began in. */
function statusText(t: Translate, status: SlipStatus): string {
  switch (status.stage) {
    case 'idle':
      return '';
    case 'reading':
      return t('payment.slipReading');
    case 'optimizing':
      return status.quality
        ? t('payment.slipOptimizingQuality', { q: Math.round(status.quality * 100) })
        : t('payment.slipOptimizing');
    case 'imageReady':
      return t('payment.slipImageReady');
    case 'ready':
      return t('payment.slipReady', { name: status.name, kb: status.kb });
    case 'error':
      return status.id ? t(status.id) : status.message;
  }
}

/** The slip's file input: the step moves the focus there when the slip is missing. */
export const SLIP_INPUT_ID = 'payment-slip';

/**
 * Step 5's slip (SlipPicker), with each stage of its shrinking said as it comes, and the step's
 * message for it (`error`: no slip yet, or the server refused it) under it.
 */
export function SlipUpload({ error, ...field }: SlipField & { error?: string | undefined }) {
  const t = useTexts(PAYMENT_TEXTS, MSG_TEXTS);
  const id = SLIP_INPUT_ID;
  const errorId = `${id}-error`;
  return (
    <SlipPicker
      {...field}
      id={id}
      invalid={Boolean(error)}
      errorId={errorId}
      className={error ? 'border-red-500' : undefined}
      label={t('payment.slipLabel')}
      previewAlt={t('payment.slipPreview')}
      chooseText={t('payment.slipUpload')}
      chooseAnotherText={t('payment.slipChooseAnother')}
      formatsText={t('payment.slipFormats')}
      icon={<Upload aria-hidden="true" className="size-8 text-sky-700" />}
    >
      {(status) => {
        const working = isSlipWorking(status);
        const failed = status.stage === 'error';
        const text = statusText(t, status);
        // The file's own problem first: it is the newer news.
        if (!failed && error)
          return (
            <p id={errorId} className="text-sm font-medium text-red-700">
              {error}
            </p>
          );
        return text ? (
          <p
            id={failed ? errorId : undefined}
            role={failed ? 'alert' : 'status'}
            className={
              failed ? 'text-sm font-medium text-red-700' : 'flex items-center gap-2 text-sm text-slate-700'
            }
          >
            {working ? <Spinner className="size-4 shrink-0" /> : null}
            {!working && !failed && field.slip ? (
              <CheckCircle2 aria-hidden="true" className="size-4 shrink-0 text-green-700" />
            ) : null}
            {working ? (
              // docs/product.md section 8's text, then the stage it is at.
              <span className="grid">
                <span className="font-medium">{t('msg.optimizing')}</span>
                <span className="text-xs text-slate-600">{text}</span>
              </span>
            ) : (
              text
            )}
          </p>
        ) : null;
      }}
    </SlipPicker>
  );
}
