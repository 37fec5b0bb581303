import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { ErrorNote, LoadingNote } from '#web/components/query-notes.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useUrlParams } from '#web/lib/use-url-params.ts';
import { partnersQuery } from './api.ts';
import { isOverdue } from './partner-badges.tsx';
import { PartnerDetail } from './partner-detail.tsx';
import { PartnerDialog } from './partner-dialog.tsx';
import { PartnerList } from './partner-list.tsx';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Partner accounts (docs/decisions/043-partner-accounts.md): the list, and one partner's page
 * under `?partner=` with its terms, payments, users, allotments and statements.
 */
export function PartnersView() {
  const [params, setParams] = useUrlParams();
  const list = useQuery(partnersQuery);
  const [adding, setAdding] = useState(false);
  const partnerId = params.get('partner');

  if (list.isPending) return <LoadingNote>Loading partners…</LoadingNote>;
  if (list.isError) return <ErrorNote error={list.error} className="mt-6" />;

  if (partnerId) {
    return (
      <PartnerDetail
        partner={list.data.find((p) => p.id === partnerId)}
        onBack={() => setParams({ partner: null }, { replace: false })}
      />
    );
  }

  const overdue = list.data.filter(isOverdue).length;
  return (
    <div className="mt-6 space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600" aria-live="polite">
          {plural(list.data.length, 'partner', 'partners')}
          {overdue > 0 ? (
            <span className="font-semibold text-red-800"> · {overdue} with an overdue statement</span>
          ) : null}
        </p>
        <Button onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" />
          New partner
        </Button>
      </div>
      <PartnerList partners={list.data} />
      <PartnerDialog
        partner={null}
        open={adding}
        onOpenChange={setAdding}
        // Straight on to the new partner's page: its users and seats come next.
        onSaved={(partner) => setParams({ partner: partner.id }, { replace: false })}
      />
    </div>
  );
}
