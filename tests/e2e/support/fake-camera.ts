import { writeFile } from 'node:fs/promises';
import { encode } from 'uqr';

const WIDTH = 640;
const HEIGHT = 480;
const MODULE_PX = 6;

/**
 * A video of one QR code for Chromium's fake camera (`--use-file-for-fake-video-capture`):
 * a few identical YUV 4:2:0 frames, which Chromium plays in a loop. Black modules on white,
 * with a quiet zone, centred.
 */
export async function writeQrVideo(text: string, file: string): Promise<void> {
  const { data, size } = encode(text, { ecc: 'M', border: 4 });
  const side = size * MODULE_PX;
  if (side > HEIGHT) throw new Error(`the code is too big for the frame: ${size} modules`);
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235);
  const left = Math.floor((WIDTH - side) / 2);
  const top = Math.floor((HEIGHT - side) / 2);
  for (let y = 0; y < side; y++) {
    const row = data[Math.floor(y / MODULE_PX)];
    for (let x = 0; x < side; x++) {
      if (row?.[Math.floor(x / MODULE_PX)]) luma[(top + y) * WIDTH + left + x] = 16;
    }
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  await writeFile(file, Buffer.concat([header, frame, frame, frame]));
}
