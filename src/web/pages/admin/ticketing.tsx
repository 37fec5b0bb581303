import { AdminPageTitle } from '../../components/layout/admin-page-title.tsx';
import { TicketingView } from '../../features/admin-ticketing/ticketing-view.tsx';

export default function TicketingPage() {
  return (
    <>
      <AdminPageTitle>Ticketing</AdminPageTitle>
      <TicketingView />
    </>
  );
}
