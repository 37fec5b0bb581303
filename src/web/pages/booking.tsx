import { PageContainer, PageTitle } from '../components/layout/page-container.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';

const TITLE = 'Book Your Ferry Journey';

export default function BookingPage() {
  useDocumentTitle(TITLE);
  return (
    <PageContainer>
      <PageTitle>{TITLE}</PageTitle>
    </PageContainer>
  );
}
