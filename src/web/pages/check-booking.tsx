import { PageContainer, PageTitle } from '../components/layout/page-container.tsx';
import { CheckBookingView } from '../features/check-booking/check-booking-view.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';

const TITLE = 'Check Your Booking';

export default function CheckBookingPage() {
  useDocumentTitle(TITLE);
  return (
    <PageContainer className="max-w-5xl">
      <PageTitle>{TITLE}</PageTitle>
      <p className="mt-2 text-base text-slate-600">
        Enter the booking reference you received when you booked to see its status and trip details.
      </p>
      <CheckBookingView />
    </PageContainer>
  );
}
