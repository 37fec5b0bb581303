import { AdminPageTitle } from '../../components/layout/admin-page-title.tsx';

export default function TicketsPage() {
  return <AdminPageTitle>Ticket Management</AdminPageTitle>;
}
