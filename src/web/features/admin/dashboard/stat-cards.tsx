import { CalendarCheck, CircleCheck, Clock, type LucideIcon, Ship, WalletCards } from 'lucide-react';
import type { Dashboard } from '#shared/admin-api.ts';
import { Card } from '#web/components/ui/card.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';

type Stat = {
  key: keyof Omit<
    Dashboard,
    'recentTickets' | 'counterSalesToday' | 'cardPaymentsToday' | 'recentDisruptions'
  >;
  title: string;
  hint: string;
  icon: LucideIcon;
  tone: string;
};

// docs/product.md dashboard cards, in order.
const STATS: Stat[] = [
  {
    key: 'pendingTickets',
    title: 'Pending Tickets',
    hint: 'awaiting approval',
    icon: Clock,
    tone: 'bg-amber-100 text-amber-800',
  },
  {
    key: 'approvedToday',
    title: 'Approved Today',
    hint: 'tickets approved today',
    icon: CircleCheck,
    tone: 'bg-green-100 text-green-800',
  },
  {
    key: 'todaysTrips',
    title: "Today's Trips",
    hint: 'scheduled for today',
    icon: CalendarCheck,
    tone: 'bg-sky-100 text-sky-800',
  },
  {
    key: 'activeLaunches',
    title: 'Active Launches',
    hint: 'in service',
    icon: Ship,
    tone: 'bg-purple-100 text-purple-800',
  },
];

export function StatCards({ data }: { data: Dashboard | undefined }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      {STATS.map(({ key, title, hint, icon: Icon, tone }) => (
        <li key={key}>
          <Card className="flex h-full items-start justify-between gap-3 p-4 sm:p-5">
            <div className="min-w-0">
              <h2 id={`stat-${key}`} className="text-sm font-medium text-slate-600">
                {title}
              </h2>
              {data ? (
                <p
                  className="mt-2 text-2xl font-bold sm:text-3xl tabular-nums text-slate-900"
                  data-testid={`stat-${key}`}
                >
                  {data[key]}
                </p>
              ) : (
                <Skeleton className="mt-2 h-9 w-16" />
              )}
              <p className="mt-1 text-xs text-slate-600">
                {hint}
                {key === 'approvedToday' && data?.counterSalesToday ? (
                  <span data-testid="stat-counterSalesToday">, {data.counterSalesToday} at the counter</span>
                ) : null}
              </p>
              {/* Apart from transfers: the gateway confirmed these, no slip was checked. */}
              {key === 'approvedToday' && data?.cardPaymentsToday ? (
                <p
                  className="mt-1 flex items-center gap-1 text-xs font-medium text-slate-700"
                  data-testid="stat-cardPaymentsToday"
                >
                  <WalletCards aria-hidden="true" className="size-3.5 shrink-0 text-sky-700" />
                  Paid by card online: {data.cardPaymentsToday}
                </p>
              ) : null}
            </div>
            <span
              aria-hidden="true"
              className={`hidden size-10 shrink-0 place-items-center rounded-xl sm:grid ${tone}`}
            >
              <Icon className="size-5" />
            </span>
          </Card>
        </li>
      ))}
    </ul>
  );
}
