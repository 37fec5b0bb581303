// The characters a font can draw (SFNT, WOFF or WOFF2): the code points its `cmap` maps to a glyph,
// read by HarfBuzz as a browser's shaper reads them. Used by the check that the language switch's
// inline Thaana subset covers its label (tests/thaana-label.test.ts).
import fontverter from 'fontverter';
import { Blob, Face } from 'harfbuzzjs';

export async function fontCodePoints(font: Buffer): Promise<Set<number>> {
  const face = new Face(new Blob(await fontverter.convert(font, 'sfnt')));
  return new Set(face.collectUnicodes());
}
