// Compiled catalogues for the web: `import en from '#shared/messages/home.ts?catalogue'` gives
// that namespace's texts compiled for Lingui's runtime, under their catalogue ids (`home.<key>`),
// so the browser ships no message compiler (docs/decisions/021-lingui-catalogues.md). The same
// for a translation: '#shared/locales/dv/home.ts?catalogue'. The source files stay plain
// TypeScript objects of ICU texts that the server and the tests read as they are.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';
import type { Messages } from '../src/web/i18n/catalogue.ts';

const QUERY = '?catalogue';

/** `{key: text}` of namespace `ns` -> `{'ns.key': compiled}`. */
export function compileNamespace(ns: string, texts: Record<string, string>): Messages {
  return Object.fromEntries(
    Object.entries(texts).map(([key, text]) => [`${ns}.${key}`, compileMessage(text)]),
  );
}

export function catalogues(): Plugin {
  return {
    name: 'catalogues',
    enforce: 'pre',
    async load(id) {
      if (!id.endsWith(QUERY)) return null;
      const file = id.slice(0, -QUERY.length);
      this.addWatchFile(file);
      // Node runs the TypeScript source itself; the modification time keeps `npm run dev` current.
      const { mtimeMs } = await stat(file);
      const module = (await import(`${pathToFileURL(file).href}?v=${mtimeMs}`)) as {
        default: Record<string, string>;
      };
      const compiled = compileNamespace(path.basename(file, '.ts'), module.default);
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(compiled))});`;
    },
  };
}
