import { AdminPageTitle } from '#web/components/layout/admin-page-title.tsx';
import { BoardingView } from '#web/features/admin/boarding/boarding-view.tsx';

export default function BoardingPage() {
  return (
    <>
      <div className="print:hidden">
        <AdminPageTitle>Boarding</AdminPageTitle>
      </div>
      <p className="mt-1 text-sm text-slate-600 print:hidden">
        Scan e-tickets, or find a booking by its reference or a name. Works with no signal: boardings are sent
        when the network returns.
      </p>
      <BoardingView />
    </>
  );
}
