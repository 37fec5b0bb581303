import { AdminPageTitle } from '../../components/layout/admin-page-title.tsx';

export default function DashboardPage() {
  return <AdminPageTitle>Dashboard</AdminPageTitle>;
}
