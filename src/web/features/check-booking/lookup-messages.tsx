import { CircleAlert, SearchX } from 'lucide-react';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { T } from '#web/i18n/texts.tsx';
import { useOutcomeTexts } from './outcome-texts.ts';

export function BookingNotFoundCard({ reference }: { reference: string }) {
  const t = useOutcomeTexts();
  return (
    <Card className="border-amber-200">
      <CardContent className="flex gap-4 p-6">
        <span
          aria-hidden="true"
          className="grid size-11 shrink-0 place-items-center rounded-xl bg-amber-50 text-amber-700"
        >
          <SearchX className="size-5" />
        </span>
        <div className="min-w-0">
          <h2 className="text-lg font-semibold text-slate-900">{t('msg.bookingNotFound')}</h2>
          <p className="mt-1 text-sm leading-relaxed text-slate-700">
            <T
              id="lookup.noMatch"
              values={{ reference }}
              components={{
                0: <bdi dir="ltr" className="font-mono font-semibold break-all text-slate-900" />,
              }}
            />
          </p>
        </div>
      </CardContent>
    </Card>
  );
}

export function LookupErrorCard({ message }: { message: string }) {
  const t = useOutcomeTexts();
  return (
    <Card className="border-red-200">
      <CardContent className="flex gap-4 p-6">
        <span
          aria-hidden="true"
          className="grid size-11 shrink-0 place-items-center rounded-xl bg-red-50 text-red-700"
        >
          <CircleAlert className="size-5" />
        </span>
        <div className="min-w-0">
          <h2 className="text-lg font-semibold text-slate-900">{t('lookup.errorTitle')}</h2>
          <p className="mt-1 text-sm leading-relaxed text-slate-700">{message}</p>
        </div>
      </CardContent>
    </Card>
  );
}
