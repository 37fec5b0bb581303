import { CheckCircle2, Upload } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { COMPRESSION } from '#shared/constants.ts';
import type { TextId } from '#shared/texts.ts';
import { Label } from '#web/components/ui/label.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { MSG_TEXTS } from '#web/i18n/msg.ts';
import { type Translate, useTexts } from '#web/i18n/texts.tsx';
import { compressImage, ImageError, imageFileProblem } from '#web/lib/image-compress.ts';
import { PAYMENT_TEXTS } from '../step-texts.ts';

export type Slip = { blob: Blob; name: string };

/** Where the slip's check and shrinking are; said in the language shown, not the one it began in. */
type Status =
  | { stage: 'idle' }
  | { stage: 'reading' }
  | { stage: 'optimizing'; quality: number | undefined }
  | { stage: 'imageReady' }
  | { stage: 'ready'; name: string; kb: number }
  /** `id` when the passenger has a text for it, else the English `message`. */
  | { stage: 'error'; id: TextId | undefined; message: string };

const isWorking = (status: Status) => status.stage === 'reading' || status.stage === 'optimizing';

function statusText(t: Translate, status: Status): string {
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

/**
 * The slip is checked and shrunk in the browser (docs/product.md section 9) before it is sent. While that
 * runs the step may not submit: `onBusyChange` tells it, so a slip just chosen is never reported
 * missing.
 */
export function SlipUpload({
  slip,
  onChange,
  onBusyChange,
}: {
  slip: Slip | null;
  onChange: (slip: Slip | null) => void;
  onBusyChange: (busy: boolean) => void;
}) {
  const t = useTexts(PAYMENT_TEXTS, MSG_TEXTS);
  const id = useId();
  const [status, setStatus] = useState<Status>({ stage: 'idle' });
  const working = isWorking(status);
  const error = status.stage === 'error';
  const text = statusText(t, status);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!slip) return setPreview(null);
    const url = URL.createObjectURL(slip.blob);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [slip]);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const invalid = imageFileProblem(file);
    if (invalid) {
      onChange(null);
      return setStatus({ stage: 'error', id: invalid.id, message: invalid.message });
    }
    setStatus({ stage: 'reading' });
    onBusyChange(true);
    try {
      const blob = await compressImage(file, COMPRESSION.slip, (p) => {
        setStatus(
          p.stage === 'loading'
            ? { stage: 'reading' }
            : p.stage === 'compressing'
              ? { stage: 'optimizing', quality: p.quality }
              : { stage: 'imageReady' },
        );
      });
      onChange({ blob, name: file.name });
      setStatus({ stage: 'ready', name: file.name, kb: Math.round(blob.size / 1024) });
    } catch (thrown) {
      onChange(null);
      setStatus(
        thrown instanceof ImageError
          ? { stage: 'error', id: thrown.id, message: thrown.message }
          : thrown instanceof Error
            ? { stage: 'error', id: undefined, message: thrown.message }
            : { stage: 'error', id: 'msg.compressFailed', message: '' },
      );
    } finally {
      onBusyChange(false);
    }
  };

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{t('payment.slipLabel')}</Label>
      <label
        htmlFor={id}
        className="flex cursor-pointer flex-col items-center gap-2 rounded-xl border-2 border-dashed border-slate-300 p-5 text-center text-sm text-slate-600 hover:border-sky-500 hover:bg-sky-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-sky-600"
      >
        {preview ? (
          <img src={preview} alt={t('payment.slipPreview')} className="max-h-48 rounded-lg object-contain" />
        ) : (
          <Upload aria-hidden="true" className="size-8 text-sky-700" />
        )}
        <span>{slip ? t('payment.slipChooseAnother') : t('payment.slipUpload')}</span>
        <span className="text-xs text-slate-500">{t('payment.slipFormats')}</span>
        <input
          id={id}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="sr-only"
          disabled={working}
          onChange={(e) => {
            void onFile(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </label>
      {text ? (
        <p
          role={error ? 'alert' : 'status'}
          className={error ? 'text-sm text-red-700' : 'flex items-center gap-2 text-sm text-slate-700'}
        >
          {working ? <Spinner className="size-4 shrink-0" /> : null}
          {!working && !error && slip ? (
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
      ) : null}
    </div>
  );
}
