import { AdminPageTitle } from '../../components/layout/admin-page-title.tsx';

export default function PaymentsPage() {
  return <AdminPageTitle>Payment Settings</AdminPageTitle>;
}
