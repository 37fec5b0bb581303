import { AdminPageTitle } from '../../components/layout/admin-page-title.tsx';

export default function BannersPage() {
  return <AdminPageTitle>Banner Management</AdminPageTitle>;
}
