import { AdminPageTitle } from '#web/components/layout/admin-page-title.tsx';
import { PaymentSettingsView } from '#web/features/admin/payments/payment-settings-view.tsx';

export default function PaymentsPage() {
  return (
    <>
      <AdminPageTitle>Payment Settings</AdminPageTitle>
      <p className="mt-1 text-sm text-slate-600">
        Ticket prices, the dollar exchange rate, the bank accounts passengers pay into and what a cancellation
        gives back.
      </p>
      <PaymentSettingsView />
    </>
  );
}
