import { RotateCw } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { QuickActions } from './quick-actions.tsx';
import { RecentDisruptions } from './recent-disruptions.tsx';
import { RecentTickets } from './recent-tickets.tsx';
import { StatCards } from './stat-cards.tsx';
import { useDashboard } from './use-dashboard.ts';

export function DashboardView() {
  const dashboard = useDashboard();

  if (dashboard.isError && !dashboard.data) {
    const message = errorMessage(dashboard.error);
    return (
      <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-red-900">
        <p className="font-semibold">Could not load the dashboard.</p>
        <p className="mt-1 text-sm">{message}</p>
        <Button
          variant="outline"
          className="mt-4"
          disabled={dashboard.isFetching}
          onClick={() => void dashboard.refetch()}
        >
          <RotateCw aria-hidden="true" />
          Retry
        </Button>
      </div>
    );
  }

  const data = dashboard.data;
  return (
    <div className="space-y-6" aria-busy={!data}>
      <StatCards data={data} />
      <RecentDisruptions disruptions={data?.recentDisruptions} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <RecentTickets tickets={data?.recentTickets} />
        <QuickActions />
      </div>
    </div>
  );
}
