// The part of `subset-font` (a CommonJS module without types of its own) that
// scripts/font-label.ts uses.
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
