import {
  BadgeCheck,
  Ban,
  CircleDollarSign,
  Copy,
  Hourglass,
  type LucideIcon,
  TriangleAlert,
  Undo2,
} from 'lucide-react';
import type { CardPaymentState } from '#shared/card-payments.ts';
import { humanize } from '#web/lib/humanize.ts';
import { toast } from '#web/lib/toast.ts';
import { cn } from '#web/lib/utils.ts';
import { Badge, type BadgeProps } from './ui/badge.tsx';
import { Button } from './ui/button.tsx';

// The office's view of a payment by card online (docs/decisions/042): the tickets, the dashboard
// and the refunds queue. Staff screens only, in English.

/** The gateways `src/server/lib/payments` knows, by their provider name. */
const GATEWAY_LABEL: Record<string, string> = { bml: 'BML Connect', test: 'Test gateway' };

export const gatewayName = (provider: string) => GATEWAY_LABEL[provider] ?? humanize(provider);

type Look = { variant: BadgeProps['variant']; icon: LucideIcon; label: string };

/** A card payment's state in words, with a colour and an icon (never the colour alone). */
const STATE_LOOK: Record<CardPaymentState, Look> = {
  open: { variant: 'warning', icon: Hourglass, label: 'Waiting for the gateway' },
  paid: { variant: 'success', icon: BadgeCheck, label: 'Paid' },
  declined: { variant: 'destructive', icon: Ban, label: 'Declined' },
  mismatch: {
    variant: 'destructive',
    icon: TriangleAlert,
    label: 'Amount did not match — not confirmed',
  },
  paid_no_seat: { variant: 'orange', icon: CircleDollarSign, label: 'Paid, no seat — refund owed' },
  refunded: { variant: 'purple', icon: Undo2, label: 'Refunded' },
};

export const cardStateLabel = (state: CardPaymentState) => STATE_LOOK[state].label;

/** `kind`: read out before the state; null where a label beside it already says what it is. */
export function CardStateBadge({
  state,
  kind = 'Card payment',
}: {
  state: CardPaymentState;
  kind?: string | null;
}) {
  const { variant, icon: Icon, label } = STATE_LOOK[state];
  return (
    // The longer states wrap on a phone rather than run out of their box.
    <Badge variant={variant} data-card-state={state} className="whitespace-normal">
      <Icon aria-hidden="true" className="size-3.5 shrink-0" />
      {kind ? <span className="sr-only">{kind}: </span> : null}
      <span>{label}</span>
    </Badge>
  );
}

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success('Transaction id copied');
  } catch {
    // No clipboard (a page not served over HTTPS): the id itself stays selectable.
    toast.error('Could not copy: select the transaction id and copy it');
  }
}

/**
 * The gateway's transaction id, as the merchant portal searches by it: monospace, cut short with
 * its whole value in the title (the test gateway's ids are long), and a button that copies it.
 */
export function TransactionId({ id, className }: { id: string | null; className?: string }) {
  if (!id) return <span className="text-slate-600">Not given by the gateway yet</span>;
  return (
    <span className={cn('flex min-w-0 items-center gap-1', className)}>
      <span data-testid="card-transaction-id" title={id} className="min-w-0 truncate font-mono text-sm">
        {id}
      </span>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="size-9 shrink-0"
        aria-label="Copy the transaction id"
        title="Copy the transaction id"
        onClick={() => void copy(id)}
      >
        <Copy aria-hidden="true" className="size-4" />
      </Button>
    </span>
  );
}
