import { AdminPageTitle } from '../../components/layout/admin-page-title.tsx';
import { SchedulesView } from '../../features/admin-schedules/schedules-view.tsx';

export default function SchedulePage() {
  return (
    <>
      <AdminPageTitle>Schedule Management</AdminPageTitle>
      <SchedulesView />
    </>
  );
}
