import { AdminPageTitle } from '#web/components/layout/admin-page-title.tsx';
import { RefundsView } from '#web/features/admin/refunds/refunds-view.tsx';

export default function RefundsPage() {
  return (
    <>
      <AdminPageTitle>Refunds</AdminPageTitle>
      <p className="mt-1 text-sm text-slate-600">
        Money owed back to passengers, oldest first. Pay each into the account it shows, then mark it refunded
        with the bank reference; a booking paid by card online is refunded to its card.
      </p>
      <RefundsView />
    </>
  );
}
