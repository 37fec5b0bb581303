import type { ComposeMail } from '#server/lib/mailer.ts';
import { INVITATION_TTL_HOURS, RESET_TTL_HOURS, type StaffLinkKind } from '#server/lib/staff-links.ts';
import { ROLE_LABELS, type Role } from '#shared/permissions.ts';
import { composeMail } from './compose.ts';

/**
 * The mail carrying a link to choose a password (an invitation or a reset). Once sent, the
 * outbox keeps it without the link (`kept`), like a one-time code: a copy of the database must
 * not hold a way into an account.
 */
export function staffLinkMail(opts: {
  kind: StaffLinkKind;
  to: string;
  role: Role;
  appName: string;
  url: string;
  /** An invitation to book for a partner account (docs/decisions/043): its name. */
  partnerName?: string;
}): ComposeMail {
  const { kind, to, role, appName, url, partnerName } = opts;
  const subject =
    kind !== 'invite'
      ? `Reset your ${appName} password`
      : partnerName
        ? `You are invited to book ${appName} trips for ${partnerName}`
        : `You are invited to ${appName} as ${ROLE_LABELS[role]}`;
  const intro =
    kind !== 'invite'
      ? `The owner of ${appName} has reset the password of ${to}. Your old password no longer works.`
      : partnerName
        ? `You have been invited to book ${appName} trips on the account of ${partnerName}.`
        : `You have been invited to the ${appName} staff area as ${ROLE_LABELS[role]}.`;
  const hours = kind === 'invite' ? INVITATION_TTL_HOURS : RESET_TTL_HOURS;
  const paragraphs = (link: string) => [
    [intro],
    [`Choose your password here (the link works once, for ${hours} hours):`, link],
    ['If you did not expect this e-mail, you can ignore it.'],
  ];
  return composeMail({ to, staff: true }, () => ({
    subject,
    paragraphs: paragraphs(url),
    kept: { paragraphs: paragraphs('(link removed once sent)') },
  }));
}
