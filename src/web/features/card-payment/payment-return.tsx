import { PageContainer, PageTitle } from '#web/components/layout/page-container.tsx';
import { useTexts } from '#web/i18n/texts.tsx';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { CardPaymentStatus } from './card-payment-status.tsx';
import { CARD_TEXTS } from './texts.ts';

/**
 * `/payment/<localId>`: where the card gateway sends the passenger back (docs/decisions/042), to
 * learn whether the booking is paid and what to do when it is not.
 */
export default function PaymentReturn({ localId }: { localId: string }) {
  const t = useTexts(CARD_TEXTS);
  const title = t('card.title');
  useDocumentTitle(title);
  return (
    <PageContainer className="max-w-3xl">
      <PageTitle>{title}</PageTitle>
      <div className="mt-6">
        <CardPaymentStatus localId={localId} />
      </div>
    </PageContainer>
  );
}
