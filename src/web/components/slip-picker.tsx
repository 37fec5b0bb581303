import { type ReactNode, useEffect, useState } from 'react';
import { COMPRESSION } from '#shared/constants.ts';
import type { TextId } from '#shared/messages/catalogues.ts';
import { Label } from '#web/components/ui/label.tsx';
import type { ClientErrorCode } from '#web/lib/api-client.ts';
import { compressImage, ImageError, imageFileProblem } from '#web/lib/image-compress.ts';
import { cn } from '#web/lib/utils.ts';

/**
 * What the server answers when it refuses the slip itself (its type, its size, its pixels, or none
 * sent: server/lib/images.ts, lib/multipart.ts, the 413 of the error handler): a page says these
 * under its slip.
 */
export const SLIP_REFUSALS: ReadonlySet<string> = new Set<ClientErrorCode>([
  'image_required',
  'image_too_large',
  'image_too_many_pixels',
  'invalid_image',
  'invalid_image_type',
  'payload_too_large',
]);

/** A payment slip as it is sent: the shrunk image and the name of the file it came from. */
export type Slip = { blob: Blob; name: string };

/** Where the chosen slip's check and shrinking are; each page says it in the language shown. */
export type SlipStatus =
  | { stage: 'idle' }
  | { stage: 'reading' }
  | { stage: 'optimizing'; quality: number | undefined }
  | { stage: 'imageReady' }
  | { stage: 'ready'; name: string; kb: number }
  /** `id` when the passenger has a text for it, else the English `message`. */
  | { stage: 'error'; id: TextId | undefined; message: string };

/** While the image is read or shrunk: the page may not send it yet, nor another be chosen. */
export const isSlipWorking = (status: SlipStatus) =>
  status.stage === 'reading' || status.stage === 'optimizing';

/**
 * A photo of the payment slip, checked and shrunk in the browser (docs/product.md section 9)
 * before it is sent: step 5 of the booking and a dearer departure on the manage page. While that
 * runs the page may not submit: `onBusyChange` tells it, so a slip just chosen is never reported
 * missing. The chooser is a dashed area around the hidden file input (its label), with a preview
 * of the slip once there is one; `children` says the status under it, in the page's words.
 */
/** The slip a form holds, and what the picker tells it: a new slip (or none), and when it is busy. */
export type SlipField = {
  slip: Slip | null;
  onChange: (slip: Slip | null) => void;
  onBusyChange: (busy: boolean) => void;
};

export function SlipPicker({
  id,
  slip,
  onChange,
  onBusyChange,
  label,
  previewAlt,
  chooseText,
  chooseAnotherText,
  formatsText,
  icon,
  className,
  invalid,
  errorId,
  children,
}: SlipField & {
  /** The file input's id. */
  id: string;
  label: string;
  previewAlt: string;
  chooseText: string;
  chooseAnotherText: string;
  formatsText: string;
  /** Shown in the area until there is a preview. */
  icon: ReactNode;
  /** The area's own classes besides the shared ones. */
  className?: string;
  /** The page's own message for the field (no slip yet): the input is marked and described by it. */
  invalid?: boolean;
  /** The id of the message under the field (the page's, or the status's error), if there is one. */
  errorId?: string;
  children: (status: SlipStatus) => ReactNode;
}) {
  const [status, setStatus] = useState<SlipStatus>({ stage: 'idle' });
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
      <Label htmlFor={id}>{label}</Label>
      <label
        htmlFor={id}
        className={cn(
          'flex cursor-pointer flex-col items-center gap-2 rounded-xl border-2 border-dashed border-slate-300 p-5 text-center text-sm text-slate-600 hover:border-sky-500 hover:bg-sky-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-sky-600',
          className,
        )}
      >
        {preview ? (
          <img src={preview} alt={previewAlt} className="max-h-48 rounded-lg object-contain" />
        ) : (
          icon
        )}
        <span>{slip ? chooseAnotherText : chooseText}</span>
        <span className="text-xs text-slate-500">{formatsText}</span>
        <input
          id={id}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="sr-only"
          disabled={isSlipWorking(status)}
          aria-invalid={invalid || status.stage === 'error' ? true : undefined}
          aria-describedby={(invalid || status.stage === 'error') && errorId ? errorId : undefined}
          onChange={(e) => {
            void onFile(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </label>
      {children(status)}
    </div>
  );
}
