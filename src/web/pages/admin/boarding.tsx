import { AdminPageTitle } from '#web/components/layout/admin-page-title.tsx';
import { BoardingView } from '#web/features/admin-boarding/boarding-view.tsx';

export default function BoardingPage() {
  return (
    <>
      <AdminPageTitle>Boarding</AdminPageTitle>
      <p className="mt-1 text-sm text-slate-600">
        Today’s departures: mark each passenger on board or a no-show.
      </p>
      <BoardingView />
    </>
  );
}
