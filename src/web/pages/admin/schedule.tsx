import { AdminPageTitle } from '#web/components/layout/admin-page-title.tsx';
import { SchedulesView } from '#web/features/admin-schedules/schedules-view.tsx';

export default function SchedulePage() {
  return (
    <>
      <AdminPageTitle>Schedule Management</AdminPageTitle>
      <SchedulesView />
    </>
  );
}
