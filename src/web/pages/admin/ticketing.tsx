import { AdminPageTitle } from '../../components/layout/admin-page-title.tsx';

export default function TicketingPage() {
  return <AdminPageTitle>Ticketing</AdminPageTitle>;
}
