import { Ban, Check, Link2, X } from 'lucide-react';
import { useState } from 'react';
import type { StatementLine } from '#shared/statements.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { formatAmount } from '#web/lib/admin-format.ts';
import { formatDay } from '#web/lib/dates.ts';
import { useConfirmSuggestion, useMarkNotBooking, useRejectSuggestion } from './api.ts';
import { AssignForm } from './assign-form.tsx';
import { differenceText, IGNORED_REASON_TEXT } from './wording.ts';

/** The line as the bank wrote it: day, amount, remark, payer and the bank's own id. */
function LineFacts({ line }: { line: StatementLine }) {
  const facts = [
    { term: 'Date', value: formatDay(line.bookedOn) },
    { term: 'Payer', value: line.payer ?? '—' },
    { term: 'Bank’s id', value: line.bankTransactionId ?? '—', mono: true },
  ];
  return (
    <div className="grid min-w-0 gap-1.5">
      <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="font-semibold text-slate-900 tabular-nums">
          {formatAmount(line.amount, line.currency)}
        </span>
        <span className="min-w-0 break-words text-sm text-slate-800">
          <span className="sr-only">Remark: </span>
          {line.remark || '(no remark)'}
        </span>
      </p>
      <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700">
        {facts.map((fact) => (
          <div key={fact.term} className="flex min-w-0 gap-1">
            <dt>{fact.term}:</dt>
            <dd className={fact.mono ? 'break-all font-mono text-slate-900' : 'text-slate-900'}>
              {fact.value}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function Booking({
  booking,
}: {
  booking: { reference: string; passengerName: string; totalAmount: string; currency: string };
}) {
  return (
    <span className="flex flex-wrap items-baseline gap-x-2">
      <span className="font-mono font-semibold text-slate-900">{booking.reference}</span>
      <span className="break-words text-slate-900">{booking.passengerName}</span>
      <span className="text-slate-700 tabular-nums">
        total {formatAmount(booking.totalAmount, booking.currency)}
      </span>
    </span>
  );
}

function SuggestionPart({ line }: { line: StatementLine }) {
  const confirm = useConfirmSuggestion();
  const reject = useRejectSuggestion();
  const suggestion = line.suggestion;
  if (!suggestion) return null;
  const busy = confirm.isPending || reject.isPending;
  return (
    <div className="grid gap-2 sm:flex sm:flex-wrap sm:items-center sm:justify-between">
      <div className="grid gap-1 text-sm">
        <p className="text-xs font-semibold text-slate-700">
          {suggestion.kind === 'amount_differs'
            ? 'Its reference, another amount'
            : 'The payer’s name and amount'}
        </p>
        <Booking booking={suggestion} />
        <p>
          <Badge variant={suggestion.difference.startsWith('-') ? 'warning' : 'orange'}>
            {differenceText(suggestion.difference, line.currency)}
          </Badge>
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => confirm.mutate(line)} disabled={busy}>
          <Check aria-hidden="true" />
          Confirm
          <span className="sr-only"> {suggestion.reference}</span>
        </Button>
        <Button variant="outline" onClick={() => reject.mutate(line)} disabled={busy}>
          <X aria-hidden="true" />
          Reject
          <span className="sr-only"> {suggestion.reference}</span>
        </Button>
      </div>
    </div>
  );
}

function UnmatchedPart({ line }: { line: StatementLine }) {
  const [assigning, setAssigning] = useState(false);
  const notBooking = useMarkNotBooking();
  if (assigning) {
    return <AssignForm line={line} onDone={() => setAssigning(false)} onCancel={() => setAssigning(false)} />;
  }
  return (
    <div className="flex flex-wrap gap-2">
      <Button onClick={() => setAssigning(true)}>
        <Link2 aria-hidden="true" />
        Assign to a booking
      </Button>
      <Button variant="outline" onClick={() => notBooking.mutate(line)} disabled={notBooking.isPending}>
        <Ban aria-hidden="true" />
        Not a booking
      </Button>
    </div>
  );
}

function PaymentsPart({ line }: { line: StatementLine }) {
  if (line.payments.length === 0) return null;
  return (
    <div className="grid gap-1 text-sm">
      <p className="text-xs font-semibold text-slate-700">Paid</p>
      <ul className="grid gap-1">
        {line.payments.map((payment) => (
          <li key={payment.ticketId} className="flex flex-wrap items-baseline gap-x-2">
            <span className="font-semibold tabular-nums">{formatAmount(payment.amount, line.currency)}</span>
            <span className="text-slate-700">to</span>
            <Booking booking={payment} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** One statement line in the queue, with what its state lets a person do. */
export function LineRow({ line }: { line: StatementLine }) {
  return (
    <li data-line={line.id} className="grid gap-3 p-4 sm:px-5">
      <LineFacts line={line} />
      {line.status === 'suggested' && <SuggestionPart line={line} />}
      {/* A line split by hand has paid part and still waits for the rest. */}
      <PaymentsPart line={line} />
      {line.status === 'unmatched' && line.payments.length > 0 && (
        <p className="text-sm text-slate-800">
          Left to assign: {formatAmount(line.unassigned, line.currency)}
        </p>
      )}
      {line.status === 'unmatched' && <UnmatchedPart line={line} />}
      {line.status === 'ignored' && line.ignoredReason && (
        <p className="text-sm text-slate-700">
          <span className="font-semibold">Ignored: </span>
          {IGNORED_REASON_TEXT[line.ignoredReason]}
        </p>
      )}
      {line.resolvedBy && <p className="text-xs text-slate-600">By {line.resolvedBy}</p>}
    </li>
  );
}
