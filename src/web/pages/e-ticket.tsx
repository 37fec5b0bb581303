import { PageContainer, PageTitle } from '#web/components/layout/page-container.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { BookingResultCard } from '#web/features/check-booking/booking-result-card.tsx';
import { formatTicketCounts, placeName } from '#web/features/check-booking/format.ts';
import { useOutcomeTexts } from '#web/features/check-booking/outcome-texts.ts';
import { ETicketQr } from '#web/features/e-ticket/e-ticket-qr.tsx';
import { useETicket } from '#web/features/e-ticket/use-e-ticket.ts';
import { ETICKET_TEXTS } from '#web/i18n/eticket.ts';
import { useLanguage, useTexts } from '#web/i18n/texts.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { formatTravelDate } from '#web/lib/dates.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';

/**
 * `/t/<token>`: the passenger's e-ticket (docs/decisions/023), from the link in their approval
 * e-mail: a boarding pass first (the QR code with the trip's facts beside it, on a phone's first
 * screen), then the booking as Check Booking shows it.
 */
export default function ETicketPage({ token }: { token: string }) {
  const t = useTexts(ETICKET_TEXTS);
  const lookup = useOutcomeTexts();
  const language = useLanguage();
  const title = t('eticket.title');
  useDocumentTitle(title);
  const eTicket = useETicket(token);
  type Booking = NonNullable<typeof eTicket.data>;
  /** The boarding pass of the booking, or of one journey of a return (docs/decisions/037). */
  const boardingPass = (booking: Booking, journey?: Booking['journeys'][number]) => {
    const from = placeName(journey?.from ?? booking.from, language, lookup);
    const to = placeName(journey?.to ?? booking.to, language, lookup);
    const seats = (journey?.seats ?? booking.seatNumbers).filter(Boolean);
    const travelDate = journey?.travelDate ?? booking.travelDate;
    const departureTime = journey ? journey.departureTime : booking.departureTime;
    const notSpecified = lookup('common.notSpecified');
    return {
      from,
      to,
      routeLabel: lookup('lookup.route', { from, to }),
      details: [
        { term: lookup('lookup.travelDate'), value: formatTravelDate(travelDate) },
        { term: lookup('lookup.departure'), value: <bdi>{departureTime || notSpecified}</bdi> },
        { term: t('eticket.boardAt'), value: <bdi>{from}</bdi> },
        {
          term: lookup('lookup.seats'),
          value: seats.length > 0 ? <bdi dir="ltr">{seats.join(', ')}</bdi> : notSpecified,
        },
        {
          term: t('eticket.passengers'),
          value: formatTicketCounts(booking.adultCount, booking.childCount, lookup, booking.infantCount),
        },
      ],
    };
  };
  return (
    <PageContainer className="e-ticket-print max-w-3xl">
      <PageTitle className="text-2xl sm:text-4xl">{title}</PageTitle>
      <p className="mt-1 text-sm text-slate-600 sm:mt-2 sm:text-base print:hidden">{t('eticket.intro')}</p>
      <div className="mt-4 space-y-6 sm:mt-6">
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
            {eTicket.data.journeys.length > 1 ? (
              eTicket.data.journeys.map((journey, i) => (
                <section
                  key={journey.journey}
                  aria-labelledby={`journey-${journey.journey}`}
                  className="space-y-2"
                >
                  <h2 id={`journey-${journey.journey}`} className="text-lg font-bold text-slate-900">
                    {journey.journey === 1 ? t('eticket.outbound') : t('eticket.returnJourney')}
                  </h2>
                  <ETicketQr
                    eTicket={{ ...eTicket.data, code: eTicket.data.journeyCodes?.[i]?.code ?? null }}
                    trip={boardingPass(eTicket.data, journey)}
                  />
                </section>
              ))
            ) : (
              <ETicketQr eTicket={eTicket.data} trip={boardingPass(eTicket.data)} />
            )}
            <BookingResultCard booking={eTicket.data} />
          </>
        )}
      </div>
    </PageContainer>
  );
}
