/**
 * Regenerates the committed upload fixtures of this folder:
 *   node tests/files/make-fixtures.ts
 * They are built rather than downloaded so their properties (metadata, orientation, truncation)
 * are known exactly and nobody's real photo or location ends up in the repository.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const here = path.dirname(fileURLToPath(import.meta.url));

/** A smooth scene (sky, sea, sun, boat) so the files stay small yet look like a photo. */
function sceneSvg(width: number, height: number): Buffer {
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#1e6fd9"/><stop offset="1" stop-color="#bfe3ff"/>
    </linearGradient>
    <linearGradient id="sea" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#0b8a8f"/><stop offset="1" stop-color="#03405f"/>
    </linearGradient>
  </defs>
  <rect width="100%" height="60%" fill="url(#sky)"/>
  <rect y="60%" width="100%" height="40%" fill="url(#sea)"/>
  <circle cx="${width * 0.75}" cy="${height * 0.25}" r="${height * 0.1}" fill="#ffd54a"/>
  <polygon points="${width * 0.2},${height * 0.62} ${width * 0.45},${height * 0.62} ${width * 0.4},${height * 0.7} ${width * 0.25},${height * 0.7}" fill="#f4f4f4"/>
</svg>`);
}

const files: Record<string, () => Promise<Buffer>> = {
  // Stored sideways (EXIF orientation 6, as phones do) with camera and GPS tags that must not survive.
  'photo-exif-gps.jpg': () =>
    sharp(sceneSvg(1600, 1000))
      .withExif({
        IFD0: { Make: 'FixtureCam', Model: 'FC-1', Artist: 'Fixture Photographer', Copyright: 'fixture' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '4/1 10/1 30/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '73/1 30/1 0/1',
          GPSMapDatum: 'WGS-84',
        },
      })
      .withMetadata({ orientation: 6 })
      .jpeg({ quality: 70 })
      .toBuffer(),
  // Transparent corners, as logos usually have.
  'logo-alpha.png': () =>
    sharp(
      Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400">
  <rect x="50" y="50" width="500" height="300" rx="60" fill="#0ea5e9"/>
  <circle cx="300" cy="200" r="90" fill="#ffffff"/>
</svg>`),
    )
      .png()
      .toBuffer(),
  'banner.webp': () => sharp(sceneSvg(2400, 1200)).webp({ quality: 70 }).toBuffer(),
  'not-an-image.jpg': async () =>
    Buffer.from('This is a plain text file that was renamed to look like a photo.\n'),
  // Noise makes the entropy-coded data long, so the cut lands well after a complete header:
  // the header reads fine and only decoding notices the missing bytes.
  'truncated.jpg': async () => {
    const full = await sharp({
      create: {
        width: 320,
        height: 240,
        channels: 3,
        background: '#336699',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg({ quality: 70 })
      .toBuffer();
    return full.subarray(0, Math.floor(full.length * 0.6));
  },
};

for (const [name, make] of Object.entries(files)) {
  const buf = await make();
  await writeFile(path.join(here, name), buf);
  console.log(`${name}: ${buf.length} bytes`);
}
