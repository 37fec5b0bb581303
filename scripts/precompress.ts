// Writes .br and .gz next to every text asset of the built SPA so the server can send them
// as they are instead of compressing on each request (docs/product.md section 12: sent compressed).
// Usage: node scripts/precompress.ts [dir]   (default: dist)
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.webmanifest',
  '.json',
  '.txt',
  '.xml',
]);

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile() && COMPRESSIBLE.has(path.extname(entry.name))) yield full;
  }
}

type Result = { file: string; size: number; br: number | null; gz: number | null };

async function compressFile(file: string): Promise<Result> {
  const source = await readFile(file);
  const [br, gzipped] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gz(source, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  // A compressed copy that is not smaller would only cost bytes and CPU on the client:
  // without a sibling the server sends the original.
  const keepBr = br.length < source.length;
  const keepGz = gzipped.length < source.length;
  await Promise.all([
    keepBr ? writeFile(`${file}.br`, br) : null,
    keepGz ? writeFile(`${file}.gz`, gzipped) : null,
  ]);
  return { file, size: source.length, br: keepBr ? br.length : null, gz: keepGz ? gzipped.length : null };
}

async function main() {
  const dir = path.resolve(process.argv[2] ?? 'dist');
  const info = await stat(dir).catch(() => null);
  if (!info?.isDirectory()) {
    console.error(`precompress: ${dir} is not a directory; run vite build first`);
    process.exit(1);
  }
  const files: string[] = [];
  for await (const file of walk(dir)) files.push(file);
  const results = await Promise.all(files.map(compressFile));
  let original = 0;
  let brotliTotal = 0;
  for (const r of results) {
    original += r.size;
    brotliTotal += r.br ?? r.size;
  }
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`precompress: ${results.length} files, ${kb(original)} -> ${kb(brotliTotal)} brotli`);
}

await main();
