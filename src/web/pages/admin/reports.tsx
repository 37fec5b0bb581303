import { AdminPageTitle } from '#web/components/layout/admin-page-title.tsx';
import { ReportsView } from '#web/features/admin/reports/reports-view.tsx';

export default function ReportsPage() {
  return (
    <>
      <AdminPageTitle>Reports</AdminPageTitle>
      <p className="mt-1 text-sm text-slate-600">
        How full the departures of a range of travel dates sailed, what they earned, what is still owed, and
        who did not travel. Every table downloads as CSV; the whole report as an Excel workbook.
      </p>
      <ReportsView />
    </>
  );
}
