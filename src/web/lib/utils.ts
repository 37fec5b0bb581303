// Class names for components that take a className: joins the parts and lets a later utility
// replace an earlier one of the same kind (`cn('px-4 py-2', 'px-1')` is 'py-2 px-1'), so a
// caller's class wins over a component's default whatever order Tailwind emits them in.
// Written for the utilities this app uses: src/web/lib/utils.test.ts checks it against
// tailwind-merge over every pair of classes in src/web, without shipping that library's 9 KB.

export type ClassValue = string | false | null | undefined | 0 | ClassValue[];

const SIZES = /^(xs|sm|base|md|lg|xl|[2-9]xl)$/;
const TEXT_SIZE = /^(xs|sm|base|lg|xl|[2-9]xl)$/;
const ALIGN = new Set(['left', 'center', 'right', 'justify', 'start', 'end']);
const WEIGHTS = new Set([
  'thin',
  'extralight',
  'light',
  'normal',
  'medium',
  'semibold',
  'bold',
  'extrabold',
  'black',
]);
const DISPLAY = new Set([
  'block',
  'inline-block',
  'inline',
  'flex',
  'inline-flex',
  'grid',
  'inline-grid',
  'contents',
  'hidden',
  'table',
  'inline-table',
  'table-caption',
  'table-cell',
  'table-row',
  'table-row-group',
  'table-header-group',
  'table-footer-group',
  'list-item',
  'flow-root',
]);
/** One-word utilities that are not in a set above, by kind; any other word is left alone. */
const SINGLE_WORDS: Record<string, string> = {
  border: 'border-w',
  rounded: 'rounded',
  shadow: 'shadow',
  ring: 'ring',
  outline: 'outline-w',
  transition: 'transition',
  italic: 'font-style',
  'not-italic': 'font-style',
  antialiased: 'smoothing',
  isolate: 'isolation',
  grow: 'grow',
  shrink: 'shrink',
};
const POSITION = new Set(['static', 'fixed', 'absolute', 'relative', 'sticky']);
const BORDER_STYLE = new Set(['solid', 'dashed', 'dotted', 'double', 'hidden', 'none']);
/** Multi-word utility names, longest first. */
const NAMES = [
  'min-w',
  'max-w',
  'min-h',
  'max-h',
  'grid-cols',
  'grid-rows',
  'col-span',
  'row-span',
  'col-start',
  'gap-x',
  'gap-y',
  'space-x',
  'space-y',
  'inset-x',
  'inset-y',
  'translate-x',
  'translate-y',
  'scroll-mt',
  'underline-offset',
  'outline-offset',
  'place-items',
  'place-content',
  'place-self',
  'justify-items',
  'justify-self',
  'overflow-x',
  'overflow-y',
  'line-clamp',
  'pointer-events',
  'break-inside',
  'bg-clip',
  'divide-x',
  'divide-y',
  'ring-offset',
  'whitespace',
  'leading',
  'tracking',
  'rounded-t',
  'rounded-r',
  'rounded-b',
  'rounded-l',
  'rounded-s',
  'rounded-e',
];
/** Which earlier groups a group replaces besides itself (`p-2` replaces an earlier `px-4`). */
const REPLACES: Record<string, string[]> = {
  p: ['px', 'py', 'pt', 'pr', 'pb', 'pl', 'ps', 'pe'],
  px: ['pr', 'pl', 'ps', 'pe'],
  py: ['pt', 'pb'],
  m: ['mx', 'my', 'mt', 'mr', 'mb', 'ml', 'ms', 'me'],
  mx: ['mr', 'ml', 'ms', 'me'],
  my: ['mt', 'mb'],
  size: ['w', 'h'],
  inset: ['inset-x', 'inset-y', 'top', 'right', 'bottom', 'left', 'start', 'end'],
  'inset-x': ['right', 'left', 'start', 'end'],
  'inset-y': ['top', 'bottom'],
  gap: ['gap-x', 'gap-y'],
  rounded: ['rounded-t', 'rounded-r', 'rounded-b', 'rounded-l', 'rounded-s', 'rounded-e'],
  'border-w': [
    'border-w-x',
    'border-w-y',
    'border-w-t',
    'border-w-r',
    'border-w-b',
    'border-w-l',
    'border-w-s',
    'border-w-e',
  ],
  'border-w-x': ['border-w-r', 'border-w-l', 'border-w-s', 'border-w-e'],
  'border-w-y': ['border-w-t', 'border-w-b'],
  overflow: ['overflow-x', 'overflow-y'],
  'font-size': ['leading'],
  flex: ['grow', 'shrink', 'basis'],
};

/** For each narrower kind, the wider kinds that replace it (REPLACES read the other way). */
const WIDER: Record<string, string[]> = {};
for (const [outer, inners] of Object.entries(REPLACES)) {
  for (const inner of inners) WIDER[inner] = [...(WIDER[inner] ?? []), outer];
}

// cn runs for every element of every render with much the same classes: the answers are kept.
// It showed as 18 ms of a first visit to /booking in a CPU profile on a fast desktop before.
const groups = new Map<string, string | null>();
const merged = new Map<string, string>();
const MERGED_MAX = 2000;

/** The kind of a utility without its variants: two of one kind cannot both apply. */
function groupOf(utility: string): string | null {
  let group = groups.get(utility);
  if (group === undefined) {
    group = findGroup(utility);
    groups.set(utility, group);
  }
  return group;
}

function findGroup(utility: string): string | null {
  const u = utility.replace(/^!/, '').replace(/^-/, '');
  if (DISPLAY.has(u)) return 'display';
  if (POSITION.has(u)) return 'position';
  if (u === 'sr-only' || u === 'not-sr-only') return 'sr';
  if (/^(underline|overline|line-through|no-underline)$/.test(u)) return 'decoration-line';
  if (/^(uppercase|lowercase|capitalize|normal-case)$/.test(u)) return 'case';
  if (/^(truncate|text-ellipsis|text-clip)$/.test(u)) return 'text-overflow';
  if (/^(grow|grow-0|shrink|shrink-0)$/.test(u)) return u.replace(/-0$/, '');
  const dash = u.indexOf('-');
  if (dash < 0) return SINGLE_WORDS[u] ?? null;
  const head = u.slice(0, dash);
  const rest = u.slice(dash + 1);
  switch (head) {
    case 'text':
      // An arbitrary length (text-[0.9375rem]) is a size; an arbitrary colour (text-[#123]) is not.
      if (TEXT_SIZE.test(rest) || /^\[(\d|\.|length:)/.test(rest)) return 'font-size';
      if (ALIGN.has(rest)) return 'text-align';
      if (/^(wrap|nowrap|balance|pretty)$/.test(rest)) return 'text-wrap';
      return 'text-color';
    case 'font':
      return WEIGHTS.has(rest) ? 'font-weight' : 'font-family';
    case 'border': {
      // Table borders' model (border-collapse, border-separate) is no border colour.
      if (rest === 'collapse' || rest === 'separate') return 'border-collapse';
      const side = /^([xytrblse])(-|$)/.exec(rest);
      const value = side ? rest.slice(2) : rest;
      const suffix = side ? `-${side[1]}` : '';
      if (value === '' || /^\d+$/.test(value)) return `border-w${suffix}`;
      if (BORDER_STYLE.has(value)) return 'border-style';
      return `border-color${suffix}`;
    }
    case 'bg':
      if (/^(clip|origin)-/.test(rest)) return `bg-${rest.split('-')[0]}`;
      // tailwind-merge, which this replaced, treats Tailwind 3's bg-gradient-to-* as a colour.
      if (/^(linear|radial|conic)/.test(rest)) return 'bg-image';
      if (/^(cover|contain|auto)$/.test(rest)) return 'bg-size';
      if (/^(center|top|bottom|left|right)/.test(rest)) return 'bg-position';
      return 'bg-color';
    case 'shadow':
    case 'ring':
    case 'outline':
      if (head === 'outline' && rest.startsWith('offset')) return 'outline-offset';
      if (head === 'ring' && rest === 'inset') return 'ring-inset';
      if (head === 'outline' && /^(none|hidden|dashed|dotted|double|solid)$/.test(rest))
        return 'outline-style';
      if (/^\d+$/.test(rest) || SIZES.test(rest) || rest === 'none' || rest === 'inner') return head;
      return `${head}-color`;
    case 'flex':
      if (/^(row|col|row-reverse|col-reverse)$/.test(rest)) return 'flex-direction';
      if (/^(wrap|nowrap|wrap-reverse)$/.test(rest)) return 'flex-wrap';
      return 'flex';
    case 'transition':
      return 'transition';
    case 'rounded':
      return NAMES.includes(u.split('-').slice(0, 2).join('-'))
        ? u.split('-').slice(0, 2).join('-')
        : 'rounded';
    case 'break':
      return /^(before|after|inside)/.test(rest) ? `break-${rest.split('-')[0]}` : 'word-break';
    case 'from':
    case 'via':
    case 'to':
      return head;
    case 'fill':
    case 'stroke':
    case 'accent':
    case 'divide':
      if (head === 'divide' && /^[xy]/.test(rest)) return `divide-${rest[0]}`;
      return `${head}-color`;
  }
  const name = NAMES.find((n) => u === n || u.startsWith(`${n}-`));
  return name ?? head;
}

function flatten(values: ClassValue[], out: string[]): string[] {
  for (const value of values) {
    if (!value) continue;
    if (Array.isArray(value)) flatten(value, out);
    else out.push(...value.split(/\s+/).filter(Boolean));
  }
  return out;
}

/** `variants:utility` split at the last colon outside brackets. */
function split(token: string): [string, string] {
  let depth = 0;
  for (let i = token.length - 1; i >= 0; i -= 1) {
    const c = token[i];
    if (c === ']') depth += 1;
    else if (c === '[') depth -= 1;
    else if (c === ':' && depth === 0) return [token.slice(0, i + 1), token.slice(i + 1)];
  }
  return ['', token];
}

export function cn(...inputs: ClassValue[]): string {
  const tokens = flatten(inputs, []);
  const joined = tokens.join(' ');
  let result = merged.get(joined);
  if (result === undefined) {
    result = merge(tokens);
    if (merged.size >= MERGED_MAX) merged.clear();
    merged.set(joined, result);
  }
  return result;
}

function merge(tokens: string[]): string {
  const kept: (string | null)[] = [];
  const seen = new Map<string, number>();
  for (let i = tokens.length - 1; i >= 0; i -= 1) {
    const token = tokens[i] as string;
    const [variants, utility] = split(token);
    const group = groupOf(utility);
    const important = utility.startsWith('!') ? '!' : '';
    const key = group === null ? null : `${variants}${important}${group}`;
    if (key !== null && seen.has(key)) continue;
    // A later, wider utility (p-2) already replaces this narrower one (px-4).
    const wider =
      group !== null && (WIDER[group] ?? []).some((outer) => seen.has(`${variants}${important}${outer}`));
    if (wider) continue;
    if (key !== null) seen.set(key, i);
    kept.push(token);
  }
  return kept.reverse().join(' ');
}

type VariantConfig = Record<string, Record<string, string>>;

/** A component's look by named variants (the few lines of class-variance-authority we use). */
export function variants<V extends VariantConfig>(
  base: string,
  config: { variants: V; defaultVariants: { [K in keyof V]: keyof V[K] } },
) {
  return (props: { [K in keyof V]?: keyof V[K] | null } = {}): string => {
    const parts = [base];
    for (const name of Object.keys(config.variants) as (keyof V)[]) {
      const choice = props[name] ?? config.defaultVariants[name];
      parts.push(config.variants[name]?.[choice as string] ?? '');
    }
    return parts.join(' ');
  };
}

export type VariantProps<T> = T extends (props?: infer P) => string ? NonNullable<P> : never;
