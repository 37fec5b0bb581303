import { useQuery } from '@tanstack/react-query';
import type { AdminTicket } from '#shared/admin-api.ts';
import { api, errorMessage } from '#web/lib/api-client.ts';
import { SlipViewerDialog } from './slip-viewer-dialog.tsx';

const byReferenceQueryKey = (reference: string) => ['admin', 'tickets', 'by-reference', reference] as const;

/**
 * The slip viewer for a booking known by its reference (the Check Your Booking page): the admin
 * lookup finds the ticket id first. Loaded only when a signed-in admin asks for the slip.
 */
export default function SlipByReference({
  reference,
  open,
  onOpenChange,
}: {
  reference: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const ticket = useQuery({
    queryKey: byReferenceQueryKey(reference),
    queryFn: ({ signal }) =>
      api.get<AdminTicket>(`/api/admin/tickets/by-reference/${encodeURIComponent(reference)}`, { signal }),
    enabled: open,
    staleTime: 0,
  });
  const data = ticket.data;
  let status: string | undefined;
  if (ticket.isPending) status = 'Loading the payment slip…';
  else if (ticket.isError) status = errorMessage(ticket.error, 'Failed to load');

  return (
    <SlipViewerDialog
      ticketId={data?.id ?? null}
      reference={data?.reference ?? reference}
      hasSlip={data?.hasSlip ?? true}
      open={open}
      onOpenChange={onOpenChange}
      status={status}
      expected={
        data ? { amount: data.totalAmount, currency: data.currency, bankAccount: data.bankAccount } : null
      }
    />
  );
}
