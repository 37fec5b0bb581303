import { PageContainer, PageTitle } from '#web/components/layout/page-container.tsx';
import { BookingResultCard } from '#web/features/check-booking/booking-result-card.tsx';
import { useOutcomeTexts } from '#web/features/check-booking/outcome-texts.ts';
import { ETicketQr } from '#web/features/e-ticket/e-ticket-qr.tsx';
import { ETicketLink, ManageBooking } from '#web/features/manage-booking/manage-booking.tsx';
import { useManageTexts } from '#web/features/manage-booking/texts.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';

function decoded(reference: string): string {
  try {
    return decodeURIComponent(reference);
  } catch {
    return reference;
  }
}

/**
 * `/bookings/<reference>/manage`: the passenger's own changes to a booking (docs/decisions/027),
 * shown with Check Booking's card and, while confirmed, the e-ticket's QR code.
 */
export default function ManageBookingPage({ params }: { params: { reference: string } }) {
  const t = useManageTexts();
  // The booking card's texts load beside the page's, not after them.
  useOutcomeTexts();
  const title = t('manage.title');
  useDocumentTitle(title);
  const ref = decoded(params.reference).trim();
  return (
    <PageContainer className="max-w-3xl">
      <PageTitle>{title}</PageTitle>
      <p className="mt-2 text-base text-slate-600">{t('manage.intro')}</p>
      <div className="mt-6">
        <ManageBooking
          key={ref}
          reference={ref}
          booking={(view) => <BookingResultCard booking={view} />}
          ticket={(view) => (
            <div className="space-y-3">
              <ETicketQr eTicket={view} />
              {view.eTicketPath ? <ETicketLink path={view.eTicketPath} /> : null}
            </div>
          )}
        />
      </div>
    </PageContainer>
  );
}
