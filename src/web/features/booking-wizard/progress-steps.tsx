import type { TextId } from '#shared/messages/catalogues.ts';
import { useTexts } from '#web/i18n/texts.tsx';
import { cn } from '#web/lib/utils.ts';
import { BOOKING_TEXTS } from './texts.ts';
import type { WizardStep } from './wizard-state.ts';

export const STEP_TITLES = [
  'booking.step1',
  'booking.step2',
  'booking.step3',
  'booking.step4',
  'booking.step5',
] as const satisfies readonly TextId[];

/** docs/product.md section 2: five numbered steps; small screens show "Step N of 5: title" instead of every title. */
export function ProgressSteps({ current }: { current: WizardStep }) {
  const t = useTexts(BOOKING_TEXTS);
  const active = Math.min(current, STEP_TITLES.length);
  return (
    <nav aria-label={t('booking.progress')} className="mt-6">
      <ol className="flex items-center gap-1 sm:gap-2">
        {STEP_TITLES.map((title, index) => {
          const number = index + 1;
          const done = number < current;
          const isActive = number === current;
          return (
            <li
              key={title}
              aria-current={isActive ? 'step' : undefined}
              className="flex flex-1 items-center gap-1 sm:gap-2 last:flex-none"
            >
              <span
                className={cn(
                  'flex size-8 shrink-0 items-center justify-center rounded-full border-2 text-sm font-semibold',
                  done && 'border-sky-700 bg-sky-700 text-white',
                  isActive && 'border-sky-700 bg-white text-sky-800 ring-4 ring-sky-100',
                  !done && !isActive && 'border-slate-300 bg-white text-slate-500',
                )}
              >
                {done ? <CheckMark /> : number}
                {done ? <span className="sr-only">{number}</span> : null}
              </span>
              <span
                className={cn(
                  'hidden whitespace-nowrap text-sm lg:inline',
                  isActive ? 'font-semibold text-slate-900' : 'text-slate-600',
                )}
              >
                {t(title)}
                {done ? <span className="sr-only"> {t('booking.stepDone')}</span> : null}
              </span>
              {number < STEP_TITLES.length ? (
                <span
                  aria-hidden="true"
                  className={cn('h-0.5 min-w-2 flex-1 rounded', done ? 'bg-sky-700' : 'bg-slate-200')}
                />
              ) : null}
            </li>
          );
        })}
      </ol>
      {current <= STEP_TITLES.length ? (
        <p className="mt-3 text-sm font-medium text-slate-700 lg:hidden">
          {t('booking.stepOf', {
            n: active,
            total: STEP_TITLES.length,
            title: t(STEP_TITLES[active - 1] ?? 'booking.step1'),
          })}
        </p>
      ) : null}
    </nav>
  );
}

/** The tick of a step done, drawn here: an icon module of its own would be one more file on /booking's first load. */
function CheckMark() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-4"
      fill="none"
      stroke="currentColor"
      strokeWidth="3"
    >
      <path d="M20 6 9 17l-5-5" />
    </svg>
  );
}
