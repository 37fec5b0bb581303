import { KeyRound } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { PASSWORD_MIN_LENGTH } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '#web/components/ui/card.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
import {
  checkPasswordChange,
  EMPTY_PASSWORD_FIELDS as EMPTY,
  type PasswordFields as Fields,
} from '#web/lib/password-checks.ts';
import { toast } from '#web/lib/toast.ts';
import { useChangePassword } from '#web/lib/use-admin-auth.ts';

export function PasswordForm() {
  const id = useId();
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [error, setError] = useState<{ field: keyof Fields | null; message: string } | null>(null);
  const change = useChangePassword();

  const set = (field: keyof Fields) => (event: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [field]: event.target.value }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = checkPasswordChange(fields);
    setError(problem);
    if (problem) return;
    change.mutate(
      { currentPassword: fields.current, newPassword: fields.next },
      {
        onSuccess: () => {
          setFields(EMPTY);
          toast.success(MSG.passwordChanged);
        },
        // docs/product.md section 8: the server's message as is.
        onError: (e) => {
          const message = errorMessage(e);
          const field = e instanceof ApiError && e.code === 'current_password_incorrect' ? 'current' : null;
          setError({ field, message });
          toast.error(message);
        },
      },
    );
  };

  const errorId = `${id}-error`;
  const input = (field: keyof Fields, label: string, autoComplete: string) => (
    <div className="space-y-2">
      <Label htmlFor={`${id}-${field}`}>{label}</Label>
      <Input
        id={`${id}-${field}`}
        type="password"
        autoComplete={autoComplete}
        value={fields[field]}
        onChange={set(field)}
        aria-invalid={error?.field === field ? true : undefined}
        aria-describedby={error?.field === field ? errorId : undefined}
      />
    </div>
  );

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold text-slate-900">Change Password</h2>
        <CardDescription>
          At least {PASSWORD_MIN_LENGTH} characters. Other signed-in devices are signed out.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {input('current', 'Current Password', 'current-password')}
          {input('next', 'New Password', 'new-password')}
          {input('confirm', 'Confirm New Password', 'new-password')}
          {error && (
            <p
              id={errorId}
              role="alert"
              className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
            >
              {error.message}
            </p>
          )}
          <Button type="submit" disabled={change.isPending}>
            <KeyRound aria-hidden="true" />
            {change.isPending ? 'Changing...' : 'Change Password'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
