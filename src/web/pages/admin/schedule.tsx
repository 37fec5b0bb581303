import { AdminPageTitle } from '#web/components/layout/admin-page-title.tsx';
import { ScheduleView } from '#web/features/admin/schedule/schedule-view.tsx';
import { ScheduleDisruptionActions } from '#web/features/admin/ticketing/schedule-disruptions.tsx';

export default function SchedulePage() {
  return (
    <>
      <AdminPageTitle>Schedule Management</AdminPageTitle>
      {/* A departure is delayed, moved or cancelled from here too, with Ticketing's dialogs. */}
      <ScheduleView cardActions={(schedule) => <ScheduleDisruptionActions schedule={schedule} />} />
    </>
  );
}
