// The parts of `subset-font` and `fontverter` (CommonJS modules without types of their own) that
// scripts/font-label.ts and scripts/lib/font-code-points.ts use.
declare module 'subset-font' {
  type SubsetFontOptions = {
    /** The format to write; the input's by default. */
    targetFormat?: 'sfnt' | 'woff' | 'woff2' | 'truetype';
    /** Name table ids to keep besides those HarfBuzz keeps. */
    preserveNameIds?: number[];
    /** Leave out glyphs that only layout substitutions (GSUB) reach. */
    noLayoutClosure?: boolean;
  };
  /** A font (SFNT, WOFF or WOFF2) holding only the glyphs `text` needs. */
  export default function subsetFont(
    buffer: Buffer,
    text: string,
    options?: SubsetFontOptions,
  ): Promise<Buffer>;
}

declare module 'fontverter' {
  /** The font in another container format ('sfnt' is plain TrueType/OpenType). */
  function convert(buffer: Buffer, toFormat: 'sfnt' | 'woff' | 'woff2' | 'truetype'): Promise<Buffer>;
  const fontverter: { convert: typeof convert };
  export default fontverter;
}
