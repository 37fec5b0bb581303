import { ArrowRight, Printer } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ETicket } from '#shared/e-ticket-api.ts';
import { QrCode } from '#web/components/qr-code.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { ETICKET_TEXTS } from '#web/i18n/eticket.ts';
import { useTexts } from '#web/i18n/texts.tsx';

/** The trip in the reader's language, as the page words it (Check Booking's texts). */
export type BoardingPassTrip = {
  /** The From and To stops, and the route for screen readers. */
  from: string;
  to: string;
  routeLabel: string;
  /** What the crew and the passenger read beside the code: date, time, stop, seats, persons. */
  details: { term: string; value: ReactNode }[];
};

/**
 * The e-ticket as a boarding pass: on a phone's first screen, the route above the boarding QR
 * code (or why there is none) with the trip's facts beside it; the reference and a print button.
 * Without `trip`, the code alone (the manage page shows the trip in its own card).
 */
export function ETicketQr({ eTicket, trip }: { eTicket: ETicket; trip?: BoardingPassTrip }) {
  const t = useTexts(ETICKET_TEXTS);
  const { from = '', to = '', routeLabel = '', details = [] } = trip ?? {};
  return (
    <Card>
      <CardContent className="grid gap-4 p-4 sm:p-6 print:p-0">
        {trip && (
          <p className="flex flex-wrap items-center gap-x-2 text-xl leading-tight font-bold text-slate-900 sm:text-2xl">
            <span className="sr-only">{routeLabel}</span>
            <bdi aria-hidden="true">{from}</bdi>
            <ArrowRight aria-hidden="true" className="size-5 shrink-0 text-sky-700" />
            <bdi aria-hidden="true">{to}</bdi>
          </p>
        )}
        <div
          className={
            trip
              ? 'grid grid-cols-[auto_minmax(0,1fr)] items-start gap-4 sm:gap-6'
              : 'grid justify-items-center'
          }
        >
          {eTicket.code ? (
            <QrCode
              value={eTicket.code}
              label={t('eticket.qrLabel', { reference: eTicket.reference })}
              className={
                trip
                  ? 'size-40 sm:size-64 print:size-[55mm]'
                  : 'size-64 max-w-full sm:size-72 print:size-[55mm]'
              }
            />
          ) : (
            <p
              role="status"
              className="w-40 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950 sm:w-64"
            >
              {t('eticket.noCode')}
            </p>
          )}
          {trip && (
            <dl className="grid gap-2 sm:gap-3" data-testid="boarding-pass-details">
              {details.map(({ term, value }) => (
                <div key={term} className="min-w-0">
                  <dt className="text-xs text-slate-600">{term}</dt>
                  <dd className="text-sm leading-snug font-semibold break-words text-slate-900 sm:text-base">
                    {value}
                  </dd>
                </div>
              ))}
            </dl>
          )}
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-dashed border-slate-300 pt-3">
          <p className="font-mono text-lg font-bold tracking-wider text-slate-900">
            <bdi dir="ltr">{eTicket.reference}</bdi>
          </p>
          <Button variant="outline" size="sm" className="print:hidden" onClick={() => window.print()}>
            <Printer aria-hidden="true" />
            {t('eticket.print')}
          </Button>
        </div>
        <p className="text-sm text-slate-600">{t('eticket.keepPrivate')}</p>
      </CardContent>
    </Card>
  );
}
