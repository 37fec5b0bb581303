import { useQuery } from '@tanstack/react-query';
import { SettingsScreen } from '#web/components/settings-screen.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { paymentSettingsQuery } from './api.ts';
import { BankDetailsCard } from './bank-details-card.tsx';
import { ExchangeRateCard } from './exchange-rate-card.tsx';
import { FareCategoriesCard } from './fare-categories-card.tsx';
import { FaresCard } from './fares-card.tsx';
import { RefundPolicyCard } from './refund-policy-card.tsx';
import { TicketPricesCard } from './ticket-prices-card.tsx';
import { UsualApprovalCard } from './usual-approval-card.tsx';

export function PaymentSettingsView() {
  return (
    <SettingsScreen
      query={useQuery(paymentSettingsQuery)}
      what="payment settings"
      className="lg:grid-cols-2"
      skeletons={
        <>
          <Skeleton className="h-80 rounded-2xl" />
          <Skeleton className="h-80 rounded-2xl" />
          <Skeleton className="h-96 rounded-2xl lg:col-span-2" />
          <Skeleton className="h-72 rounded-2xl lg:col-span-2" />
        </>
      }
    >
      {(settings) => (
        <div className="mt-6 grid gap-6 lg:grid-cols-2 lg:items-start">
          <TicketPricesCard settings={settings} />
          <ExchangeRateCard settings={settings} />
          {/* Under the ticket prices, the whole width: a row per route with its four prices. */}
          <div className="lg:col-span-2">
            <FaresCard settings={settings} />
          </div>
          {/* Beside the fares by route: the concessions, each priced by its rule. */}
          <div className="lg:col-span-2">
            <FareCategoriesCard />
          </div>
          <UsualApprovalCard settings={settings} />
          <div className="lg:col-span-2">
            <BankDetailsCard settings={settings} />
          </div>
          <div className="lg:col-span-2">
            <RefundPolicyCard settings={settings} />
          </div>
        </div>
      )}
    </SettingsScreen>
  );
}
