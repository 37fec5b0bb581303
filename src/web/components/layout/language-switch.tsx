import { Languages } from 'lucide-react';
import { useState } from 'react';
import { LANGUAGE_NAME, type Language } from '#shared/languages.ts';
import { changeLanguage } from '#web/i18n/language.ts';
import { useLanguage, useTexts } from '#web/i18n/texts.tsx';

/**
 * The header's switch to the other language, named in both ('Language / ބަސް: ދިވެހި') so a
 * reader of either finds it. The pages wait for the new language's texts, then change at once.
 * Its Thaana label is drawn in a font of its own, inline in the stylesheet (`.language-switch`,
 * docs/decisions/034-thaana-label-subset.md): English pages fetch no Thaana font for it.
 */
export function LanguageSwitch() {
  const t = useTexts('common');
  const other: Language = useLanguage() === 'dv' ? 'en' : 'dv';
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      aria-busy={busy || undefined}
      onClick={() => {
        // Not disabled while the texts load: that would take the focus away from the switch.
        if (busy) return;
        setBusy(true);
        changeLanguage(other).finally(() => setBusy(false));
      }}
      className="language-switch inline-flex h-11 min-w-11 items-center justify-center gap-1.5 rounded-lg px-2 text-sm font-semibold whitespace-nowrap text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900 aria-busy:opacity-60 sm:px-3"
    >
      {/* On the smallest phones the label alone says it: the operator's name needs the room. */}
      <Languages aria-hidden="true" className="size-4 max-[379px]:hidden" />
      <span className="sr-only">{t('common.languageSwitch')}: </span>
      <span lang={other} dir="auto">
        {LANGUAGE_NAME[other]}
      </span>
    </button>
  );
}
