import { AdminPageTitle } from '../../components/layout/admin-page-title.tsx';
import { LaunchesView } from '../../features/admin-launches/launches-view.tsx';

export default function LaunchesPage() {
  return (
    <>
      <AdminPageTitle>Launch Management</AdminPageTitle>
      <LaunchesView />
    </>
  );
}
