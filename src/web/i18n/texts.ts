import { i18n, type Messages } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { use } from 'react';
import { DEFAULT_LANGUAGE, type Language } from '#shared/languages.ts';
import type { TextId } from '#shared/texts.ts';

// The passenger side's texts (docs/decisions/021-lingui-catalogues.md). Each screen registers
// its namespace: the English compiled into its own code, the Dhivehi as a loader, so English
// readers never download it and Dhivehi readers fetch only the screens they open.

type Loader = () => Promise<{ default: Messages }>;

const loaders = new Map<string, Loader>();
/** `${language}:${namespace}` -> its load, resolved once the texts are in the catalogue. */
const loads = new Map<string, Promise<void>>();
const loaded = new Set<string>();
/** The operator's corrections (admin: Texts), compiled by the server, per language. */
let overrides: Partial<Record<Language, Messages>> = {};

const withOverrides = (language: Language, messages: Messages) => ({
  ...messages,
  ...overrides[language],
});

/** Adds a screen's texts; call once, at the top level of the module that shows them. */
export function registerTexts(namespace: string, en: Messages, dv: Loader): string {
  if (!loaders.has(namespace)) {
    loaders.set(namespace, dv);
    loaded.add(`en:${namespace}`);
    i18n.load('en', withOverrides('en', en));
  }
  return namespace;
}

/** The load of `namespace` in `language`, or nothing once its texts are in. */
function ensure(language: Language, namespace: string): Promise<void> | undefined {
  const key = `${language}:${namespace}`;
  if (loaded.has(key)) return undefined;
  let load = loads.get(key);
  const loader = loaders.get(namespace);
  if (!load && loader) {
    load = loader().then(({ default: messages }) => {
      i18n.load(language, withOverrides(language, messages));
      loaded.add(key);
    });
    // A failed download (offline) is tried again on the next render that needs it.
    load.catch(() => loads.delete(key));
    loads.set(key, load);
  }
  return load;
}

/** Loads every registered screen's texts in `language`. */
export const loadLanguage = (language: Language) =>
  Promise.all([...loaders.keys()].map((namespace) => ensure(language, namespace)));

/** Replaces the operator's corrections, which win over the catalogues from now on. */
export function setOverrides(next: Partial<Record<Language, Messages>>) {
  overrides = next;
  for (const [language, messages] of Object.entries(next)) if (messages) i18n.load(language, messages);
}

export type Translate = (id: TextId, values?: Record<string, unknown>) => string;

/**
 * The translate function for the screens named (registered with registerTexts), suspending
 * until their texts are in the active language; re-renders when the language changes.
 */
export function useTexts(...namespaces: string[]): Translate {
  const { i18n: active } = useLingui();
  const language = (active.locale || DEFAULT_LANGUAGE) as Language;
  for (const namespace of namespaces) {
    const load = ensure(language, namespace);
    if (load) use(load);
  }
  return (id, values) => active._(id, values);
}

/** A text outside React (a toast, a document title): the active language's. */
export const text: Translate = (id, values) => i18n._(id, values);
