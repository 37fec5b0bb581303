import { AdminPageTitle } from '#web/components/layout/admin-page-title.tsx';
import { AuditView } from '#web/features/admin/audit/audit-view.tsx';

export default function AuditPage() {
  return (
    <>
      <AdminPageTitle>Audit Trail</AdminPageTitle>
      <p className="mt-1 text-sm text-slate-600">
        Who changed what, and when: every approval, sign-in and change to the settings, newest first.
      </p>
      <AuditView />
    </>
  );
}
