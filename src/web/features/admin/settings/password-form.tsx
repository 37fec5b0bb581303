import { KeyRound } from 'lucide-react';
import { PASSWORD_MIN_LENGTH } from '#shared/constants.ts';
import { MSG } from '#shared/messages/api.ts';
import { usePasswordFields } from '#web/components/password-fields.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '#web/components/ui/card.tsx';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
import { checkPasswordChange, EMPTY_PASSWORD_FIELDS } from '#web/lib/password-checks.ts';
import { toast } from '#web/lib/toast.ts';
import { useChangePassword } from '#web/lib/use-admin-auth.ts';

export function PasswordForm() {
  const { clear, setProblem, field, alert, submit } = usePasswordFields(EMPTY_PASSWORD_FIELDS);
  const change = useChangePassword();

  const onSubmit = submit(checkPasswordChange, (values) =>
    change.mutate(
      { currentPassword: values.current, newPassword: values.next },
      {
        onSuccess: () => {
          clear();
          toast.success(MSG.passwordChanged);
        },
        // docs/product.md section 8: the server's message as is.
        onError: (e) => {
          const message = errorMessage(e);
          const about = e instanceof ApiError && e.code === 'current_password_incorrect' ? 'current' : null;
          setProblem({ field: about, message });
          toast.error(message);
        },
      },
    ),
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
          {field('current', 'Current Password', 'current-password')}
          {field('next', 'New Password', 'new-password')}
          {field('confirm', 'Confirm New Password', 'new-password')}
          {alert}
          <Button type="submit" disabled={change.isPending}>
            <KeyRound aria-hidden="true" />
            {change.isPending ? 'Changing...' : 'Change Password'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
