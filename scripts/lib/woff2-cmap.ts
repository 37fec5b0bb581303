// The characters a WOFF2 font can draw: the code points its `cmap` table maps to a glyph. WOFF2
// (https://www.w3.org/TR/WOFF2/) is a table directory followed by every table's data in one
// Brotli stream; `cmap` is never transformed, so it is read as stored. Used by the check that the
// language switch's inline Thaana subset covers its label (tests/thaana-label.test.ts).
import { brotliDecompressSync } from 'node:zlib';

const WOFF2_SIGNATURE = 0x774f4632; // 'wOF2'
const HEADER_SIZE = 48;
/** The tags of the table directory's known-tag indices 0 to 62 (index 63: the tag follows). */
const KNOWN_TAGS = (
  'cmap,head,hhea,hmtx,maxp,name,OS/2,post,cvt ,fpgm,glyf,loca,prep,CFF ,VORG,EBDT,EBLC,gasp,hdmx,kern,LTSH,PCLT,' +
  'VDMX,vhea,vmtx,BASE,GDEF,GPOS,GSUB,EBSC,JSTF,MATH,CBDT,CBLC,COLR,CPAL,SVG ,sbix,acnt,avar,bdat,bloc,bsln,' +
  'cvar,fdsc,feat,fmtx,fvar,gvar,hsty,just,lcar,mort,morx,opbd,prop,trak,Zapf,Silf,Glat,Gloc,Feat,Sill'
).split(',');

type TableEntry = { tag: string; length: number };

/** UIntBase128: 1 to 5 bytes of 7 bits each, high bit set on all but the last. */
function readBase128(bytes: Buffer, at: { offset: number }): number {
  let value = 0;
  for (let i = 0; i < 5; i++) {
    const byte = bytes.readUInt8(at.offset++);
    if (i === 0 && byte === 0x80) throw new Error('woff2: UIntBase128 with a leading zero');
    value = value * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) return value;
  }
  throw new Error('woff2: UIntBase128 longer than 5 bytes');
}

/** The tables of a WOFF2 file, in stream order, with the length each takes in the stream. */
function readDirectory(font: Buffer): { tables: TableEntry[]; end: number } {
  if (font.readUInt32BE(0) !== WOFF2_SIGNATURE) throw new Error('not a WOFF2 font');
  const numTables = font.readUInt16BE(12);
  const at = { offset: HEADER_SIZE };
  const tables: TableEntry[] = [];
  for (let i = 0; i < numTables; i++) {
    const flags = font.readUInt8(at.offset++);
    const index = flags & 0x3f;
    let tag = KNOWN_TAGS[index];
    if (index === 63) {
      tag = font.toString('latin1', at.offset, at.offset + 4);
      at.offset += 4;
    }
    if (!tag) throw new Error(`woff2: unknown table index ${index}`);
    const transform = flags >> 6;
    const origLength = readBase128(font, at);
    // glyf and loca are transformed unless their version is 3; any other table when it is not 0.
    const transformed = tag === 'glyf' || tag === 'loca' ? transform !== 3 : transform !== 0;
    const length = transformed ? readBase128(font, at) : origLength;
    tables.push({ tag, length });
  }
  return { tables, end: at.offset };
}

/** The bytes of one (untransformed) table of a WOFF2 font. */
export function woff2Table(font: Buffer, tag: string): Buffer {
  const { tables, end } = readDirectory(font);
  const flavor = font.readUInt32BE(4);
  if (flavor === 0x74746366) throw new Error('woff2: font collections are not read here'); // 'ttcf'
  const compressedLength = font.readUInt32BE(20);
  const stream = brotliDecompressSync(font.subarray(end, end + compressedLength));
  let offset = 0;
  for (const table of tables) {
    if (table.tag === tag) return stream.subarray(offset, offset + table.length);
    offset += table.length;
  }
  throw new Error(`woff2: no ${tag} table`);
}

/** Code points of a `cmap` subtable in format 4 (the Basic Multilingual Plane) or 12 (all). */
function subtableCodePoints(cmap: Buffer, at: number, into: Set<number>) {
  const format = cmap.readUInt16BE(at);
  if (format === 4) {
    const segments = cmap.readUInt16BE(at + 6) / 2;
    const ends = at + 14;
    const starts = ends + segments * 2 + 2;
    const deltas = starts + segments * 2;
    const rangeOffsets = deltas + segments * 2;
    for (let s = 0; s < segments; s++) {
      const end = cmap.readUInt16BE(ends + s * 2);
      const start = cmap.readUInt16BE(starts + s * 2);
      const delta = cmap.readUInt16BE(deltas + s * 2);
      const rangeOffsetAt = rangeOffsets + s * 2;
      const rangeOffset = cmap.readUInt16BE(rangeOffsetAt);
      for (let code = start; code <= end && code !== 0xffff; code++) {
        let glyph: number;
        if (rangeOffset === 0) glyph = (code + delta) & 0xffff;
        else {
          const raw = cmap.readUInt16BE(rangeOffsetAt + rangeOffset + (code - start) * 2);
          glyph = raw === 0 ? 0 : (raw + delta) & 0xffff;
        }
        if (glyph !== 0) into.add(code);
      }
    }
  } else if (format === 12) {
    const groups = cmap.readUInt32BE(at + 12);
    for (let g = 0; g < groups; g++) {
      const group = at + 16 + g * 12;
      const start = cmap.readUInt32BE(group);
      const end = cmap.readUInt32BE(group + 4);
      const firstGlyph = cmap.readUInt32BE(group + 8);
      for (let code = start; code <= end; code++) if (firstGlyph + (code - start) !== 0) into.add(code);
    }
  }
}

/** Every code point the font maps to a glyph (.notdef aside), from its Unicode `cmap` subtables. */
export function woff2CodePoints(font: Buffer): Set<number> {
  const cmap = woff2Table(font, 'cmap');
  const codes = new Set<number>();
  const count = cmap.readUInt16BE(2);
  for (let i = 0; i < count; i++) {
    const record = 4 + i * 8;
    const platform = cmap.readUInt16BE(record);
    const encoding = cmap.readUInt16BE(record + 2);
    // Unicode (platform 0), or Windows' Unicode BMP (3, 1) and full repertoire (3, 10).
    if (platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10)))
      subtableCodePoints(cmap, cmap.readUInt32BE(record + 4), codes);
  }
  return codes;
}
