import {
  COMPRESSION_QUALITY_FLOOR,
  COMPRESSION_QUALITY_STEP,
  IMAGE_MAX_BYTES,
  IMAGE_TYPES,
} from '#shared/constants.ts';
import { MSG } from '#shared/messages/api.ts';
import type { TextId } from '#shared/messages/catalogues.ts';

export type CompressOptions = { maxWidth: number; maxHeight: number; quality: number; maxBytes: number };
export type CompressProgress = { stage: 'loading' | 'compressing' | 'done'; quality?: number };

/**
 * Why an image is refused or could not be worked on: MSG's English `message` (the admin screens
 * show it) and, when the passenger has a text for it, its catalogue `id` (#web/i18n/msg.ts), so
 * the booking wizard can say it in the passenger's language. No i18n runtime here: the module is
 * also bundled on its own (tests/e2e/image-compress.spec.ts).
 */
export type ImageProblem = { message: string; id?: TextId };

type ProblemKey = 'imageType' | 'imageSize' | 'loadImageFailed' | 'compressFailed';
const PROBLEM_IDS = {
  imageType: 'msg.imageType',
  imageSize: 'msg.imageSize',
  loadImageFailed: 'msg.loadImageFailed',
  compressFailed: 'msg.compressFailed',
} as const satisfies Record<ProblemKey, TextId>;
const problem = (key: ProblemKey): ImageProblem => ({ message: MSG[key], id: PROBLEM_IDS[key] });

/** A failure of compressImage, with its problem's catalogue id when it has one. */
export class ImageError extends Error {
  readonly id: TextId | undefined;
  constructor({ message, id }: ImageProblem) {
    super(message);
    this.name = 'ImageError';
    this.id = id;
  }
}

/** docs/product.md section 5: the reason a file is refused before any work, or null when it may go on. */
export const imageFileProblem = (file: Blob): ImageProblem | null => {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return problem('imageType');
  // Same bound as the server's upload check, so nothing the browser passes is refused there for size.
  if (file.size > IMAGE_MAX_BYTES) return problem('imageSize');
  return null;
};

/** imageFileProblem's English text, or null when the file may go on. */
export const validateImageFile = (file: Blob): string | null => imageFileProblem(file)?.message ?? null;

type Drawable = { source: CanvasImageSource; width: number; height: number; release(): void };

async function loadImage(file: Blob): Promise<Drawable> {
  try {
    if (typeof createImageBitmap === 'function') {
      // 'from-image' applies the EXIF orientation, so phone photos are not drawn sideways.
      const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
      return { source: bitmap, width: bitmap.width, height: bitmap.height, release: () => bitmap.close() };
    }
    const url = URL.createObjectURL(file);
    try {
      const img = new Image();
      img.src = url;
      await img.decode();
      return { source: img, width: img.naturalWidth, height: img.naturalHeight, release: () => undefined };
    } finally {
      URL.revokeObjectURL(url);
    }
  } catch {
    throw new ImageError(problem('loadImageFailed'));
  }
}

function fitInside(width: number, height: number, maxWidth: number, maxHeight: number) {
  const scale = Math.min(1, maxWidth / width, maxHeight / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

const toBlob = (canvas: HTMLCanvasElement, type: string, quality: number) =>
  new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality));

/** Rounded so 0.8 - 0.1 steps land on 0.7, 0.6 ... rather than drifting binary fractions. */
const nextQuality = (q: number) =>
  Math.max(COMPRESSION_QUALITY_FLOOR, Math.round((q - COMPRESSION_QUALITY_STEP) * 100) / 100);

/**
 * Shrinks a photo before upload (docs/product.md section 9 caps): fitted inside maxWidth x maxHeight,
 * WebP at `quality`, stepping down to the floor until it is under maxBytes. When even the floor
 * is too big, the smallest attempt is returned; the server re-checks everything anyway.
 */
export async function compressImage(
  file: File | Blob,
  opts: CompressOptions,
  onProgress?: (p: CompressProgress) => void,
): Promise<Blob> {
  const invalid = imageFileProblem(file);
  if (invalid) throw new ImageError(invalid);

  onProgress?.({ stage: 'loading' });
  const image = await loadImage(file);
  const canvas = document.createElement('canvas');
  try {
    const size = fitInside(image.width, image.height, opts.maxWidth, opts.maxHeight);
    canvas.width = size.width;
    canvas.height = size.height;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new ImageError({ message: MSG.noCanvas });
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(image.source, 0, 0, size.width, size.height);

    let type = 'image/webp';
    let quality = Math.min(1, Math.max(COMPRESSION_QUALITY_FLOOR, opts.quality));
    let best: Blob | null = null;
    for (;;) {
      onProgress?.({ stage: 'compressing', quality });
      let blob = await toBlob(canvas, type, quality);
      // Browsers without a WebP encoder fall back to PNG, which ignores quality; JPEG still compresses.
      if (blob && blob.type !== type && type === 'image/webp') {
        type = 'image/jpeg';
        blob = await toBlob(canvas, type, quality);
      }
      if (!blob) throw new ImageError(problem('compressFailed'));
      if (!best || blob.size < best.size) best = blob;
      if (blob.size <= opts.maxBytes || quality <= COMPRESSION_QUALITY_FLOOR) break;
      quality = nextQuality(quality);
    }
    onProgress?.({ stage: 'done', quality });
    return best;
  } finally {
    image.release();
    // Frees the backing store now rather than at garbage collection; large canvases add up on phones.
    canvas.width = 0;
    canvas.height = 0;
  }
}
