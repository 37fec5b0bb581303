import { PageContainer, PageTitle } from '../components/layout/page-container.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';

const TITLE = 'Check Your Booking';

export default function CheckBookingPage() {
  useDocumentTitle(TITLE);
  return (
    <PageContainer>
      <PageTitle>{TITLE}</PageTitle>
    </PageContainer>
  );
}
