import { CheckCircle2, Upload } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { COMPRESSION } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';
import { Label } from '#web/components/ui/label.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { compressImage, validateImageFile } from '#web/lib/image-compress.ts';

export type Slip = { blob: Blob; name: string };

/**
 * The slip is checked and shrunk in the browser (SPEC.md section 9) before it is sent. While that
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
  const id = useId();
  const [status, setStatus] = useState<{ working: boolean; text: string; error: boolean }>({
    working: false,
    text: '',
    error: false,
  });
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!slip) return setPreview(null);
    const url = URL.createObjectURL(slip.blob);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [slip]);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const invalid = validateImageFile(file);
    if (invalid) {
      onChange(null);
      return setStatus({ working: false, text: invalid, error: true });
    }
    setStatus({ working: true, text: 'Reading image…', error: false });
    onBusyChange(true);
    try {
      const blob = await compressImage(file, COMPRESSION.slip, (p) => {
        const text =
          p.stage === 'loading'
            ? 'Reading image…'
            : p.stage === 'compressing'
              ? `Optimizing image${p.quality ? ` (quality ${Math.round(p.quality * 100)}%)` : ''}…`
              : 'Image ready';
        setStatus({ working: p.stage !== 'done', text, error: false });
      });
      onChange({ blob, name: file.name });
      setStatus({
        working: false,
        text: `Ready: ${file.name} (${Math.round(blob.size / 1024)} KB)`,
        error: false,
      });
    } catch (error) {
      onChange(null);
      setStatus({
        working: false,
        text: error instanceof Error ? error.message : MSG.compressFailed,
        error: true,
      });
    } finally {
      onBusyChange(false);
    }
  };

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Payment slip</Label>
      <label
        htmlFor={id}
        className="flex cursor-pointer flex-col items-center gap-2 rounded-xl border-2 border-dashed border-slate-300 p-5 text-center text-sm text-slate-600 hover:border-sky-500 hover:bg-sky-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-sky-600"
      >
        {preview ? (
          <img src={preview} alt="Payment slip preview" className="max-h-48 rounded-lg object-contain" />
        ) : (
          <Upload aria-hidden="true" className="size-8 text-sky-700" />
        )}
        <span>{slip ? 'Choose a different image' : 'Upload a photo or screenshot of your transfer'}</span>
        <span className="text-xs text-slate-500">JPG, PNG or WebP, max 10MB</span>
        <input
          id={id}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="sr-only"
          disabled={status.working}
          onChange={(e) => {
            void onFile(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </label>
      {status.text ? (
        <p
          role={status.error ? 'alert' : 'status'}
          className={status.error ? 'text-sm text-red-700' : 'flex items-center gap-2 text-sm text-slate-700'}
        >
          {status.working ? <Spinner className="size-4 shrink-0" /> : null}
          {!status.working && !status.error && slip ? (
            <CheckCircle2 aria-hidden="true" className="size-4 shrink-0 text-green-700" />
          ) : null}
          {status.working ? (
            // SPEC.md section 8's text, then the stage it is at.
            <span className="grid">
              <span className="font-medium">{MSG.optimizing}</span>
              <span className="text-xs text-slate-600">{status.text}</span>
            </span>
          ) : (
            status.text
          )}
        </p>
      ) : null}
    </div>
  );
}
