import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, SkipForward } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { AdminTicket } from '#shared/admin-api.ts';
import { ErrorNote, LoadingNote } from '#web/components/query-notes.tsx';
import type { SlipPayment } from '#web/components/slip-viewer/slip-viewer-dialog.tsx';
import { Link } from '#web/lib/navigation.tsx';
import { ticketQuery } from './api.ts';
import { TicketCard } from './ticket-card.tsx';

/**
 * One booking of the queue, in full, with its slip: "Approve and next" approves it and opens the
 * next one in the queue's order, so the office works through it without going back to the list.
 */
export function ReviewDetail({
  ticketId,
  queue,
  waiting,
  backHref,
  hrefOf,
  open,
  onViewSlip,
}: {
  ticketId: string;
  /** The queue as listed so far (server order, a page at a time); the ticket may have left it already. */
  queue: AdminTicket[];
  /** How many wait in the whole queue, beyond the pages listed; unknown: as many as listed. */
  waiting?: number | undefined;
  backHref: string;
  hrefOf: (ticket: AdminTicket) => string;
  /** Opens another booking of the queue, or the list again with null. */
  open: (ticketId: string | null) => void;
  onViewSlip: (ticket: AdminTicket, payment: SlipPayment) => void;
}) {
  const listed = queue.find((t) => t.id === ticketId);
  // A booking just approved or deleted leaves the queue before "and next" moves on: it stays
  // on screen meanwhile as it was (its actions must stay mounted to finish), not fetched again.
  const shown = useRef<AdminTicket | undefined>(undefined);
  const stillShown = shown.current?.id === ticketId ? shown.current : undefined;
  const single = useQuery({ ...ticketQuery(ticketId), enabled: !listed && !stillShown });
  const ticket = listed ?? single.data ?? stillShown;
  shown.current = ticket;
  const index = queue.findIndex((t) => t.id === ticketId);
  const next = index >= 0 ? queue[index + 1] : queue[0];
  const position = index >= 0 ? index + 1 : null;
  const total = Math.max(waiting ?? 0, queue.length);

  // A booking opened (from its row, "and next", a skip, an undo) is read from its top, where the
  // reader and a screen reader's focus start, not where the last one was left.
  const top = useRef<HTMLElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each booking opened.
  useEffect(() => {
    window.scrollTo({ top: 0 });
    top.current?.focus({ preventScroll: true });
  }, [ticketId]);

  return (
    <section
      ref={top}
      tabIndex={-1}
      aria-label="Booking under review"
      className="flex flex-col gap-3 outline-none"
    >
      <nav aria-label="Review queue" className="flex flex-wrap items-center justify-between gap-2">
        <Link
          href={backHref}
          className="inline-flex items-center gap-1.5 rounded-lg px-1 py-1 text-sm font-semibold text-sky-800 underline-offset-2 hover:underline focus-visible:outline-2"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to the queue
        </Link>
        <p className="text-sm text-slate-700">
          {position ? `${position} of ${total} waiting` : `${total} waiting`}
        </p>
        {next && next.id !== ticketId ? (
          <Link
            href={hrefOf(next)}
            className="inline-flex items-center gap-1.5 rounded-lg px-1 py-1 text-sm font-semibold text-sky-800 underline-offset-2 hover:underline focus-visible:outline-2"
          >
            Skip to next
            <SkipForward aria-hidden="true" className="size-4" />
          </Link>
        ) : null}
      </nav>
      {ticket ? (
        <TicketCard
          key={ticket.id}
          ticket={ticket}
          onViewSlip={(payment) => onViewSlip(ticket, payment)}
          next={
            ticket.ticketStatus === 'pending'
              ? next && next.id !== ticketId
                ? { label: 'Approve and next', go: () => open(next.id) }
                : { label: 'Approve, back to the queue', go: () => open(null) }
              : undefined
          }
          onDeleted={() => open(next && next.id !== ticketId ? next.id : null)}
        />
      ) : single.isError ? (
        <ErrorNote error={single.error} />
      ) : (
        <LoadingNote>Loading the booking…</LoadingNote>
      )}
    </section>
  );
}
