import type { AdminTicket } from '#shared/admin-api.ts';
import { ChannelBadge } from '#web/components/channel-badge.tsx';
import { TicketStatusBadge } from '#web/components/status-badges.tsx';
import { Card, CardContent, CardHeader } from '#web/components/ui/card.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { formatTravelDate } from '#web/lib/dates.ts';
import { Link } from '#web/lib/navigation.tsx';
import { formatRoute } from './format.ts';

export function RecentTickets({ tickets }: { tickets: AdminTicket[] | undefined }) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-4">
        <h2 id="recent-tickets-title" className="text-base font-semibold text-slate-900">
          Recent Tickets
        </h2>
        <Link to="/admin/tickets" className="rounded text-sm font-semibold text-sky-700 hover:underline">
          View all
        </Link>
      </CardHeader>
      <CardContent>
        {!tickets ? (
          <ul aria-hidden="true" className="divide-y divide-slate-100">
            {[0, 1, 2].map((i) => (
              <li key={i} className="flex items-center justify-between gap-4 py-3">
                <div className="space-y-2">
                  <Skeleton className="h-4 w-40" />
                  <Skeleton className="h-3 w-56" />
                </div>
                <Skeleton className="h-5 w-16 rounded-full" />
              </li>
            ))}
          </ul>
        ) : tickets.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-600">No tickets yet.</p>
        ) : (
          <ul aria-labelledby="recent-tickets-title" className="divide-y divide-slate-100">
            {tickets.map((ticket) => (
              <li
                key={ticket.id}
                className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3"
              >
                <div className="min-w-0">
                  <p className="truncate font-semibold text-slate-900">
                    <span className="font-mono">{ticket.reference}</span>
                    <span className="font-normal text-slate-600"> · {ticket.passengerName}</span>
                  </p>
                  <p className="mt-0.5 text-sm text-slate-600">
                    {formatRoute(ticket)} · {formatTravelDate(ticket.travelDate)}
                  </p>
                </div>
                <span className="flex min-w-0 flex-wrap gap-1.5">
                  <ChannelBadge channel={ticket.channel} partnerName={ticket.partnerName} />
                  <TicketStatusBadge status={ticket.ticketStatus} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
