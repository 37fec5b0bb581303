import { AdminPageTitle } from '#web/components/layout/admin-page-title.tsx';
import { TicketingView } from '#web/features/admin/ticketing/ticketing-view.tsx';

export default function TicketingPage() {
  return (
    <>
      <AdminPageTitle>Ticketing</AdminPageTitle>
      <TicketingView />
    </>
  );
}
