import { parse, type Token } from '@messageformat/parser';

/**
 * What a translation or an override must keep of a catalogue text: the names of its arguments
 * (`{reference}`, the `n` of `{n, plural, …}`) and its numbered tags (`<0>…</0>`), sorted and
 * without repeats. Throws when the text is not valid ICU MessageFormat.
 */
export function placeholdersOf(text: string): string[] {
  const found = new Set<string>();
  const visit = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'content') {
        for (const tag of token.value.matchAll(/<\/?(\d+)\s*\/?>/g)) found.add(`<${tag[1]}>`);
      } else if (token.type === 'argument' || token.type === 'function') {
        found.add(`{${token.arg}}`);
      } else if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
        found.add(`{${token.arg}}`);
        for (const c of token.cases) visit(c.tokens);
      }
    }
  };
  visit(parse(text));
  return [...found].sort();
}
