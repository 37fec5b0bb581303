import { AdminPageTitle } from '#web/components/layout/admin-page-title.tsx';
import { ImportCard } from '#web/features/admin/statements/import-card.tsx';
import { LinesQueue } from '#web/features/admin/statements/lines-queue.tsx';
import { StatementSettingsCard } from '#web/features/admin/statements/settings-card.tsx';

export default function StatementsPage() {
  return (
    <>
      <AdminPageTitle>Bank Statements</AdminPageTitle>
      <p className="mt-1 text-sm text-slate-600">
        Import the bank’s statement: lines with a waiting booking’s reference and total pay it, the rest wait
        here for a decision.
      </p>
      <div className="mt-6 grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] xl:items-start">
        <ImportCard />
        <StatementSettingsCard />
        <div className="xl:col-span-2">
          <LinesQueue />
        </div>
      </div>
    </>
  );
}
