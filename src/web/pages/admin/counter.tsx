import { AdminPageTitle } from '#web/components/layout/admin-page-title.tsx';
import { CashUpSummary } from '#web/features/admin/cashups/cash-up-summary.tsx';
import { CounterView } from '#web/features/admin/counter/counter-view.tsx';

export default function CounterPage() {
  return (
    <>
      <div className="print:hidden">
        <AdminPageTitle>Counter</AdminPageTitle>
      </div>
      <CounterView
        cashUpView={(cashUp, { showSales }) => <CashUpSummary cashUp={cashUp} showSales={showSales} />}
      />
    </>
  );
}
