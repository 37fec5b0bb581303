import { Printer } from 'lucide-react';
import type { ETicket } from '#shared/e-ticket-api.ts';
import { QrCode } from '#web/components/qr-code.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { ETICKET_TEXTS } from '#web/i18n/eticket.ts';
import { useTexts } from '#web/i18n/texts.tsx';

/** The boarding QR code of a confirmed booking, or why there is none; and a print button. */
export function ETicketQr({ eTicket }: { eTicket: ETicket }) {
  const t = useTexts(ETICKET_TEXTS);
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-4 pt-6 text-center">
        {eTicket.code ? (
          <QrCode
            value={eTicket.code}
            label={t('eticket.qrLabel', { reference: eTicket.reference })}
            className="size-64 max-w-full sm:size-72 print:size-[55mm]"
          />
        ) : (
          <p
            role="status"
            className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950"
          >
            {t('eticket.noCode')}
          </p>
        )}
        <p className="text-lg font-bold tracking-wider text-slate-900">
          <bdi dir="ltr">{eTicket.reference}</bdi>
        </p>
        <p className="text-sm text-slate-600">{t('eticket.keepPrivate')}</p>
        <Button variant="outline" className="print:hidden" onClick={() => window.print()}>
          <Printer aria-hidden="true" />
          {t('eticket.print')}
        </Button>
      </CardContent>
    </Card>
  );
}
