import { AdminPageTitle } from '#web/components/layout/admin-page-title.tsx';
import { LaunchesView } from '#web/features/admin/launches/launches-view.tsx';

export default function LaunchesPage() {
  return (
    <>
      <AdminPageTitle>Launch Management</AdminPageTitle>
      <LaunchesView />
    </>
  );
}
