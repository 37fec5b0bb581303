import { type ReactNode, useLayoutEffect } from 'react';
import { DEFAULT_LANGUAGE, isLanguage } from '#shared/languages.ts';
import { i18n } from './catalogue.ts';
import { applyDocumentLanguage } from './language.ts';

/**
 * The admin area is English, left to right, whatever language the passenger side is in on this
 * browser; leaving it brings the passenger's language back.
 */
export function EnglishArea({ children }: { children: ReactNode }) {
  useLayoutEffect(() => {
    const previous = i18n.locale;
    if (previous === DEFAULT_LANGUAGE) return;
    i18n.activate(DEFAULT_LANGUAGE);
    applyDocumentLanguage(DEFAULT_LANGUAGE);
    return () => {
      if (!isLanguage(previous)) return;
      i18n.activate(previous);
      applyDocumentLanguage(previous);
    };
  }, []);
  return children;
}
