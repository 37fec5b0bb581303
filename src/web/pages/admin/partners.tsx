import { AdminPageTitle } from '#web/components/layout/admin-page-title.tsx';
import { PartnersView } from '#web/features/admin/partners/partners-view.tsx';

export default function PartnersPage() {
  return (
    <>
      <AdminPageTitle>Partner Accounts</AdminPageTitle>
      <p className="mt-1 text-sm text-slate-600">
        Resorts and agents that book on account: their terms, what they owe, their users, the seats held for
        them and their monthly statements.
      </p>
      <PartnersView />
    </>
  );
}
