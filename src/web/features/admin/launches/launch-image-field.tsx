import { ImagePlus, Ship } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { MSG } from '#shared/messages/api.ts';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { validateImageFile } from '#web/lib/image-compress.ts';
import { toast } from '#web/lib/toast.ts';

export type ImageStatus = { kind: 'idle' | 'working' | 'done' | 'error'; text: string };

/**
 * The launch photo: the current one (or a placeholder), a picker and the upload status.
 * Choosing a file hands it to `onFile` once it passes the shared validator.
 */
export function LaunchImageField({
  imageUrl,
  pendingFile,
  status,
  onFile,
}: {
  imageUrl: string | null;
  pendingFile: File | null;
  status: ImageStatus;
  onFile: (file: File) => void;
}) {
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);

  useEffect(() => {
    if (!pendingFile) return setPreview(null);
    const url = URL.createObjectURL(pendingFile);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [pendingFile]);

  const shown = preview ?? imageUrl;
  const working = status.kind === 'working';
  const message = invalid ? `${MSG.invalidFile}: ${invalid}` : status.text;
  const isError = Boolean(invalid) || status.kind === 'error';

  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium text-slate-800">Launch image</legend>
      <div className="flex flex-wrap items-center gap-4">
        <div className="flex h-24 w-32 shrink-0 items-center justify-center overflow-hidden rounded-xl border border-slate-200 bg-sky-50">
          {shown ? (
            <img src={shown} alt="Preview of the launch" className="size-full object-cover" />
          ) : (
            <Ship aria-hidden="true" className="size-10 text-sky-300" />
          )}
        </div>
        <div className="grid gap-1">
          <label
            htmlFor={id}
            className="inline-flex h-9 cursor-pointer items-center gap-2 justify-self-start rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-900 shadow-sm hover:bg-slate-100 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-sky-600"
          >
            <ImagePlus aria-hidden="true" className="size-4" />
            {shown ? 'Change image' : 'Choose image'}
            <input
              id={id}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className="sr-only"
              disabled={working}
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (!file) return;
                const reason = validateImageFile(file);
                setInvalid(reason);
                if (reason) {
                  toast.error(MSG.invalidFile, { description: reason });
                  return;
                }
                onFile(file);
              }}
            />
          </label>
          <span className="text-xs text-slate-600">JPG, PNG or WebP, max 10MB</span>
        </div>
      </div>
      <p
        aria-live="polite"
        className={isError ? 'text-sm text-red-800' : 'flex items-center gap-2 text-sm text-slate-700'}
      >
        {working && <Spinner className="size-4" />}
        {message}
      </p>
    </fieldset>
  );
}
