import { AdminPageTitle } from '#web/components/layout/admin-page-title.tsx';
import { DashboardView } from '#web/features/admin/dashboard/dashboard-view.tsx';

export default function DashboardPage() {
  return (
    <div className="space-y-6">
      <div>
        <AdminPageTitle>Dashboard</AdminPageTitle>
        <p className="mt-1 text-slate-600">Today at a glance. Updates as bookings come in.</p>
      </div>
      <DashboardView />
    </div>
  );
}
