// The language switch's Thaana label is drawn from an inline subset of the Thaana font
// (src/web/thaana-label.css, written by `npm run font:label`; docs/decisions/034-thaana-label-subset.md).
// A label with a character the committed subset cannot draw would show a box on a device without a
// Thaana font: these read the subset's own character map, as the browser does.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { fontCodePoints } from '#scripts/lib/font-code-points.ts';
import {
  codePoints,
  LABEL_FONT_FAMILY,
  readLabelStylesheet,
  SOURCE_FONT,
  THAANA_LABEL,
} from '#scripts/lib/thaana-label.ts';

const hex = (codes: number[]) => codes.map((c) => `U+${c.toString(16).toUpperCase().padStart(4, '0')}`);
const THAANA_LETTERS = codePoints(
  String.fromCodePoint(...Array.from({ length: 0x7b2 - 0x780 }, (_, i) => 0x780 + i)),
);

describe('the language switch label font', () => {
  const committed = readLabelStylesheet();
  let drawable = new Set<number>();
  beforeAll(async () => {
    drawable = await fontCodePoints(committed.font);
  });

  it('draws every character of the label, and the face is used for each of them', () => {
    const label = codePoints(THAANA_LABEL);
    expect(label.length).toBeGreaterThan(0);
    expect(
      hex(label.filter((code) => !drawable.has(code))),
      'not in the subset: run npm run font:label',
    ).toEqual([]);
    expect(
      hex(label.filter((code) => !committed.unicodeRange.includes(code))),
      'not in its unicode-range: run npm run font:label',
    ).toEqual([]);
    expect(committed.family).toBe(LABEL_FONT_FAMILY);
  });

  it('holds the label and no other Thaana letter, in about a kilobyte', () => {
    const label = new Set(codePoints(THAANA_LABEL));
    expect(hex(THAANA_LETTERS.filter((code) => drawable.has(code) && !label.has(code)))).toEqual([]);
    expect(committed.font.length).toBeLessThanOrEqual(2048);
  });

  it('is cut from a font that has every Thaana letter (the map is read right)', async () => {
    const full = await fontCodePoints(readFileSync(SOURCE_FONT));
    expect(hex(THAANA_LETTERS.filter((code) => !full.has(code)))).toEqual([]);
    expect(full.has('A'.codePointAt(0) ?? 0)).toBe(false);
  });
});
