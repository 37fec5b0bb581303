import { useQuery } from '@tanstack/react-query';
import { ShieldX } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import type { AdminTicket } from '#shared/admin-api.ts';
import { type PendingOf, pendingOfQuery, useRejectPending } from './api.ts';
import { RemarksDialog } from './remarks-dialog.tsx';

type Scope = 'email' | 'clientIp';

/** One of the addresses whose pending bookings go, as a radio button. */
function ScopeChoice({
  name,
  checked,
  onCheck,
  children,
}: {
  name: string;
  checked: boolean;
  onCheck: () => void;
  children: ReactNode;
}) {
  return (
    <label className="flex items-start gap-2 text-sm">
      <input
        type="radio"
        name={name}
        className="mt-1 size-4 accent-sky-700"
        checked={checked}
        onChange={onCheck}
      />
      <span>{children}</span>
    </label>
  );
}

/**
 * Clears a flood of junk bookings: every pending booking of this ticket's e-mail address, or of
 * the client address it came from, rejected in one action after a confirmation that says how
 * many it takes.
 */
export function RejectPendingDialog({
  ticket,
  open,
  onOpenChange,
}: {
  ticket: AdminTicket;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [scope, setScope] = useState<Scope>('email');
  const id = useId();
  const who: PendingOf =
    scope === 'email' || !ticket.clientIp ? { email: ticket.passengerEmail } : { clientIp: ticket.clientIp };
  const pending = useQuery(pendingOfQuery(who, open));
  const reject = useRejectPending();
  const count = pending.data?.tickets.length;

  const bookings = (n: number) => `${n} ${n === 1 ? 'booking' : 'bookings'}`;

  return (
    <RemarksDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Reject all pending bookings"
      description="Every booking that still waits for review from the address you choose is rejected: payments are marked as failed, seats freed and the passengers told by e-mail."
      placeholder="Why are these bookings rejected?"
      busy={reject.isPending}
      disabled={!count}
      icon={<ShieldX aria-hidden="true" />}
      submitLabel={count ? `Reject ${bookings(count)}` : 'Reject bookings'}
      onSubmit={(remarks) =>
        reject.mutate({ ...who, ...(remarks ? { remarks } : {}) }, { onSuccess: () => onOpenChange(false) })
      }
    >
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-900">Reject the pending bookings of</legend>
        <ScopeChoice name={`${id}-scope`} checked={scope === 'email'} onCheck={() => setScope('email')}>
          this e-mail address <span className="font-medium break-all">{ticket.passengerEmail}</span>
        </ScopeChoice>
        {ticket.clientIp ? (
          <ScopeChoice
            name={`${id}-scope`}
            checked={scope === 'clientIp'}
            onCheck={() => setScope('clientIp')}
          >
            this client address <span className="font-mono font-medium">{ticket.clientIp}</span>
          </ScopeChoice>
        ) : null}
      </fieldset>
      <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
        {count === undefined
          ? 'Counting pending bookings…'
          : `${count} pending ${count === 1 ? 'booking' : 'bookings'} will be rejected.`}
      </p>
    </RemarksDialog>
  );
}
