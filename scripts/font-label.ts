// `npm run font:label`: writes src/web/thaana-label.css, the inline font of the language switch's
// Thaana label (ދިވެހި on English pages): a subset of Noto Sans Thaana Bold holding that label's
// glyphs (and what shaping them needs) only, cut by HarfBuzz (`subset-font`). Run it after the
// label changes; tests/thaana-label.test.ts fails until then (docs/decisions/034-thaana-label-subset.md).
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import subsetFont from 'subset-font';
import { LABEL_CSS_PATH, labelStylesheet, SOURCE_FONT, THAANA_LABEL } from './lib/thaana-label.ts';

const font = await subsetFont(await readFile(SOURCE_FONT), THAANA_LABEL, { targetFormat: 'woff2' });
await writeFile(LABEL_CSS_PATH, labelStylesheet(font, THAANA_LABEL));
console.log(
  `font:label: ${path.relative(process.cwd(), LABEL_CSS_PATH)}: "${THAANA_LABEL}" in ${font.length} bytes of woff2`,
);
