import { zodResolver } from '@hookform/resolvers/zod';
import { Eye, EyeOff, LogIn } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type AuthMe, loginRequestSchema } from '#shared/admin-api.ts';
import { MSG } from '#shared/messages/api.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { useDemoCredentials, useLogin } from '#web/lib/use-admin-auth.ts';

/** The root error's type when the server refused the e-mail and password together. */
const CREDENTIALS = 'credentials';

function FieldMessage({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} role="alert" className="text-sm text-red-800">
      {message}
    </p>
  ) : null;
}

/**
 * The sign-in form; `onSignedIn` runs with who signed in (staff, or a partner's user) once the
 * session cookie is set.
 */
export function LoginForm({ onSignedIn }: { onSignedIn: (me: AuthMe) => void }) {
  const id = useId();
  // Checked on Sign In, then again as the fields change; the focus goes to the first empty field.
  const form = useForm<z.input<typeof loginRequestSchema>, unknown, z.output<typeof loginRequestSchema>>({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;
  const [showPassword, setShowPassword] = useState(false);
  const login = useLogin();
  const demo = useDemoCredentials().data?.demo;
  const refusal = errors.root?.message;
  // Wrong credentials are about both fields at once: the server does not say which was wrong.
  const bothWrong = errors.root?.type === CREDENTIALS;

  const onSubmit = form.handleSubmit((credentials) =>
    login.mutate(credentials, {
      onSuccess: (me) => {
        if (me.user || me.partner) onSignedIn(me);
      },
      // docs/product.md section 8: the error message or 'Invalid credentials'.
      onError: (e) => {
        const wrong = e instanceof ApiError && e.code === 'invalid_credentials';
        form.setError('root', {
          type: wrong ? CREDENTIALS : 'server',
          message: e instanceof ApiError && e.message ? e.message : MSG.invalidCredentials,
        });
        if (wrong) form.setFocus('email');
      },
    }),
  );

  const errorId = `${id}-error`;
  const describedBy = (field: 'email' | 'password') =>
    [errors[field] ? `${id}-${field}-error` : null, bothWrong ? errorId : null].filter(Boolean).join(' ') ||
    undefined;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <div className="space-y-2">
        <Label htmlFor={`${id}-email`}>Email</Label>
        <Input
          id={`${id}-email`}
          type="email"
          autoComplete="username"
          required
          {...form.register('email')}
          aria-invalid={errors.email || bothWrong ? true : undefined}
          aria-describedby={describedBy('email')}
        />
        <FieldMessage id={`${id}-email-error`} message={errors.email?.message} />
      </div>
      <div className="space-y-2">
        <Label htmlFor={`${id}-password`}>Password</Label>
        <div className="relative">
          <Input
            id={`${id}-password`}
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            required
            {...form.register('password')}
            aria-invalid={errors.password || bothWrong ? true : undefined}
            aria-describedby={describedBy('password')}
            className="pr-12"
          />
          <button
            type="button"
            onClick={() => setShowPassword((v) => !v)}
            aria-label={showPassword ? 'Hide password' : 'Show password'}
            aria-pressed={showPassword}
            aria-controls={`${id}-password`}
            className="absolute inset-y-0 right-0 inline-flex w-11 items-center justify-center rounded-r-lg text-slate-600 hover:text-slate-900"
          >
            {showPassword ? (
              <EyeOff aria-hidden="true" className="size-5" />
            ) : (
              <Eye aria-hidden="true" className="size-5" />
            )}
          </button>
        </div>
        <FieldMessage id={`${id}-password-error`} message={errors.password?.message} />
      </div>
      {refusal && (
        <p
          id={errorId}
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          {refusal}
        </p>
      )}
      <Button type="submit" className="w-full" size="lg" disabled={login.isPending}>
        <LogIn aria-hidden="true" />
        {login.isPending ? 'Signing in...' : 'Sign In'}
      </Button>
      {demo && (
        <p className="rounded-lg bg-sky-50 px-3 py-2 text-center text-sm text-sky-900">
          Demo: {demo.email} / {demo.password}
        </p>
      )}
    </form>
  );
}
