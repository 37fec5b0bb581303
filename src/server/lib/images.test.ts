import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { COMPRESSION, IMAGE_MAX_BYTES } from '#shared/constants.ts';
import { MSG } from '#shared/messages/api.ts';
import { pngClaiming } from '#tests/setup/png.ts';
import { refusal } from '#tests/setup/refusal.ts';
import { deriveIcon, processImage, sniffImageType } from './images.ts';

const fixture = (name: string) => readFile(new URL(`../../../tests/files/${name}`, import.meta.url));

/** FourCCs of a WebP file's chunks; metadata lives in EXIF, XMP and ICCP chunks. */
function webpChunks(buf: Buffer): string[] {
  expect(buf.toString('latin1', 0, 4)).toBe('RIFF');
  expect(buf.toString('latin1', 8, 12)).toBe('WEBP');
  const chunks: string[] = [];
  let offset = 12;
  while (offset + 8 <= buf.length) {
    chunks.push(buf.toString('latin1', offset, offset + 4));
    const size = buf.readUInt32LE(offset + 4);
    offset += 8 + size + (size % 2);
  }
  return chunks;
}

/** A PNG claiming width x height with one row of pixel data. */
const pngClaimingOneRow = (width: number, height: number) => pngClaiming(width, height, 1 + width * 3);

describe('sniffImageType', () => {
  it('reads the magic bytes, not the name', async () => {
    expect(sniffImageType(await fixture('photo-exif-gps.jpg'))).toBe('image/jpeg');
    expect(sniffImageType(await fixture('logo-alpha.png'))).toBe('image/png');
    expect(sniffImageType(await fixture('banner.webp'))).toBe('image/webp');
    expect(sniffImageType(await fixture('not-an-image.jpg'))).toBeNull();
    expect(sniffImageType(Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'))).toBeNull();
    expect(sniffImageType(Buffer.from('RIFF\0\0\0\0WAVEfmt ', 'latin1'))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });
});

describe('processImage accepts real images and re-encodes them to WebP', () => {
  it('a sideways phone JPEG is turned upright, fitted inside the slip caps and under its byte cap', async () => {
    const input = await fixture('photo-exif-gps.jpg');
    const before = await sharp(input).metadata();
    expect([before.width, before.height, before.orientation]).toEqual([1600, 1000, 6]);

    const out = await processImage(input, COMPRESSION.slip);
    expect(out.contentType).toBe('image/webp');
    // Orientation 6 means the stored 1600x1000 is shown 1000x1600; fitted inside 1024x1024.
    expect([out.width, out.height]).toEqual([640, 1024]);
    expect(out.buffer.length).toBeLessThanOrEqual(COMPRESSION.slip.maxBytes);
    const meta = await sharp(out.buffer).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 640, 1024]);
  });

  it('strips EXIF and GPS (and every other metadata block)', async () => {
    const input = await fixture('photo-exif-gps.jpg');
    const inputMeta = await sharp(input).metadata();
    // The fixture really carries camera and location tags.
    expect(inputMeta.exif?.includes('FixtureCam')).toBe(true);
    expect(inputMeta.exif?.includes('WGS-84')).toBe(true);

    const out = await processImage(input);
    const meta = await sharp(out.buffer).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(webpChunks(out.buffer).filter((c) => ['EXIF', 'XMP ', 'ICCP'].includes(c))).toEqual([]);
    expect(out.buffer.includes('FixtureCam')).toBe(false);
    expect(out.buffer.includes('WGS-84')).toBe(false);
  });

  it('a PNG keeps its transparency and is not enlarged', async () => {
    const out = await processImage(await fixture('logo-alpha.png'), COMPRESSION.banner);
    expect([out.width, out.height]).toEqual([600, 400]);
    const meta = await sharp(out.buffer).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.hasAlpha).toBe(true);
    const corner = await sharp(out.buffer).extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer();
    expect(corner[3]).toBe(0);
  });

  it('a WebP is fitted inside launch caps keeping its aspect ratio', async () => {
    const out = await processImage(await fixture('banner.webp'), COMPRESSION.launch);
    expect([out.width, out.height]).toEqual([800, 400]);
    expect(out.buffer.length).toBeLessThanOrEqual(COMPRESSION.launch.maxBytes);
    expect((await sharp(out.buffer).metadata()).format).toBe('webp');
  });

  it('steps quality down until the result fits the byte cap', async () => {
    // Noise keeps the encoded size sensitive to quality.
    const input = await sharp({
      create: {
        width: 500,
        height: 400,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 50 },
      },
    })
      .png()
      .toBuffer();
    const atStart = (await processImage(input, { quality: 0.8 })).buffer.length;
    const atHalf = (await processImage(input, { quality: 0.5 })).buffer.length;
    const atFloor = (await processImage(input, { quality: 0.1 })).buffer.length;
    expect(atHalf).toBeLessThan(atStart);

    const fitted = await processImage(input, { quality: 0.8, maxBytes: atHalf });
    expect(fitted.buffer.length).toBeLessThanOrEqual(atHalf);
    expect(fitted.buffer.length).toBeGreaterThan(atFloor);

    // An unreachable cap gives the smallest attempt rather than an error.
    const smallest = await processImage(input, { quality: 0.8, maxBytes: 1 });
    expect(smallest.buffer.length).toBeLessThanOrEqual(atFloor);
  });

  it('shrinks a picture wider than WebP can encode even without caps', async () => {
    const input = await sharp({ create: { width: 20_000, height: 100, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const out = await processImage(input);
    expect(out.width).toBeLessThanOrEqual(16_383);
    expect((await sharp(out.buffer).metadata()).width).toBe(out.width);
  });
});

describe('processImage refuses bad uploads with the docs/product.md messages', () => {
  it('a text file renamed .jpg', async () => {
    const err = await refusal(processImage(await fixture('not-an-image.jpg')));
    expect([err.code, err.status, err.message]).toEqual(['invalid_image_type', 415, MSG.imageType]);
    expect(err.message).toBe('Please upload a JPEG, PNG, or WebP image');
  });

  it('a GIF and an SVG, which are images but not accepted types', async () => {
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>');
    for (const input of [gif, svg]) {
      const err = await refusal(processImage(input));
      expect([err.code, err.message]).toEqual(['invalid_image_type', MSG.imageType]);
    }
  });

  it('a truncated JPEG whose header still reads fine', async () => {
    const input = await fixture('truncated.jpg');
    expect((await sharp(input).metadata()).width).toBe(320);
    const err = await refusal(processImage(input));
    expect([err.code, err.status, err.message]).toEqual(['invalid_image', 400, MSG.imageUnreadable]);
  });

  it('a truncated PNG', async () => {
    const full = await readFile(new URL('../../../tests/files/logo-alpha.png', import.meta.url));
    const err = await refusal(processImage(full.subarray(0, Math.floor(full.length / 2))));
    expect([err.code, err.message]).toEqual(['invalid_image', MSG.imageUnreadable]);
  });

  it('a real 50-megapixel PNG', async () => {
    const input = await sharp({ create: { width: 8000, height: 6250, channels: 3, background: '#0ea5e9' } })
      .png()
      .toBuffer();
    expect(input.length).toBeLessThan(IMAGE_MAX_BYTES);
    const err = await refusal(processImage(input));
    expect([err.code, err.status, err.message]).toEqual(['image_too_many_pixels', 413, MSG.imagePixels]);
  });

  it('a small file whose header claims 50 megapixels, refused before decoding', async () => {
    const input = pngClaimingOneRow(10_000, 5_000);
    expect((await sharp(input, { limitInputPixels: false }).metadata()).width).toBe(10_000);
    const err = await refusal(processImage(input));
    expect(err.code).toBe('image_too_many_pixels');
    const icon = await refusal(deriveIcon(input, 192));
    expect(icon.code).toBe('image_too_many_pixels');
  });

  it('exactly 40 megapixels passes the pixel check (this fake then fails to decode)', async () => {
    // The code tells where it stopped: past the pixel check, at decoding the missing rows.
    const err = await refusal(processImage(pngClaimingOneRow(8000, 5000)));
    expect(err.code).toBe('invalid_image');
  });

  it('a buffer over 10 MB, before looking at its content', async () => {
    const jpegStart = await fixture('photo-exif-gps.jpg');
    const big = Buffer.alloc(IMAGE_MAX_BYTES + 1);
    jpegStart.copy(big);
    const err = await refusal(processImage(big));
    expect([err.code, err.status, err.message]).toEqual(['image_too_large', 413, MSG.imageSize]);
    expect(err.message).toBe('Image must be smaller than 10MB');
  });
});

describe('deriveIcon', () => {
  it('fits a wide logo inside a transparent square PNG', async () => {
    const icon = await deriveIcon(await fixture('logo-alpha.png'), 192);
    const meta = await sharp(icon).metadata();
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(['png', 192, 192, true]);
    // 600x400 contained in 192x192 leaves transparent bands above and below, and keeps the middle.
    const raw = await sharp(icon).raw().toBuffer();
    const alphaAt = (x: number, y: number) => raw[(y * 192 + x) * 4 + 3];
    expect(alphaAt(96, 5)).toBe(0);
    expect(alphaAt(96, 186)).toBe(0);
    expect(alphaAt(96, 96)).toBe(255);
  });

  it('upright from a sideways JPEG, and refuses what processImage refuses', async () => {
    const icon = await deriveIcon(await fixture('photo-exif-gps.jpg'), 512);
    expect(await sharp(icon).metadata()).toMatchObject({ format: 'png', width: 512, height: 512 });
    const err = await refusal(deriveIcon(await fixture('not-an-image.jpg'), 512));
    expect(err.code).toBe('invalid_image_type');
  });
});
