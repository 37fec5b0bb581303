import { KeyRound } from 'lucide-react';
import type { AuthMe, StaffLink } from '#shared/admin-api.ts';
import { PASSWORD_MIN_LENGTH } from '#shared/constants.ts';
import { usePasswordFields } from '#web/components/password-fields.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
import { checkNewPassword, EMPTY_NEW_PASSWORD } from '#web/lib/password-checks.ts';
import { useCompleteStaffLink } from './api.ts';
import { isLinkEnded } from './link-problems.ts';

type Props = {
  token: string;
  link: StaffLink;
  /** Signed in: the session cookie is set and `me` is in the cache. */
  onSignedIn: (me: AuthMe) => void;
  /** The link was used, expired or revoked between opening the page and submitting it. */
  onLinkEnded: (error: ApiError) => void;
};

export function SetPasswordForm({ token, link, onSignedIn, onLinkEnded }: Props) {
  const { setProblem, field, alert, submit } = usePasswordFields(EMPTY_NEW_PASSWORD);
  const complete = useCompleteStaffLink();

  const onSubmit = submit(checkNewPassword, (values) =>
    complete.mutate(
      { token, password: values.next },
      {
        onSuccess: onSignedIn,
        onError: (e) => {
          if (isLinkEnded(e)) return onLinkEnded(e);
          const about = e instanceof ApiError && e.code === 'password_too_short' ? 'next' : null;
          setProblem({ field: about, message: errorMessage(e) });
        },
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {/* For password managers: the account the new password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={link.email} readOnly hidden />
      {field('next', 'New Password', 'new-password', `At least ${PASSWORD_MIN_LENGTH} characters.`)}
      {field('confirm', 'Confirm New Password', 'new-password')}
      {alert}
      <Button type="submit" className="w-full" size="lg" disabled={complete.isPending}>
        {complete.isPending ? <Spinner /> : <KeyRound aria-hidden="true" />}
        {complete.isPending ? 'Saving...' : 'Set password and sign in'}
      </Button>
    </form>
  );
}
