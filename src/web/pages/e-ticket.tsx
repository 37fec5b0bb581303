import { PageContainer, PageTitle } from '#web/components/layout/page-container.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { BookingResultCard } from '#web/features/check-booking/booking-result-card.tsx';
import { useOutcomeTexts } from '#web/features/check-booking/outcome-texts.ts';
import { ETicketQr } from '#web/features/e-ticket/e-ticket-qr.tsx';
import { useETicket } from '#web/features/e-ticket/use-e-ticket.ts';
import { ETICKET_TEXTS } from '#web/i18n/eticket.ts';
import { useTexts } from '#web/i18n/texts.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';

/**
 * `/t/<token>`: the passenger's e-ticket (docs/decisions/023), from the link in their approval
 * e-mail: the boarding QR code first, then the booking as Check Booking shows it.
 */
export default function ETicketPage({ token }: { token: string }) {
  const t = useTexts(ETICKET_TEXTS);
  useOutcomeTexts();
  const title = t('eticket.title');
  useDocumentTitle(title);
  const eTicket = useETicket(token);
  return (
    <PageContainer className="e-ticket-print max-w-3xl">
      <PageTitle>{title}</PageTitle>
      <p className="mt-2 text-base text-slate-600 print:hidden">{t('eticket.intro')}</p>
      <div className="mt-6 space-y-6">
        {eTicket.isPending ? (
          <p role="status" className="flex items-center gap-2 text-slate-700">
            <Spinner className="size-5 text-sky-700" />
            {t('eticket.loading')}
          </p>
        ) : eTicket.isError ? (
          <p role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-red-900">
            {eTicket.error instanceof ApiError && eTicket.error.status === 404
              ? t('eticket.notFound')
              : t('eticket.loadFailed')}
          </p>
        ) : (
          <>
            <ETicketQr eTicket={eTicket.data} />
            <BookingResultCard booking={eTicket.data} />
          </>
        )}
      </div>
    </PageContainer>
  );
}
