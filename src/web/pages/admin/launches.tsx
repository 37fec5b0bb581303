import { AdminPageTitle } from '../../components/layout/admin-page-title.tsx';

export default function LaunchesPage() {
  return <AdminPageTitle>Launch Management</AdminPageTitle>;
}
