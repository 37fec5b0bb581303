import { useQuery } from '@tanstack/react-query';
import { ErrorNote } from '#web/components/query-notes.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { paymentSettingsQuery } from './api.ts';
import { BankDetailsCard } from './bank-details-card.tsx';
import { ExchangeRateCard } from './exchange-rate-card.tsx';
import { RefundPolicyCard } from './refund-policy-card.tsx';
import { TicketPricesCard } from './ticket-prices-card.tsx';

export function PaymentSettingsView() {
  const settings = useQuery(paymentSettingsQuery);
  if (settings.isPending) {
    return (
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <span className="sr-only" role="status">
          Loading payment settings…
        </span>
        <Skeleton className="h-80 rounded-2xl" />
        <Skeleton className="h-80 rounded-2xl" />
        <Skeleton className="h-96 rounded-2xl lg:col-span-2" />
        <Skeleton className="h-72 rounded-2xl lg:col-span-2" />
      </div>
    );
  }
  if (settings.isError) {
    return <ErrorNote error={settings.error} className="mt-6" />;
  }
  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-2 lg:items-start">
      <TicketPricesCard settings={settings.data} />
      <ExchangeRateCard settings={settings.data} />
      <div className="lg:col-span-2">
        <BankDetailsCard settings={settings.data} />
      </div>
      <div className="lg:col-span-2">
        <RefundPolicyCard settings={settings.data} />
      </div>
    </div>
  );
}
