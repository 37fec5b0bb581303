import { AdminPageTitle } from '#web/components/layout/admin-page-title.tsx';
import { TicketsView } from '#web/features/admin/tickets/tickets-view.tsx';

export default function TicketsPage() {
  return (
    <>
      <AdminPageTitle>Ticket Management</AdminPageTitle>
      <p className="mt-1 text-sm text-slate-600">
        Review payment slips, approve or reject bookings and mark boarding.
      </p>
      <TicketsView />
    </>
  );
}
