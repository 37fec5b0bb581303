import { AdminPageTitle } from '../../components/layout/admin-page-title.tsx';

export default function SchedulePage() {
  return <AdminPageTitle>Schedule Management</AdminPageTitle>;
}
