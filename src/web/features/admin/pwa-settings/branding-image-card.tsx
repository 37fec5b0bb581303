import { CheckCircle2, ImageOff, ImageUp, TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { IMAGE_TYPES } from '#shared/constants.ts';
import { MSG } from '#shared/messages/api.ts';
import type { BrandingImage } from '#shared/setup-api.ts';
import { Card, CardContent, CardDescription, CardHeader } from '#web/components/ui/card.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { type CompressOptions, compressImage, validateImageFile } from '#web/lib/image-compress.ts';
import { toast } from '#web/lib/toast.ts';
import { cn } from '#web/lib/utils.ts';
import { useUploadBrandingImage } from './api.ts';

/** Square-bounded and small: the server derives the 192/512 px icons and the favicon from it. */
export const BRANDING_COMPRESSION: CompressOptions = {
  maxWidth: 512,
  maxHeight: 512,
  quality: 0.9,
  maxBytes: 300 * 1024,
};

// docs/product.md section 8, Branding.
const TEXT: Record<BrandingImage, { title: string; description: string; ok: string; failed: string }> = {
  logo: {
    title: 'Website Logo',
    description: 'Shown next to the app name in the site header.',
    ok: MSG.logoUpdated,
    failed: MSG.logoFailed,
  },
  icon: {
    title: 'App Icon',
    description: 'The home-screen icon of the installed app. Square, at least 512x512.',
    ok: MSG.iconUpdated,
    failed: MSG.iconFailed,
  },
  favicon: {
    title: 'Favicon',
    description: 'The small icon in the browser tab. Square works best.',
    ok: MSG.faviconUpdated,
    failed: MSG.faviconFailed,
  },
};

type Status =
  | { kind: 'idle' }
  | { kind: 'working'; detail: string }
  | { kind: 'error'; text: string }
  | { kind: 'done'; text: string };

export function BrandingImageCard({ kind, url }: { kind: BrandingImage; url: string | null }) {
  const id = useId();
  const text = TEXT[kind];
  const upload = useUploadBrandingImage(kind);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const working = status.kind === 'working';

  const onFile = async (file: File) => {
    const invalid = validateImageFile(file);
    if (invalid) {
      setStatus({ kind: 'error', text: `${MSG.invalidFile}: ${invalid}` });
      toast.error(MSG.invalidFile, { description: invalid });
      return;
    }
    setStatus({ kind: 'working', detail: 'Reading image…' });
    try {
      const image = await compressImage(file, BRANDING_COMPRESSION, (p) =>
        setStatus({
          kind: 'working',
          detail:
            p.stage === 'compressing'
              ? `Compressing (quality ${Math.round((p.quality ?? 1) * 100)}%)…`
              : p.stage === 'loading'
                ? 'Reading image…'
                : 'Uploading…',
        }),
      );
      setStatus({ kind: 'working', detail: `Uploading ${Math.round(image.size / 1024)} KB…` });
      await upload.mutateAsync(image);
      setStatus({ kind: 'done', text: text.ok });
      toast.success(text.ok);
    } catch (error) {
      const message = (error instanceof Error ? error.message : '') || text.failed;
      setStatus({ kind: 'error', text: MSG.uploadFailed(message) });
      toast.error(text.failed, { description: message });
    }
  };

  const inputId = `${id}-file`;
  return (
    <Card className="flex flex-col" data-branding-image={kind}>
      <CardHeader className="pb-4">
        <h3 className="text-base font-semibold text-slate-900">{text.title}</h3>
        <CardDescription>{text.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-4">
        <div
          className={cn(
            'flex h-32 items-center justify-center overflow-hidden rounded-xl border border-slate-200 p-3',
            // A checkerboard shows a transparent logo's edges.
            'bg-[conic-gradient(#f1f5f9_25%,#ffffff_0_50%,#f1f5f9_0_75%,#ffffff_0)] bg-[length:16px_16px]',
          )}
        >
          {url ? (
            <img
              src={url}
              alt={`Current ${text.title.toLowerCase()}`}
              className="h-full w-full object-contain"
            />
          ) : (
            <span className="flex flex-col items-center gap-1 text-xs text-slate-600">
              <ImageOff aria-hidden="true" className="size-6 text-slate-400" />
              Not set
            </span>
          )}
        </div>
        <div className="mt-auto grid gap-3">
          <div>
            <input
              id={inputId}
              type="file"
              accept={IMAGE_TYPES.join(',')}
              className="peer sr-only"
              disabled={working}
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) void onFile(file);
              }}
            />
            <label
              htmlFor={inputId}
              className={cn(
                'inline-flex h-10 w-full items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-900 shadow-sm peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-sky-600',
                working ? 'cursor-not-allowed opacity-50' : 'cursor-pointer hover:bg-slate-100',
              )}
            >
              {working ? <Spinner className="size-4" /> : <ImageUp aria-hidden="true" className="size-4" />}
              {url ? `Replace ${text.title.toLowerCase()}` : `Upload ${text.title.toLowerCase()}`}
            </label>
          </div>
          <div role="status" aria-live="polite" className="min-h-5 text-sm">
            {status.kind === 'working' ? (
              <p className="grid gap-0.5 text-slate-700">
                <span className="font-medium">{MSG.optimizing}</span>
                <span className="text-xs text-slate-600">{status.detail}</span>
              </p>
            ) : status.kind === 'error' ? (
              <p className="flex items-start gap-1.5 text-red-800">
                <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                {status.text}
              </p>
            ) : status.kind === 'done' ? (
              <p className="flex items-center gap-1.5 text-green-800">
                <CheckCircle2 aria-hidden="true" className="size-4 shrink-0" />
                {status.text}
              </p>
            ) : null}
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
