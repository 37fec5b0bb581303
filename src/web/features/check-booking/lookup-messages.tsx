import { CircleAlert, type LucideIcon, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { T } from '#web/i18n/texts.tsx';
import { useOutcomeTexts } from './outcome-texts.ts';

/** An outcome that is not a booking: its icon in its tone, its title and what to do. */
function OutcomeCard({
  tone,
  icon: Icon,
  title,
  children,
}: {
  tone: 'amber' | 'red';
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}) {
  return (
    <Card className={tone === 'amber' ? 'border-amber-200' : 'border-red-200'}>
      <CardContent className="flex gap-4 p-6">
        <span
          aria-hidden="true"
          className={`grid size-11 shrink-0 place-items-center rounded-xl ${tone === 'amber' ? 'bg-amber-50 text-amber-700' : 'bg-red-50 text-red-700'}`}
        >
          <Icon className="size-5" />
        </span>
        <div className="min-w-0">
          <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
          <p className="mt-1 text-sm leading-relaxed text-slate-700">{children}</p>
        </div>
      </CardContent>
    </Card>
  );
}

export function BookingNotFoundCard({ reference }: { reference: string }) {
  const t = useOutcomeTexts();
  return (
    <OutcomeCard tone="amber" icon={SearchX} title={t('msg.bookingNotFound')}>
      <T
        id="lookup.noMatch"
        values={{ reference }}
        components={{
          0: <bdi dir="ltr" className="font-mono font-semibold break-all text-slate-900" />,
        }}
      />
    </OutcomeCard>
  );
}

export function LookupErrorCard({ message }: { message: string }) {
  const t = useOutcomeTexts();
  return (
    <OutcomeCard tone="red" icon={CircleAlert} title={t('lookup.errorTitle')}>
      {message}
    </OutcomeCard>
  );
}
