import { AdminPageTitle } from '#web/components/layout/admin-page-title.tsx';
import { mayOpen } from '#web/features/admin/layout/admin-links.ts';
import { PaymentSettingsView } from '#web/features/admin/payments/payment-settings-view.tsx';
import { StatementSummaryCard } from '#web/features/admin/statements/summary-card.tsx';
import { useAdminMe } from '#web/lib/use-admin-auth.ts';

export default function PaymentsPage() {
  const role = useAdminMe().data?.user?.role;
  return (
    <>
      <AdminPageTitle>Payment Settings</AdminPageTitle>
      <p className="mt-1 text-sm text-slate-600">
        Ticket prices, the dollar exchange rate, the bank accounts passengers pay into and what a cancellation
        gives back.
      </p>
      {role && mayOpen(role, 'statements') ? (
        <div className="mt-6">
          <StatementSummaryCard />
        </div>
      ) : null}
      <PaymentSettingsView />
    </>
  );
}
