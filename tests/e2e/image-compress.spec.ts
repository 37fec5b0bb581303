import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { COMPRESSION, IMAGE_MAX_BYTES } from '#shared/constants.ts';
import { MSG } from '#shared/messages/api.ts';
import type * as Compressor from '#web/lib/image-compress.ts';
import { expect, test } from './fixtures.ts';

/**
 * The browser-side compressor, run in real Chromium on a page of the real app. The module is
 * bundled on the fly and evaluated through the test driver, because the app's CSP (rightly)
 * refuses inline scripts.
 */

type WithCompressor = { imageCompress: typeof Compressor };

const entry = fileURLToPath(new URL('../../src/web/lib/image-compress.ts', import.meta.url));
const projectRoot = fileURLToPath(new URL('../../', import.meta.url));

let bundled: string | undefined;
async function bundle(): Promise<string> {
  if (bundled) return bundled;
  let code: string;
  try {
    const { build } = await import('esbuild');
    const out = await build({
      entryPoints: [entry],
      bundle: true,
      format: 'iife',
      globalName: 'imageCompress',
      platform: 'browser',
      target: 'es2022',
      write: false,
      absWorkingDir: projectRoot,
    });
    code = out.outputFiles[0]?.text ?? '';
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw err;
    const { build } = await import('vite');
    const out = await build({
      configFile: false,
      logLevel: 'silent',
      root: projectRoot,
      build: {
        write: false,
        minify: false,
        lib: { entry, formats: ['iife'], name: 'imageCompress', fileName: 'image-compress' },
      },
    });
    const first = Array.isArray(out) ? out[0] : out;
    code = first && 'output' in first ? (first.output[0]?.code ?? '') : '';
  }
  // Evaluated as strict code its top-level `var` stays local, so publish the module explicitly.
  bundled = `${code}\nglobalThis.imageCompress = imageCompress;`;
  return bundled;
}

async function openWithCompressor(page: Page): Promise<void> {
  await page.goto('/');
  await page.evaluate(await bundle());
  await expect
    .poll(() => page.evaluate(() => typeof (window as unknown as WithCompressor).imageCompress))
    .toBe('object');
}

test.beforeEach(async ({ page }) => {
  await openWithCompressor(page);
});

test('compresses a large photo to WebP within the slip caps, reporting progress', async ({ page }) => {
  const result = await page.evaluate(async (caps) => {
    const { compressImage } = (window as unknown as WithCompressor).imageCompress;
    // A 6-megapixel "photo": gradients and shapes with sensor-like noise, saved as a fine JPEG.
    const source = document.createElement('canvas');
    source.width = 3000;
    source.height = 2000;
    const ctx = source.getContext('2d');
    if (!ctx) throw new Error('no 2d context in test');
    const sky = ctx.createLinearGradient(0, 0, 0, 2000);
    sky.addColorStop(0, '#1e6fd9');
    sky.addColorStop(0.6, '#bfe3ff');
    sky.addColorStop(0.61, '#0b8a8f');
    sky.addColorStop(1, '#03405f');
    ctx.fillStyle = sky;
    ctx.fillRect(0, 0, 3000, 2000);
    for (let i = 0; i < 60; i++) {
      ctx.fillStyle = `hsl(${(i * 47) % 360} 70% 55%)`;
      ctx.beginPath();
      ctx.arc((i * 613) % 3000, (i * 389) % 2000, 40 + ((i * 17) % 120), 0, Math.PI * 2);
      ctx.fill();
    }
    const pixels = ctx.getImageData(0, 0, 3000, 2000);
    let seed = 42;
    for (let p = 0; p < pixels.data.length; p += 4) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const n = (seed % 41) - 20;
      pixels.data[p] = (pixels.data[p] ?? 0) + n;
      pixels.data[p + 1] = (pixels.data[p + 1] ?? 0) + n;
      pixels.data[p + 2] = (pixels.data[p + 2] ?? 0) + n;
    }
    ctx.putImageData(pixels, 0, 0);
    const jpeg = await new Promise<Blob | null>((resolve) => source.toBlob(resolve, 'image/jpeg', 0.95));
    if (!jpeg) throw new Error('test image could not be made');
    const file = new File([jpeg], 'holiday.jpg', { type: 'image/jpeg' });

    const progress: Compressor.CompressProgress[] = [];
    const out = await compressImage(file, caps, (p) => progress.push(p));
    const bitmap = await createImageBitmap(out);
    return {
      inputSize: file.size,
      type: out.type,
      size: out.size,
      width: bitmap.width,
      height: bitmap.height,
      progress,
    };
  }, COMPRESSION.slip);

  expect(result.inputSize).toBeGreaterThan(COMPRESSION.slip.maxBytes * 5);
  expect(result.type).toBe('image/webp');
  expect([result.width, result.height]).toEqual([1024, 683]);
  expect(result.size).toBeLessThanOrEqual(COMPRESSION.slip.maxBytes);
  expect(result.progress[0]).toEqual({ stage: 'loading' });
  expect(result.progress[1]).toEqual({ stage: 'compressing', quality: COMPRESSION.slip.quality });
  expect(result.progress.at(-1)?.stage).toBe('done');
});

test('steps quality down by 0.1 to the floor and still returns a WebP when the cap cannot be met', async ({
  page,
}) => {
  const result = await page.evaluate(
    async (caps) => {
      const { compressImage } = (window as unknown as WithCompressor).imageCompress;
      const source = document.createElement('canvas');
      source.width = 800;
      source.height = 600;
      const ctx = source.getContext('2d');
      if (!ctx) throw new Error('no 2d context in test');
      ctx.fillStyle = '#0ea5e9';
      ctx.fillRect(0, 0, 800, 600);
      ctx.fillStyle = '#fff';
      ctx.fillRect(100, 100, 300, 200);
      const png = await new Promise<Blob | null>((resolve) => source.toBlob(resolve, 'image/png'));
      if (!png) throw new Error('test image could not be made');
      const qualities: number[] = [];
      const out = await compressImage(new File([png], 'a.png', { type: 'image/png' }), caps, (p) => {
        if (p.stage === 'compressing' && p.quality !== undefined) qualities.push(p.quality);
      });
      return { type: out.type, size: out.size, qualities };
    },
    { ...COMPRESSION.banner, maxBytes: 1 },
  );

  expect(result.qualities).toEqual([0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1]);
  expect(result.type).toBe('image/webp');
  expect(result.size).toBeGreaterThan(0);
});

test('turns a sideways phone photo upright and keeps it inside the caps', async ({ page }) => {
  const photo = await readFile(new URL('../files/photo-exif-gps.jpg', import.meta.url));
  const result = await page.evaluate(
    async ({ base64, caps }) => {
      const { compressImage } = (window as unknown as WithCompressor).imageCompress;
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const out = await compressImage(new File([bytes], 'photo.jpg', { type: 'image/jpeg' }), caps);
      const bitmap = await createImageBitmap(out);
      return { type: out.type, width: bitmap.width, height: bitmap.height };
    },
    { base64: photo.toString('base64'), caps: COMPRESSION.slip },
  );
  // Stored 1600x1000 with EXIF orientation 6, so it is shown 1000x1600.
  expect(result).toEqual({ type: 'image/webp', width: 640, height: 1024 });
});

test('refuses what docs/product.md says to refuse, with its messages', async ({ page }) => {
  const messages = await page.evaluate(
    async ({ caps, overLimit }) => {
      const { compressImage, validateImageFile } = (window as unknown as WithCompressor).imageCompress;
      const failure = (file: Blob) =>
        compressImage(file, caps).then(
          () => 'accepted',
          (e: Error) => e.message,
        );
      const text = new File(['just some text'], 'slip.jpg', { type: 'text/plain' });
      const gif = new File([new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61])], 'a.gif', {
        type: 'image/gif',
      });
      const huge = new Blob([new Uint8Array(overLimit)], { type: 'image/jpeg' });
      const garbage = new File([new Uint8Array(2048).fill(7)], 'broken.jpg', { type: 'image/jpeg' });
      return {
        text: await failure(text),
        gif: await failure(gif),
        huge: await failure(huge),
        garbage: await failure(garbage),
        validText: validateImageFile(text),
        validHuge: validateImageFile(huge),
        validOk: validateImageFile(new Blob([new Uint8Array(10)], { type: 'image/webp' })),
      };
    },
    { caps: COMPRESSION.slip, overLimit: 11 * 1024 * 1024 },
  );
  expect(11 * 1024 * 1024).toBeGreaterThan(IMAGE_MAX_BYTES);
  expect(messages).toEqual({
    text: MSG.imageType,
    gif: MSG.imageType,
    huge: MSG.imageSize,
    garbage: MSG.loadImageFailed,
    validText: 'Please upload a JPEG, PNG, or WebP image',
    validHuge: 'Image must be smaller than 10MB',
    validOk: null,
  });
});
