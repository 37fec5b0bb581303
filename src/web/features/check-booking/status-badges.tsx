import {
  BadgeCheck,
  CircleCheck,
  CircleX,
  Clock,
  Flag,
  Hourglass,
  type LucideIcon,
  TriangleAlert,
} from 'lucide-react';
import { Badge, type BadgeProps } from '../../components/ui/badge.tsx';

type Look = { variant: BadgeProps['variant']; icon: LucideIcon };

// Colour and icon both follow the status, and the label is always written out: colour is
// never the only signal (STYLE.md habit 9).
const TICKET_LOOK: Record<string, Look> = {
  pending: { variant: 'warning', icon: Clock },
  confirmed: { variant: 'success', icon: CircleCheck },
  cancelled: { variant: 'destructive', icon: CircleX },
  completed: { variant: 'default', icon: Flag },
};

const PAYMENT_LOOK: Record<string, Look> = {
  pending: { variant: 'warning', icon: Hourglass },
  completed: { variant: 'success', icon: BadgeCheck },
  failed: { variant: 'destructive', icon: TriangleAlert },
};

const FALLBACK: Look = { variant: 'outline', icon: Clock };

function StatusBadge({ look, label, kind }: { look: Look; label: string; kind: string }) {
  const Icon = look.icon;
  return (
    <Badge variant={look.variant} className="px-3 py-1 text-sm">
      <Icon aria-hidden="true" className="size-4" />
      <span className="sr-only">{kind}: </span>
      <span>{label}</span>
    </Badge>
  );
}

export function TicketStatusBadge({ status, label }: { status: string; label: string }) {
  return <StatusBadge look={TICKET_LOOK[status] ?? FALLBACK} label={label} kind="Booking status" />;
}

export function PaymentStatusBadge({ status, label }: { status: string; label: string }) {
  return <StatusBadge look={PAYMENT_LOOK[status] ?? FALLBACK} label={label} kind="Payment status" />;
}
