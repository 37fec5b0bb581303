// The browser's catalogue: the texts of the loaded namespaces, by language, and the active
// language. It reads the catalogues Lingui's compiler writes at build time
// (scripts/catalogue-plugin.ts, @lingui/message-utils) the way @lingui/core's runtime does,
// in a tenth of its size: that runtime's 2 KB gzipped (with date and number formatters the app
// never uses) did not fit the 100 KB first load (docs/decisions/021-lingui-catalogues.md).
// The server renders e-mails with @lingui/core itself (src/server/lib/texts.ts).

import type { CompiledMessage } from '@lingui/message-utils/compileMessage';

/** Compiled texts by id: plain, or parts with `[name]` values and `[name, 'plural', cases]`. */
export type Messages = Record<string, CompiledMessage>;

const messages: Record<string, Messages> = {};
const listeners = new Set<() => void>();
let locale = '';

const emit = () => {
  for (const listener of listeners) listener();
};

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralCategory(language: string, n: number): string {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(Intl.PluralRules.supportedLocalesOf(language).length ? language : 'en');
    pluralRules.set(language, rules);
  }
  return rules.select(n);
}

function format(message: CompiledMessage, values: Record<string, unknown>, count?: number): string {
  if (typeof message === 'string') return message;
  let text = '';
  for (const part of message) {
    if (typeof part === 'string') {
      // A plural branch's '#' is its number.
      text += part === '#' && count !== undefined ? String(count) : part;
      continue;
    }
    const [name, type, compiledCases] = part;
    const cases = compiledCases as Record<string, CompiledMessage> | undefined;
    const value = values[name];
    if (cases && (type === 'plural' || type === 'select')) {
      const n = Number(value);
      const branch =
        type === 'plural'
          ? (cases[String(n)] ?? cases[pluralCategory(locale, n)] ?? cases.other)
          : (cases[String(value)] ?? cases.other);
      text += branch === undefined ? '' : format(branch, values, type === 'plural' ? n : count);
    } else {
      text += value === undefined || value === null ? '' : String(value);
    }
  }
  return text;
}

export const i18n = {
  get locale() {
    return locale;
  },
  /** Adds texts to `language`'s catalogue; later ones win over the same ids. */
  load(language: string, added: Messages) {
    messages[language] = { ...messages[language], ...added };
    emit();
  },
  activate(language: string) {
    locale = language;
    emit();
  },
  /** `id` in the active language with `values` in place; the id itself when it has no text. */
  _(id: string, values: Record<string, unknown> = {}): string {
    const message = messages[locale]?.[id];
    return message === undefined ? id : format(message, values);
  },
  /** Calls `listener` whenever a language or texts change; returns how to stop. */
  on(_event: 'change', listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
