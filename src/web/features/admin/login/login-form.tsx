import { zodResolver } from '@hookform/resolvers/zod';
import { Eye, EyeOff, LogIn } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type AdminUser, loginRequestSchema } from '#shared/admin-api.ts';
import { MSG } from '#shared/messages/api.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { useDemoCredentials, useLogin } from '#web/lib/use-admin-auth.ts';

/** The sign-in form; `onSignedIn` runs with the signed-in person once the session cookie is set. */
export function LoginForm({ onSignedIn }: { onSignedIn: (user: AdminUser) => void }) {
  const id = useId();
  // One message for the form, kept until the next Sign In; the browser's own check (required)
  // has the focus on the first empty field already.
  const form = useForm<z.input<typeof loginRequestSchema>, unknown, z.output<typeof loginRequestSchema>>({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { email: '', password: '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { errors } = form.formState;
  const [showPassword, setShowPassword] = useState(false);
  const login = useLogin();
  const demo = useDemoCredentials().data?.demo;
  // Whatever the schema finds, the form says it in one sentence, as the API does (login_required).
  const error = errors.root?.message ?? (errors.email || errors.password ? MSG.loginRequired : null);

  const onSubmit = form.handleSubmit((credentials) =>
    login.mutate(credentials, {
      onSuccess: (me) => {
        if (me.user) onSignedIn(me.user);
      },
      // docs/product.md section 8: the error message or 'Invalid credentials'.
      onError: (e) =>
        form.setError('root', {
          message: e instanceof ApiError && e.message ? e.message : MSG.invalidCredentials,
        }),
    }),
  );

  const errorId = `${id}-error`;
  return (
    <form onSubmit={onSubmit} className="space-y-5" aria-describedby={error ? errorId : undefined}>
      <div className="space-y-2">
        <Label htmlFor={`${id}-email`}>Email</Label>
        <Input
          id={`${id}-email`}
          type="email"
          autoComplete="username"
          required
          {...form.register('email')}
          aria-invalid={error ? true : undefined}
        />
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
            aria-invalid={error ? true : undefined}
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
      </div>
      {error && (
        <p
          id={errorId}
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          {error}
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
