import { KeyRound } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import type { AuthMe, StaffLink } from '#shared/admin-api.ts';
import { PASSWORD_MIN_LENGTH } from '#shared/constants.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
import {
  checkNewPassword,
  EMPTY_NEW_PASSWORD,
  type NewPasswordFields as Fields,
} from '#web/lib/password-checks.ts';
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
  const id = useId();
  const [fields, setFields] = useState<Fields>(EMPTY_NEW_PASSWORD);
  const [error, setError] = useState<{ field: keyof Fields | null; message: string } | null>(null);
  const complete = useCompleteStaffLink();

  const set = (field: keyof Fields) => (event: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [field]: event.target.value }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = checkNewPassword(fields);
    setError(problem);
    if (problem) return;
    complete.mutate(
      { token, password: fields.next },
      {
        onSuccess: onSignedIn,
        onError: (e) => {
          if (isLinkEnded(e)) return onLinkEnded(e);
          const field = e instanceof ApiError && e.code === 'password_too_short' ? 'next' : null;
          setError({ field, message: errorMessage(e) });
        },
      },
    );
  };

  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const input = (field: keyof Fields, label: string, hint?: string) => (
    <div className="space-y-2">
      <Label htmlFor={`${id}-${field}`}>{label}</Label>
      <Input
        id={`${id}-${field}`}
        type="password"
        autoComplete="new-password"
        value={fields[field]}
        onChange={set(field)}
        aria-invalid={error?.field === field ? true : undefined}
        aria-describedby={
          [hint ? hintId : null, error?.field === field ? errorId : null].filter(Boolean).join(' ') ||
          undefined
        }
      />
      {hint ? (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
    </div>
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {/* For password managers: the account the new password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={link.email} readOnly hidden />
      {input('next', 'New Password', `At least ${PASSWORD_MIN_LENGTH} characters.`)}
      {input('confirm', 'Confirm New Password')}
      {error && (
        <p
          id={errorId}
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          {error.message}
        </p>
      )}
      <Button type="submit" className="w-full" size="lg" disabled={complete.isPending}>
        {complete.isPending ? <Spinner /> : <KeyRound aria-hidden="true" />}
        {complete.isPending ? 'Saving...' : 'Set password and sign in'}
      </Button>
    </form>
  );
}
