import { CircleCheck, CircleX, Clock, Flag, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import type { AdminTicket, TicketStatus } from '#shared/admin-api.ts';
import { TICKET_STATUS_LABEL } from '#shared/messages.ts';
import { Badge, type BadgeProps } from '../../components/ui/badge.tsx';
import { Card, CardContent, CardHeader } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { formatRoute, formatTravelDate } from './format.ts';

// The label is always written out: colour is never the only signal (STYLE.md habit 9).
const STATUS_LOOK: Record<TicketStatus, { variant: BadgeProps['variant']; icon: LucideIcon }> = {
  pending: { variant: 'warning', icon: Clock },
  confirmed: { variant: 'success', icon: CircleCheck },
  cancelled: { variant: 'destructive', icon: CircleX },
  completed: { variant: 'default', icon: Flag },
};

function TicketStatusBadge({ status }: { status: TicketStatus }) {
  const look = STATUS_LOOK[status] ?? STATUS_LOOK.pending;
  const Icon = look.icon;
  return (
    <Badge variant={look.variant}>
      <Icon aria-hidden="true" className="size-3.5" />
      {TICKET_STATUS_LABEL[status] ?? status}
    </Badge>
  );
}

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
                <TicketStatusBadge status={ticket.ticketStatus} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
