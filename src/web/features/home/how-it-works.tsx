import { CreditCard, type LucideIcon, MapPinned, TicketCheck } from 'lucide-react';
import type { TextId } from '#shared/messages/catalogues.ts';
import { ARRIVAL_ADVICE_MINUTES } from '#shared/public-constants.ts';
import { useTexts } from '#web/i18n/texts.tsx';
import { HOME_TEXTS } from './texts.ts';

type Step = { icon: LucideIcon; title: TextId; text: TextId };

const STEPS: Step[] = [
  { icon: MapPinned, title: 'home.step1Title', text: 'home.step1Text' },
  { icon: CreditCard, title: 'home.step2Title', text: 'home.step2Text' },
  { icon: TicketCheck, title: 'home.step3Title', text: 'home.step3Text' },
];

export function HowItWorks() {
  const t = useTexts(HOME_TEXTS);
  return (
    <section aria-labelledby="how-heading">
      <h2 id="how-heading" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {t('home.howHeading')}
      </h2>
      <ol className="mt-6 grid gap-4 md:grid-cols-3">
        {STEPS.map(({ icon: Icon, title, text }, index) => (
          <li key={title} className="relative rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <div className="flex items-center gap-3">
              <span
                aria-hidden="true"
                className="grid size-11 place-items-center rounded-xl bg-sky-50 text-sky-700"
              >
                <Icon className="size-5" />
              </span>
              <span className="text-sm font-semibold text-sky-700">{t('home.step', { n: index + 1 })}</span>
            </div>
            <h3 className="mt-4 text-lg font-semibold text-slate-900">{t(title)}</h3>
            <p className="mt-1.5 text-sm leading-relaxed text-slate-600">
              {t(text, { minutes: ARRIVAL_ADVICE_MINUTES })}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
