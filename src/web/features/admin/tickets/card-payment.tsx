// The office draws an online card payment with WalletCards, not the home page's CreditCard: an icon
// shared by a public page and the admin splits into a chunk of its own, one more file in the
// public first load.
import { WalletCards } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import type { AdminTicket } from '#shared/admin-api.ts';
import { CardStateBadge, gatewayName, TransactionId } from '#web/components/card-payment-facts.tsx';
import { formatAmount } from '#web/lib/admin-format.ts';
import { cn } from '#web/lib/utils.ts';

function Fact({ term, children, wide }: { term: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'col-span-2 min-w-0' : 'min-w-0'}>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{term}</dt>
      <dd className="mt-0.5 min-w-0 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * A booking paid by card online (docs/decisions/042), in place of a slip and the expected
 * transfer: the gateway confirmed it, or says where it stands. No slip to look at; the
 * transaction id finds the payment in the gateway's merchant portal.
 */
export function CardPaymentDetails({ ticket, className }: { ticket: AdminTicket; className?: string }) {
  const headingId = useId();
  const card = ticket.cardPayment;
  return (
    <section
      aria-labelledby={headingId}
      data-testid="card-payment"
      className={cn('min-w-0 rounded-xl border border-slate-200 bg-slate-50 p-4', className)}
    >
      <h3 id={headingId} className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <WalletCards aria-hidden="true" className="size-4 text-sky-700" />
        Paid by card online
      </h3>
      {card ? (
        <dl className="mt-3 grid grid-cols-2 gap-3">
          <Fact term="Gateway">{gatewayName(card.provider)}</Fact>
          <Fact term="Amount">
            <span className="font-semibold tabular-nums">{formatAmount(card.amount, card.currency)}</span>
          </Fact>
          <Fact wide term="Transaction id">
            <TransactionId id={card.transactionId} />
          </Fact>
          <Fact wide term="Payment state">
            <CardStateBadge state={card.state} kind={null} />
          </Fact>
        </dl>
      ) : (
        <p className="mt-2 text-sm text-slate-700">The gateway has no payment for this booking yet.</p>
      )}
    </section>
  );
}
