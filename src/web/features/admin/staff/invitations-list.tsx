import { Clock, MailX, Send } from 'lucide-react';
import type { Invitation } from '#shared/admin-api.ts';
import { ROLE_LABELS } from '#shared/permissions.ts';
import { EmailText } from '#web/components/email-text.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { formatInstant } from '#web/lib/dates.ts';
import { useOperatorTimeZone } from '#web/lib/operator-time-zone.ts';

type Props = {
  invitations: Invitation[];
  /** The invitation being sent again, if any. */
  resending: string | null;
  onResend: (invitation: Invitation) => void;
  onRevoke: (invitation: Invitation) => void;
};

/** Invitations not yet taken up: each can be sent again (a new link) or revoked. */
export function InvitationsList({ invitations, resending, onResend, onRevoke }: Props) {
  const timeZone = useOperatorTimeZone();
  const now = Date.now();
  return (
    <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm">
      {invitations.map((invitation) => {
        const expired = Date.parse(invitation.expiresAt) <= now;
        return (
          <li
            key={invitation.id}
            data-invitation-email={invitation.email}
            className="flex flex-wrap items-center justify-between gap-3 p-4"
          >
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                <EmailText email={invitation.email} />
                <Badge variant="outline">{ROLE_LABELS[invitation.role]}</Badge>
                {expired ? (
                  <Badge variant="warning">
                    <Clock aria-hidden="true" className="size-3.5" />
                    Expired
                  </Badge>
                ) : null}
              </p>
              <p className="mt-0.5 text-sm text-slate-600">
                Sent {formatInstant(invitation.createdAt, timeZone)}
                {invitation.invitedBy ? ` by ${invitation.invitedBy}` : ''} ·{' '}
                {expired ? 'Expired' : 'Expires'} {formatInstant(invitation.expiresAt, timeZone)}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button
                variant="outline"
                size="sm"
                disabled={resending === invitation.id}
                onClick={() => onResend(invitation)}
              >
                {resending === invitation.id ? <Spinner /> : <Send aria-hidden="true" />}
                Resend<span className="sr-only"> the invitation to {invitation.email}</span>
              </Button>
              <Button
                variant="outline"
                size="sm"
                className="text-red-700 hover:bg-red-50 hover:text-red-800"
                onClick={() => onRevoke(invitation)}
              >
                <MailX aria-hidden="true" />
                Revoke<span className="sr-only"> the invitation to {invitation.email}</span>
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
