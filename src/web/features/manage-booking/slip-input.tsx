import { CheckCircle2, ImagePlus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { COMPRESSION } from '#shared/constants.ts';
import { Label } from '#web/components/ui/label.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { compressImage, ImageError, imageFileProblem } from '#web/lib/image-compress.ts';
import { useManageTexts } from './texts.ts';

export type Slip = { blob: Blob; name: string };

type Status =
  | { stage: 'idle' | 'working' }
  | { stage: 'ready'; name: string; kb: number }
  /** A catalogue text, or the English of a failure without one. */
  | { stage: 'error'; text: string };

/**
 * The slip for a dearer departure, checked and shrunk in the browser as step 5 of the booking
 * does it (docs/product.md section 9) before it is sent. `onBusyChange` keeps the submit waiting meanwhile.
 */
export function SlipInput({
  slip,
  onChange,
  onBusyChange,
}: {
  slip: Slip | null;
  onChange: (slip: Slip | null) => void;
  onBusyChange: (busy: boolean) => void;
}) {
  const t = useManageTexts();
  const [status, setStatus] = useState<Status>({ stage: 'idle' });
  const [preview, setPreview] = useState<string | null>(null);
  const working = status.stage === 'working';

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
      return setStatus({ stage: 'error', text: invalid.id ? t(invalid.id) : invalid.message });
    }
    setStatus({ stage: 'working' });
    onBusyChange(true);
    try {
      const blob = await compressImage(file, COMPRESSION.slip);
      onChange({ blob, name: file.name });
      setStatus({ stage: 'ready', name: file.name, kb: Math.round(blob.size / 1024) });
    } catch (thrown) {
      onChange(null);
      setStatus({
        stage: 'error',
        text:
          thrown instanceof ImageError && thrown.id
            ? t(thrown.id)
            : thrown instanceof Error
              ? thrown.message
              : t('msg.compressFailed'),
      });
    } finally {
      onBusyChange(false);
    }
  };

  return (
    <div className="grid gap-2">
      <Label htmlFor="manage-slip">{t('manage.slipLabel')}</Label>
      <label
        htmlFor="manage-slip"
        className="flex cursor-pointer flex-col items-center gap-2 rounded-xl border-2 border-dashed border-slate-300 bg-white p-5 text-center text-sm text-slate-600 hover:border-sky-500 hover:bg-sky-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-sky-600"
      >
        {preview ? (
          <img src={preview} alt={t('manage.slipPreview')} className="max-h-48 rounded-lg object-contain" />
        ) : (
          <ImagePlus aria-hidden="true" className="size-8 text-sky-700" />
        )}
        <span>{slip ? t('manage.slipChooseAnother') : t('manage.slipChoose')}</span>
        <span className="text-xs text-slate-500">{t('manage.slipFormats')}</span>
        <input
          id="manage-slip"
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
      {status.stage === 'error' ? (
        <p role="alert" className="text-sm text-red-700">
          {status.text}
        </p>
      ) : (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-700 empty:hidden">
          {working ? (
            <>
              <Spinner className="size-4 shrink-0" />
              {t('manage.slipWorking')}
            </>
          ) : status.stage === 'ready' && slip ? (
            <>
              <CheckCircle2 aria-hidden="true" className="size-4 shrink-0 text-green-700" />
              {t('manage.slipReady', { name: status.name, kb: status.kb })}
            </>
          ) : null}
        </p>
      )}
    </div>
  );
}
