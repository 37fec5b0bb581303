import {
  BadgeCheck,
  Ban,
  CircleCheck,
  CircleDollarSign,
  CirclePause,
  CircleX,
  Clock,
  Flag,
  Hourglass,
  type LucideIcon,
  TriangleAlert,
  UserCheck,
  UserX,
} from 'lucide-react';
import { PAYMENT_STATUS_LABEL, SLIP_RECEIVED_LABEL, TICKET_STATUS_LABEL } from '#shared/messages/api.ts';
import { humanize } from '#web/lib/humanize.ts';
import { Badge, type BadgeProps } from './ui/badge.tsx';

type Look = { variant: BadgeProps['variant']; icon: LucideIcon; label?: string };

// Colour, icon and written label all follow the status: colour is never the only signal
// (docs/product.md section 16). Marked colours are docs/product.md section 4's.
const TICKET_LOOK: Record<string, Look> = {
  pending: { variant: 'warning', icon: Clock, label: TICKET_STATUS_LABEL.pending },
  awaiting_card: { variant: 'warning', icon: Hourglass, label: TICKET_STATUS_LABEL.awaiting_card },
  confirmed: { variant: 'success', icon: CircleCheck, label: TICKET_STATUS_LABEL.confirmed },
  cancelled: { variant: 'destructive', icon: CircleX, label: TICKET_STATUS_LABEL.cancelled },
  completed: { variant: 'default', icon: Flag, label: TICKET_STATUS_LABEL.completed },
  voided: { variant: 'destructive', icon: Ban, label: TICKET_STATUS_LABEL.voided },
  cancelled_by_operator: {
    variant: 'destructive',
    icon: Ban,
    label: TICKET_STATUS_LABEL.cancelled_by_operator,
  },
  cancelled_by_passenger: {
    variant: 'destructive',
    icon: Ban,
    label: TICKET_STATUS_LABEL.cancelled_by_passenger,
  },
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
  cancelled: { variant: 'destructive', icon: Ban, label: 'Cancelled' },
};

const LAUNCH_LOOK: Record<'active' | 'inactive', Look> = {
  active: { variant: 'success', icon: CircleCheck, label: 'Active' },
  inactive: { variant: 'outline', icon: CirclePause, label: 'Inactive' },
};

const STAFF_LOOK: Record<string, Look> = {
  active: { variant: 'success', icon: UserCheck, label: 'Active' },
  deactivated: { variant: 'destructive', icon: UserX, label: 'Deactivated' },
};

type BadgeOptions = {
  status: string;
  /** The written label; by default the status's SPEC label. */
  label?: string;
  /** 'lg' on the passenger's booking card, 'md' in the admin lists. */
  size?: 'md' | 'lg';
  /**
   * What the badge tells, read out before the label ('Booking status: Pending'); by default the
   * admin area's English. The passenger's card passes its own, with its label, in their language.
   */
  kind?: string;
};

function StatusBadge({ look, kind, status, label, size = 'md' }: BadgeOptions & { look: Look | undefined }) {
  const Icon = look?.icon ?? TriangleAlert;
  return (
    <Badge
      variant={look?.variant ?? 'destructive'}
      data-status={status}
      className={size === 'lg' ? 'px-3 py-1 text-sm' : undefined}
    >
      <Icon aria-hidden="true" className={size === 'lg' ? 'size-4' : 'size-3.5'} />
      {kind ? <span className="sr-only">{kind}: </span> : null}
      <span>{label ?? look?.label ?? humanize(status)}</span>
    </Badge>
  );
}

export function TicketStatusBadge(props: BadgeOptions) {
  return <StatusBadge {...props} look={TICKET_LOOK[props.status]} kind={props.kind ?? 'Booking status'} />;
}

/** A pending payment with its slip in (`slipReceived`) reads 'Slip received, being checked'. */
export function PaymentStatusBadge({ slipReceived, ...props }: BadgeOptions & { slipReceived?: boolean }) {
  const label = props.label ?? (slipReceived && props.status === 'pending' ? SLIP_RECEIVED_LABEL : undefined);
  return (
    <StatusBadge
      {...props}
      label={label}
      look={PAYMENT_LOOK[props.status]}
      kind={props.kind ?? 'Payment status'}
    />
  );
}

export function MarkedStatusBadge(props: BadgeOptions) {
  return <StatusBadge {...props} look={MARKED_LOOK[props.status]} kind={props.kind ?? 'Marked'} />;
}

/** 'scheduled', 'completed' and 'cancelled' are the known states; anything else shows as destructive. */
export function ScheduleStatusBadge(props: BadgeOptions) {
  return <StatusBadge {...props} look={SCHEDULE_LOOK[props.status]} kind={props.kind ?? 'Trip status'} />;
}

/** A staff account on the Staff screen, whose column or card says what it is: Active or Deactivated. */
export function StaffStatusBadge({ active }: { active: boolean }) {
  const status = active ? 'active' : 'deactivated';
  return <StatusBadge status={status} look={STAFF_LOOK[status]} />;
}

/** A launch on the Launch screen: Active, or Inactive for any other status. */
export function LaunchStatusBadge({ status }: { status: string }) {
  return (
    <StatusBadge
      status={status}
      look={LAUNCH_LOOK[status === 'active' ? 'active' : 'inactive']}
      kind="Status"
    />
  );
}
