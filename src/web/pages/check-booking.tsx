import { useTexts } from '#web/i18n/texts.tsx';
import { PageContainer, PageTitle } from '../components/layout/page-container.tsx';
import { CheckBookingView } from '../features/check-booking/check-booking-view.tsx';
import { LOOKUP_TEXTS } from '../features/check-booking/texts.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

export default function CheckBookingPage() {
  const t = useTexts(LOOKUP_TEXTS);
  const title = t('lookup.title');
  useDocumentTitle(title);
  return (
    <PageContainer className="max-w-5xl">
      <PageTitle>{title}</PageTitle>
      <p className="mt-2 text-base text-slate-600">{t('lookup.intro')}</p>
      <CheckBookingView />
    </PageContainer>
  );
}
