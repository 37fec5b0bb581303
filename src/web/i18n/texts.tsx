import { cloneElement, Fragment, type ReactElement, type ReactNode, use, useSyncExternalStore } from 'react';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '#shared/languages.ts';
import type { TextId } from '#shared/messages/catalogues.ts';
import { i18n, type Messages } from './catalogue.ts';

// The passenger side's texts (docs/decisions/021-lingui-catalogues.md). Each screen registers
// its namespace: the English compiled into its own code, the Dhivehi as a loader, so English
// readers never download it and Dhivehi readers fetch only the screens they open. React reads
// Lingui's catalogue through the hooks below (its `change` event), not @lingui/react, whose
// provider and <Trans> would add 1 KB gzipped to every first load.

type Loader = () => Promise<{ default: Messages }>;

const loaders = new Map<string, Loader>();
/** `${language}:${namespace}` -> its load, resolved once the texts are in the catalogue. */
const loads = new Map<string, Promise<void>>();
const loaded = new Set<string>();
/** Set while a screen's English texts are added (registerTexts). */
let registering = false;
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
    // New ids change no text already on screen, so nothing re-renders for them: a screen's code
    // arriving in the middle of a render would otherwise make React render the page again.
    registering = true;
    try {
      i18n.load('en', withOverrides('en', en));
    } finally {
      registering = false;
    }
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

/**
 * Bumped on every change of the catalogue that can change a text on screen: a language, a
 * namespace's translations or the operator's corrections loaded.
 */
let version = 0;
i18n.on('change', () => {
  if (!registering) version += 1;
});
const subscribe = (onChange: () => void) => i18n.on('change', onChange);
/** The catalogue's version as React reads it: a change re-renders every screen that shows texts. */
export const currentVersion = () => version;

/** The active language; re-renders when it changes or when texts arrive. */
export function useLanguage(): Language {
  useSyncExternalStore(subscribe, currentVersion, currentVersion);
  return isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE;
}

export type Translate = (id: TextId, values?: Record<string, unknown>) => string;

/**
 * The translate function for the screens named (registered with registerTexts), suspending
 * until their texts are in the active language; re-renders when the language changes.
 */
export function useTexts(...namespaces: string[]): Translate {
  const language = useLanguage();
  for (const namespace of namespaces) {
    const load = ensure(language, namespace);
    if (load) use(load);
  }
  return text;
}

/** A text outside React (a toast, a document title): the active language's. */
export const text: Translate = (id, values) => i18n._(id, values);

// Values stand in the translated text as private-use markers until the text is split into
// elements, so neither a value (a booking reference someone typed) nor an element is ever read
// as one of the text's own `<0>…</0>` tags.
const MARKER = /<(\d+)>([\s\S]*?)<\/\1>|\uE000(\d+)\uE001/g;

function toNodes(
  translated: string,
  components: Record<string, ReactElement>,
  values: ReactNode[],
): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of translated.matchAll(MARKER)) {
    if (match.index > last) nodes.push(translated.slice(last, match.index));
    const [, tag, inner = '', value] = match;
    const component = tag === undefined ? undefined : components[tag];
    if (value !== undefined) nodes.push(<Fragment key={nodes.length}>{values[Number(value)]}</Fragment>);
    else if (component)
      nodes.push(cloneElement(component, { key: nodes.length }, ...toNodes(inner, components, values)));
    else nodes.push(inner);
    last = match.index + match[0].length;
  }
  if (last < translated.length) nodes.push(translated.slice(last));
  return nodes;
}

/**
 * A text with markup: `<T id="lookup.noMatch" values={{ reference }} components={{ 0: <bdi /> }} />`
 * renders the text's `<0>…</0>` as that element. Values may be elements; numbers stay numbers
 * (for plurals). The screen must have the text's namespace loaded (useTexts).
 */
export function T({
  id,
  values = {},
  components = {},
}: {
  id: TextId;
  values?: Record<string, ReactNode>;
  components?: Record<string, ReactElement>;
}) {
  useLanguage();
  const nodes: ReactNode[] = [];
  const marked = Object.fromEntries(
    Object.entries(values).map(([name, value]) => {
      if (typeof value === 'number') return [name, value];
      nodes.push(value);
      return [name, `\uE000${nodes.length - 1}\uE001`];
    }),
  );
  return toNodes(i18n._(id, marked), components, nodes);
}
