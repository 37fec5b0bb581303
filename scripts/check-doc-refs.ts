// The repository's documents stand alone: every `docs/...` path named in the code and the docs
// resolves (a decision by its number too, and a section of docs/product.md by its heading), every
// relative link in a Markdown file points at a file that exists, and nothing names a document the
// repository does not hold. Run by `npm run lint`; exits 1 with each broken reference.
// Usage: node scripts/check-doc-refs.ts
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SCANNED = /^(src|tests|docs|scripts|bench|\.ci)\/|^[^/]+\.(md|ts|cjs|json)$/;
const TEXT = /\.(ts|tsx|cjs|mjs|js|md|json|css|html|sh)$|^\.ci\/run$/;

/** Documents that describe the product from outside it; the repository speaks for itself. */
const OUTSIDE = /\b(?:SPEC|ARCHITECTURE|STYLE)\.md\b/g;
/** `docs/…` in any file: a path, maybe a decision's number alone (`docs/decisions/024`). */
const DOCS_PATH = /\bdocs\/[A-Za-z0-9_./-]*[A-Za-z0-9_/]/g;
/** `docs/product.md section 10.3` or `product.md, section 2`. */
const PRODUCT_SECTION = /product\.md,? sections? (\d+(?:\.\d+)?)/g;
/** A Markdown link's target: `[text](target)`. */
const MD_LINK = /\]\(([^)\s]+)\)/g;

function trackedFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  return out
    .split('\n')
    .filter((f) => f && SCANNED.test(f) && TEXT.test(f) && existsSync(path.join(root, f)));
}

const decisions = readdirSync(path.join(root, 'docs/decisions'));
const productHeadings = new Set(
  [...readFileSync(path.join(root, 'docs/product.md'), 'utf8').matchAll(/^#{2,3} (\d+(?:\.\d+)?)\.? /gm)].map(
    (m) => m[1],
  ),
);

function resolvesDocsPath(ref: string): boolean {
  if (existsSync(path.join(root, ref))) return true;
  const decision = /^docs\/decisions\/(\d{3})$/.exec(ref.replace(/\/$/, ''));
  return decision ? decisions.some((d) => d.startsWith(`${decision[1]}-`)) : false;
}

const problems: string[] = [];
for (const file of trackedFiles()) {
  if (file === 'scripts/check-doc-refs.ts') continue;
  const text = readFileSync(path.join(root, file), 'utf8');
  const lineOf = (index: number) => text.slice(0, index).split('\n').length;
  for (const m of text.matchAll(OUTSIDE)) {
    problems.push(`${file}:${lineOf(m.index)}: names ${m[0]}, which the repository does not hold`);
  }
  for (const m of text.matchAll(DOCS_PATH)) {
    const ref = m[0].replace(/\.$/, '');
    if (!resolvesDocsPath(ref)) problems.push(`${file}:${lineOf(m.index)}: ${ref} does not exist`);
  }
  for (const m of text.matchAll(PRODUCT_SECTION)) {
    const section = m[1] ?? '';
    if (!productHeadings.has(section)) {
      problems.push(`${file}:${lineOf(m.index)}: docs/product.md has no section ${section}`);
    }
  }
  if (file.endsWith('.md')) {
    for (const m of text.matchAll(MD_LINK)) {
      const target = (m[1] ?? '').split('#')[0] ?? '';
      if (!target || /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('/')) continue;
      if (!existsSync(path.join(root, path.dirname(file), decodeURIComponent(target)))) {
        problems.push(`${file}:${lineOf(m.index)}: link to ${target}, which does not exist`);
      }
    }
  }
}

if (problems.length > 0) {
  console.error(`Document references that do not resolve (${problems.length}):\n${problems.join('\n')}`);
  process.exit(1);
}
console.log('doc references: every docs/ path, product.md section and Markdown link resolves');
