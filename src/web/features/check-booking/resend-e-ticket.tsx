import { useMutation } from '@tanstack/react-query';
import { Mail, PencilLine } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { ETICKET_TEXTS } from '#web/i18n/eticket.ts';
import { useTexts } from '#web/i18n/texts.tsx';
import { api } from '#web/lib/api-client.ts';
import { Link } from '#web/lib/navigation.tsx';

/**
 * "Send my e-ticket again": the link goes to the booking's own e-mail address, never to one
 * typed here, and the answer is the same whether or not a mail went out. The QR code itself is
 * never shown for a reference alone.
 */
export function ResendETicket({ reference }: { reference: string }) {
  const t = useTexts(ETICKET_TEXTS);
  const resend = useMutation({
    mutationFn: () => api.post<{ accepted: true }>(`/api/bookings/${encodeURIComponent(reference)}/e-ticket`),
  });
  return (
    <div className="flex flex-col items-start gap-3 sm:flex-row sm:items-center">
      <Button
        variant="outline"
        disabled={resend.isPending || resend.isSuccess}
        onClick={() => resend.mutate()}
      >
        <Mail aria-hidden="true" />
        {resend.isPending ? t('eticket.resending') : t('eticket.resend')}
      </Button>
      <p role="status" className="text-sm text-slate-700">
        {resend.isSuccess ? t('eticket.resent') : resend.isError ? t('eticket.resendFailed') : ''}
      </p>
    </div>
  );
}

/**
 * The way to the booking's manage page (docs/decisions/027), for a booking that can still be
 * changed: the page itself asks for a code sent to the booking's e-mail address.
 */
export function ManageBookingLink({ reference }: { reference: string }) {
  const t = useTexts(ETICKET_TEXTS);
  return (
    <Button asChild variant="outline">
      <Link to={`/bookings/${encodeURIComponent(reference)}/manage`}>
        <PencilLine aria-hidden="true" />
        {t('eticket.manageLink')}
      </Link>
    </Button>
  );
}
