import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type InviteStaff, inviteStaffSchema } from '#shared/admin-api.ts';
import { ROLE_LABELS, ROLES } from '#shared/permissions.ts';
import { STAFF_MSG } from '#shared/staff-messages.ts';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { useInviteStaff } from './api.ts';
import { ROLE_SUMMARY } from './role-texts.ts';

type FormValues = z.input<typeof inviteStaffSchema>;
const EMPTY = { email: '' } as FormValues;

export function InviteDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const invite = useInviteStaff();
  const form = useForm<FormValues, unknown, InviteStaff>({
    resolver: zodResolver(inviteStaffSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (open) {
      form.reset(EMPTY);
      invite.reset();
    }
  }, [open, form.reset, invite.reset]);

  const onSubmit = form.handleSubmit((input) =>
    invite.mutate(input, {
      onSuccess: (invitation) => {
        toast.success(STAFF_MSG.invitationSent(invitation.email));
        onOpenChange(false);
      },
      onError: (error) => {
        const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
        if (fields.email) form.setError('email', { message: fields.email });
        if (fields.role) form.setError('role', { message: fields.role });
        // 409 staff_exists is about the address: said under it.
        if (error instanceof ApiError && error.code === 'staff_exists')
          form.setError('email', { message: error.message });
        else if (!fields.email && !fields.role) form.setError('root', { message: errorMessage(error) });
      },
    }),
  );

  const emailError = `${id}-email-error`;
  const roleError = `${id}-role-error`;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Invite staff</DialogTitle>
          <DialogDescription>
            They get an e-mail with a link to choose a password. The link works once, for a limited time.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-5">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-email`}>Email</Label>
            <Input
              id={`${id}-email`}
              type="email"
              autoComplete="off"
              placeholder="name@example.com"
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={errors.email ? emailError : undefined}
              {...form.register('email')}
            />
            {errors.email ? (
              <p id={emailError} role="alert" className="text-sm text-red-800">
                {errors.email.message}
              </p>
            ) : null}
          </div>
          <fieldset className="grid gap-2" aria-describedby={errors.role ? roleError : undefined}>
            <legend className="mb-2 text-sm font-medium text-slate-800">Role</legend>
            {ROLES.map((role) => (
              <label
                key={role}
                className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-200 p-3 has-checked:border-sky-600 has-checked:bg-sky-50"
              >
                <input
                  type="radio"
                  value={role}
                  aria-describedby={`${id}-${role}-summary`}
                  className="mt-0.5 size-4 shrink-0 accent-sky-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600"
                  {...form.register('role')}
                />
                <span className="grid gap-0.5">
                  <span className="text-sm font-semibold text-slate-900">{ROLE_LABELS[role]}</span>
                  <span id={`${id}-${role}-summary`} className="text-xs text-slate-600">
                    {ROLE_SUMMARY[role]}
                  </span>
                </span>
              </label>
            ))}
            {errors.role ? (
              <p id={roleError} role="alert" className="text-sm text-red-800">
                {errors.role.message}
              </p>
            ) : null}
          </fieldset>
          {errors.root ? (
            <p
              role="alert"
              className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
            >
              {errors.root.message}
            </p>
          ) : null}
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={invite.isPending}>
              {invite.isPending ? <Spinner /> : <Send aria-hidden="true" />}
              {invite.isPending ? 'Sending...' : 'Send invitation'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
