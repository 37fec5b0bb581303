import { PageContainer, PageTitle } from '../components/layout/page-container.tsx';
import { BookingWizard } from '../features/booking-wizard/booking-wizard.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';

const TITLE = 'Book Your Ferry Journey';

export default function BookingPage() {
  useDocumentTitle(TITLE);
  return (
    <PageContainer className="max-w-5xl">
      <PageTitle>{TITLE}</PageTitle>
      <BookingWizard />
    </PageContainer>
  );
}
