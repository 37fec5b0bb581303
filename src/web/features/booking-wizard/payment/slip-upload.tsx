import { CheckCircle2, Upload } from 'lucide-react';
import { useId } from 'react';
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

/** Step 5's slip (SlipPicker), with each stage of its shrinking said as it comes. */
export function SlipUpload(field: SlipField) {
  const t = useTexts(PAYMENT_TEXTS, MSG_TEXTS);
  const id = useId();
  return (
    <SlipPicker
      {...field}
      id={id}
      label={t('payment.slipLabel')}
      previewAlt={t('payment.slipPreview')}
      chooseText={t('payment.slipUpload')}
      chooseAnotherText={t('payment.slipChooseAnother')}
      formatsText={t('payment.slipFormats')}
      icon={<Upload aria-hidden="true" className="size-8 text-sky-700" />}
    >
      {(status) => {
        const working = isSlipWorking(status);
        const error = status.stage === 'error';
        const text = statusText(t, status);
        return text ? (
          <p
            role={error ? 'alert' : 'status'}
            className={error ? 'text-sm text-red-700' : 'flex items-center gap-2 text-sm text-slate-700'}
          >
            {working ? <Spinner className="size-4 shrink-0" /> : null}
            {!working && !error && field.slip ? (
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
