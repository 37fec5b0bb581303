import { CheckCircle2, Copy, RotateCcw, Search } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { MSG_TEXTS } from '#web/i18n/msg.ts';
import { useTexts } from '#web/i18n/texts.tsx';
import { Link } from '#web/lib/navigation.tsx';
import { toast } from '#web/lib/toast.ts';
import { copyText } from '../format.ts';
import { useFocusOnStepChange } from '../step-focus.ts';
import { PAYMENT_TEXTS } from '../step-texts.ts';
import type { StepProps } from '../wizard-state.ts';

export default function Confirmation({ state, dispatch }: StepProps) {
  const t = useTexts(PAYMENT_TEXTS, MSG_TEXTS);
  const reference = state.bookingReference ?? '';
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnStepChange(heading);
  const copy = async () => {
    if (await copyText(reference)) toast.success(t('msg.referenceCopied'));
  };
  return (
    <Card>
      <CardContent className="grid justify-items-center gap-5 p-6 text-center sm:p-10">
        <CheckCircle2 aria-hidden="true" className="size-16 text-green-600" />
        <h2 ref={heading} tabIndex={-1} className="outline-none text-2xl font-bold text-slate-900">
          {t('payment.submittedHeading')}
        </h2>
        <div className="grid gap-2">
          <p className="text-sm text-slate-600">{t('payment.yourReference')}</p>
          <div className="flex items-center gap-2 rounded-xl border border-slate-200 bg-slate-50 px-4 py-2">
            <bdi
              dir="ltr"
              className="font-mono text-2xl font-bold tracking-wider text-slate-900"
              data-testid="booking-reference"
            >
              {reference}
            </bdi>
            <Button variant="ghost" size="icon" onClick={copy} aria-label={t('payment.copyReference')}>
              <Copy aria-hidden="true" />
            </Button>
          </div>
        </div>
        <p className="max-w-md text-slate-700">{t('msg.submittedForReview')}</p>
        <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <Button variant="outline" onClick={() => dispatch({ type: 'reset' })}>
            <RotateCcw aria-hidden="true" /> {t('payment.bookAnother')}
          </Button>
          <Button asChild>
            <Link to={`/bookings?ref=${encodeURIComponent(reference)}`}>
              <Search aria-hidden="true" /> {t('payment.checkStatus')}
            </Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
