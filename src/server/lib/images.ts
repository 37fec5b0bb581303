import sharp, { type Metadata } from 'sharp';
import { BANNER_SMALL_WIDTH } from '#shared/banner-images.ts';
import {
  COMPRESSION,
  COMPRESSION_QUALITY_FLOOR,
  COMPRESSION_QUALITY_STEP,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_PIXELS,
} from '#shared/constants.ts';
import { MSG } from '#shared/messages/api.ts';
import { AppError } from './errors.ts';

/** An uploaded app icon is stored at 512 px with a 192 px sibling whose key swaps this suffix. */
export const ICON_512_SUFFIX = '-512.png';
export const ICON_192_SUFFIX = '-192.png';

type ImageType = 'image/jpeg' | 'image/png' | 'image/webp';

type ProcessImageOptions = {
  maxWidth?: number;
  maxHeight?: number;
  /** 0..1, as the browser's canvas encoder takes it. */
  quality?: number;
  maxBytes?: number;
};

type ProcessedImage = { buffer: Buffer; width: number; height: number; contentType: 'image/webp' };

const DEFAULT_QUALITY = 0.8;
// WebP cannot encode a side longer than this; a 40 MP panorama could otherwise fail to encode.
const WEBP_MAX_DIMENSION = 16_383;
const SHARP_FORMAT: Record<ImageType, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/** The type the bytes say they are; the browser-sent Content-Type and file name are not trusted. */
export function sniffImageType(buf: Buffer): ImageType | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'image/jpeg';
  if (
    buf.length >= 8 &&
    buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'image/png';
  }
  if (
    buf.length >= 12 &&
    buf.toString('latin1', 0, 4) === 'RIFF' &&
    buf.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'image/webp';
  }
  return null;
}

const unreadable = () => new AppError('invalid_image', MSG.imageUnreadable, 400);
const tooManyPixels = () => new AppError('image_too_many_pixels', MSG.imagePixels, 413);

function isPixelLimitError(err: unknown): boolean {
  return err instanceof Error && /pixel limit/i.test(err.message);
}

/**
 * Size, type and pixel-count checks that need only the header, so a decompression bomb is refused
 * before a single pixel is decoded.
 */
async function checkUpload(input: Buffer): Promise<void> {
  if (input.length > IMAGE_MAX_BYTES) throw new AppError('image_too_large', MSG.imageSize, 413);
  const type = sniffImageType(input);
  if (!type) throw new AppError('invalid_image_type', MSG.imageType, 415);
  let meta: Metadata;
  try {
    // Header only; the pixel limit is enforced just below with our own error, then again on decode.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw unreadable();
  }
  // The magic bytes and the decoder must agree, or a crafted file could reach another loader.
  if (meta.format !== SHARP_FORMAT[type]) throw new AppError('invalid_image_type', MSG.imageType, 415);
  if (!meta.width || !meta.height) throw unreadable();
  if (meta.width * meta.height > IMAGE_MAX_PIXELS) throw tooManyPixels();
}

/** failOn 'error' catches truncated and corrupt data, which sharp's decoder would otherwise grey-fill. */
const decoder = (input: Buffer) => sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' });

async function run<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (isPixelLimitError(err)) throw tooManyPixels();
    throw unreadable();
  }
}

/**
 * Validates an upload and re-encodes it to WebP: EXIF orientation applied, fitted inside the
 * maximum dimensions without enlargement, every metadata block (EXIF, GPS, XMP, ICC) dropped.
 * With maxBytes, quality steps down to the floor (docs/product.md section 9) and the smallest result wins.
 */
export async function processImage(input: Buffer, opts: ProcessImageOptions = {}): Promise<ProcessedImage> {
  await checkUpload(input);
  const maxWidth = Math.min(opts.maxWidth ?? WEBP_MAX_DIMENSION, WEBP_MAX_DIMENSION);
  const maxHeight = Math.min(opts.maxHeight ?? WEBP_MAX_DIMENSION, WEBP_MAX_DIMENSION);

  // Decode, rotate and resize once; each quality attempt then only re-encodes these pixels.
  const { data, info } = await run(() =>
    decoder(input)
      .autoOrient()
      .resize({ width: maxWidth, height: maxHeight, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true }),
  );
  const pixels = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const encode = (quality: number) =>
    sharp(data, pixels)
      .webp({ quality: Math.round(quality * 100) })
      .toBuffer();

  let quality = clampQuality(opts.quality ?? DEFAULT_QUALITY);
  let best = await encode(quality);
  if (opts.maxBytes !== undefined) {
    while (best.length > opts.maxBytes && quality > COMPRESSION_QUALITY_FLOOR) {
      quality = nextQuality(quality);
      const candidate = await encode(quality);
      if (candidate.length < best.length) best = candidate;
    }
  }
  return { buffer: best, width: info.width, height: info.height, contentType: 'image/webp' };
}

/**
 * A banner's small sibling (#shared/banner-images.ts), re-encoded from the same source with the
 * banner preset: at most BANNER_SMALL_WIDTH wide and never wider or taller than the stored
 * banner `full`, so it keeps the banner's aspect ratio and is never enlarged.
 */
export function processSmallBanner(
  input: Buffer,
  full: { width: number; height: number },
): Promise<ProcessedImage> {
  return processImage(input, {
    ...COMPRESSION.banner,
    maxWidth: Math.min(BANNER_SMALL_WIDTH, full.width),
    maxHeight: full.height,
  });
}

function clampQuality(q: number): number {
  return Math.min(1, Math.max(COMPRESSION_QUALITY_FLOOR, q));
}

/** Rounded so 0.8 - 0.1 steps land on 0.7, 0.6 ... rather than drifting binary fractions. */
function nextQuality(q: number): number {
  return Math.max(COMPRESSION_QUALITY_FLOOR, Math.round((q - COMPRESSION_QUALITY_STEP) * 100) / 100);
}

/**
 * A square PNG for PWA icons and the favicon: the whole picture fitted inside the square on a
 * transparent background, never cropped (docs/product.md section 10.17).
 */
export async function deriveIcon(input: Buffer, size: number): Promise<Buffer> {
  if (!Number.isInteger(size) || size < 1 || size > 4096) throw new RangeError(`Invalid icon size ${size}`);
  await checkUpload(input);
  return run(() =>
    decoder(input)
      .autoOrient()
      .resize({ width: size, height: size, fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png()
      .toBuffer(),
  );
}
