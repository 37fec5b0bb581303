import { useState } from 'react';
import { COMPRESSION } from '#shared/constants.ts';
import { MSG } from '#shared/messages/api.ts';
import { type CompressProgress, compressImage, validateImageFile } from '#web/lib/image-compress.ts';
import { toast } from '#web/lib/toast.ts';
import { useUploadBanner } from './api.ts';

export type UploadStatus =
  | { kind: 'idle' }
  | { kind: 'working'; detail: string; percent: number }
  | { kind: 'invalid'; reason: string }
  | { kind: 'failed'; message: string }
  | { kind: 'done'; fileName: string };

function progressOf(p: CompressProgress): { detail: string; percent: number } {
  if (p.stage === 'loading') return { detail: 'Reading image…', percent: 10 };
  if (p.stage === 'compressing') {
    // Each quality step down is another pass; the bar creeps on so a slow phone shows movement.
    const quality = p.quality ?? 1;
    return {
      detail: `Compressing to WebP (quality ${Math.round(quality * 100)}%)…`,
      percent: Math.min(70, 30 + Math.round((1 - quality) * 50)),
    };
  }
  return { detail: 'Image optimized', percent: 75 };
}

/** docs/product.md section 5 and 8 (Banners): validate, compress in the browser, then upload. */
export function useBannerUpload() {
  const upload = useUploadBanner();
  const [status, setStatus] = useState<UploadStatus>({ kind: 'idle' });

  const start = async (file: File, placement: { showOnDesktop: boolean; showOnMobile: boolean }) => {
    const invalid = validateImageFile(file);
    if (invalid) {
      setStatus({ kind: 'invalid', reason: invalid });
      toast.error(MSG.invalidFile, { description: invalid });
      return;
    }
    setStatus({ kind: 'working', detail: 'Reading image…', percent: 5 });
    try {
      const image = await compressImage(file, COMPRESSION.banner, (p) =>
        setStatus({ kind: 'working', ...progressOf(p) }),
      );
      setStatus({ kind: 'working', detail: `Uploading ${Math.round(image.size / 1024)} KB…`, percent: 85 });
      await upload.mutateAsync({ image, ...placement });
      setStatus({ kind: 'done', fileName: file.name });
      toast.success(MSG.bannerUploaded);
    } catch (error) {
      const message = (error instanceof Error ? error.message : '') || MSG.bannerUploadFailed;
      setStatus({ kind: 'failed', message });
      toast.error('Upload failed', { description: message });
    }
  };

  return { status, start, working: status.kind === 'working' };
}
