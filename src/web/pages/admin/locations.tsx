import { AdminPageTitle } from '../../components/layout/admin-page-title.tsx';

export default function LocationsPage() {
  return <AdminPageTitle>Location Management</AdminPageTitle>;
}
