import { PageContainer, PageTitle } from '../components/layout/page-container.tsx';
import { BookingWizard } from '../features/booking-wizard/booking-wizard.tsx';
import { BOOKING_TEXTS } from '../features/booking-wizard/texts.ts';
import { useTexts } from '../i18n/texts.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';

export default function BookingPage() {
  const t = useTexts(BOOKING_TEXTS);
  const title = t('booking.pageTitle');
  useDocumentTitle(title);
  return (
    <PageContainer className="max-w-5xl">
      <PageTitle>{title}</PageTitle>
      <BookingWizard />
    </PageContainer>
  );
}
