import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { cn, variants } from './utils.ts';

const webRoot = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [p] : [];
  });
}

/** Every class token written in src/web: className="...", and string literals in cn() and variants(). */
function classTokens(): string[] {
  const tokens = new Set<string>();
  for (const file of sourceFiles(webRoot)) {
    const text = readFileSync(file, 'utf8');
    const literals = [
      ...text.matchAll(/className="([^"]+)"/g),
      ...text.matchAll(/(?:cn|variants)\(([\s\S]*?)\)[;,\s}]/g),
      ...(/variants\(/.test(text) ? text.matchAll(/'([^']*)'/g) : []),
    ];
    for (const [, body = ''] of literals) {
      for (const [, literal = ''] of body.matchAll(/'([^']*)'|"([^"]*)"/g)) {
        for (const token of literal.split(/\s+/)) if (/^[!a-z[-]/.test(token)) tokens.add(token);
      }
      if (!/['"]/.test(body)) for (const token of body.split(/\s+/)) if (token) tokens.add(token);
    }
  }
  return [...tokens].filter((t) => /^[!a-z0-9[\]\-:/._&%()#,>=~*'"]+$/.test(t) && !/['"]/.test(t)).sort();
}

describe('cn', () => {
  const tokens = classTokens();

  it('finds the classes the app writes', () => {
    expect(tokens.length).toBeGreaterThan(300);
    expect(tokens).toEqual(expect.arrayContaining(['px-4', 'text-sm', 'sm:grid-cols-2']));
  });

  // Every pair: some hundred thousand merges, half a minute on a busy machine.
  it('resolves every pair of the app’s classes as tailwind-merge does', { timeout: 240_000 }, () => {
    const differ: string[] = [];
    for (const a of tokens) {
      for (const b of tokens) {
        if (a === b) continue;
        const ours = cn(a, b);
        const theirs = twMerge(a, b);
        if (ours !== theirs) differ.push(`cn('${a}', '${b}') = '${ours}', tailwind-merge '${theirs}'`);
      }
    }
    expect(differ.slice(0, 40)).toEqual([]);
  });

  it('joins parts, skips empty ones and lets a later class of a kind win', () => {
    expect(cn('px-4 py-2', false, undefined, ['text-sm', null], 'px-1')).toBe('py-2 text-sm px-1');
    expect(cn('p-4', 'px-2')).toBe('p-4 px-2');
    expect(cn('px-2 py-1', 'p-4')).toBe('p-4');
    expect(cn('hover:bg-sky-800 bg-sky-700', 'bg-red-700')).toBe('hover:bg-sky-800 bg-red-700');
  });
});

describe('variants', () => {
  const look = variants('base', {
    variants: { tone: { plain: 'tone-plain', loud: 'tone-loud' }, size: { sm: 'size-sm', lg: 'size-lg' } },
    defaultVariants: { tone: 'plain', size: 'sm' },
  });

  it('adds the chosen variant of each kind, or its default', () => {
    expect(look()).toBe('base tone-plain size-sm');
    expect(look({ tone: 'loud' })).toBe('base tone-loud size-sm');
    expect(look({ tone: null, size: 'lg' })).toBe('base tone-plain size-lg');
  });
});
