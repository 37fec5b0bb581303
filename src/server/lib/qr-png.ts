import sharp from 'sharp';
import { renderSVG } from 'uqr';

/**
 * A QR code as a PNG, for mail clients that show an inline image but not SVG. Medium error
 * correction and the standard quiet zone, like the e-ticket page's; 8 pixels a module keeps it
 * sharp on a phone and small (a few KB).
 */
export async function qrPng(text: string): Promise<Buffer> {
  const svg = renderSVG(text, { ecc: 'M', border: 4, pixelSize: 8 });
  return sharp(Buffer.from(svg)).png({ palette: true, colours: 2 }).toBuffer();
}
