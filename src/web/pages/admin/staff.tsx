import { AdminPageTitle } from '#web/components/layout/admin-page-title.tsx';
import { StaffView } from '#web/features/admin/staff/staff-view.tsx';

export default function StaffPage() {
  return (
    <>
      <AdminPageTitle>Staff</AdminPageTitle>
      <p className="mt-1 text-sm text-slate-600">
        Who can sign in to the admin area, and what each person may do.
      </p>
      <StaffView />
    </>
  );
}
