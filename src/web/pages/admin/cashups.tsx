import { AdminPageTitle } from '#web/components/layout/admin-page-title.tsx';
import { CashUpsView } from '#web/features/admin/cashups/cashups-view.tsx';

export default function CashUpsPage() {
  return (
    <>
      <div className="print:hidden">
        <AdminPageTitle>Cash-ups</AdminPageTitle>
        <p className="mt-1 text-sm text-slate-600">Every counter shift of a day, with its cash counted.</p>
      </div>
      <CashUpsView />
    </>
  );
}
