import {
  BadgeCheck,
  Ban,
  CircleCheck,
  CircleDollarSign,
  CircleX,
  Clock,
  Flag,
  Hourglass,
  type LucideIcon,
  TriangleAlert,
  UserCheck,
  UserX,
} from 'lucide-react';
import { PAYMENT_STATUS_LABEL, TICKET_STATUS_LABEL } from '#shared/messages.ts';
import { humanize } from '../lib/admin-format.ts';
import { Badge, type BadgeProps } from './ui/badge.tsx';

type Look = { variant: BadgeProps['variant']; icon: LucideIcon; label?: string };

// Colour, icon and written label all follow the status: colour is never the only signal
// (STYLE.md habit 9). Marked colours are SPEC.md section 4's.
const TICKET_LOOK: Record<string, Look> = {
  pending: { variant: 'warning', icon: Clock, label: TICKET_STATUS_LABEL.pending },
  confirmed: { variant: 'success', icon: CircleCheck, label: TICKET_STATUS_LABEL.confirmed },
  cancelled: { variant: 'destructive', icon: CircleX, label: TICKET_STATUS_LABEL.cancelled },
  completed: { variant: 'default', icon: Flag, label: TICKET_STATUS_LABEL.completed },
};

const PAYMENT_LOOK: Record<string, Look> = {
  pending: { variant: 'warning', icon: Hourglass, label: PAYMENT_STATUS_LABEL.pending },
  completed: { variant: 'success', icon: BadgeCheck, label: PAYMENT_STATUS_LABEL.completed },
  failed: { variant: 'destructive', icon: TriangleAlert, label: PAYMENT_STATUS_LABEL.failed },
};

const MARKED_LOOK: Record<string, Look> = {
  present: { variant: 'success', icon: UserCheck },
  no_show: { variant: 'orange', icon: UserX },
  cancelled: { variant: 'destructive', icon: Ban },
  refunded: { variant: 'purple', icon: CircleDollarSign },
};

const SCHEDULE_LOOK: Record<string, Look> = {
  scheduled: { variant: 'default', icon: Clock },
  completed: { variant: 'success', icon: CircleCheck },
};

function StatusBadge({ look, status, kind }: { look: Look | undefined; status: string; kind: string }) {
  const Icon = look?.icon ?? TriangleAlert;
  return (
    <Badge variant={look?.variant ?? 'destructive'} data-status={status}>
      <Icon aria-hidden="true" className="size-3.5" />
      <span className="sr-only">{kind}: </span>
      <span>{look?.label ?? humanize(status)}</span>
    </Badge>
  );
}

export function TicketStatusBadge({ status }: { status: string }) {
  return <StatusBadge look={TICKET_LOOK[status]} status={status} kind="Ticket status" />;
}

export function PaymentStatusBadge({ status }: { status: string }) {
  return <StatusBadge look={PAYMENT_LOOK[status]} status={status} kind="Payment status" />;
}

export function MarkedStatusBadge({ status }: { status: string }) {
  return <StatusBadge look={MARKED_LOOK[status]} status={status} kind="Marked" />;
}

/** 'scheduled' and 'completed' are the known states; anything else shows as destructive. */
export function ScheduleStatusBadge({ status }: { status: string }) {
  return <StatusBadge look={SCHEDULE_LOOK[status]} status={status} kind="Trip status" />;
}
