import { Send } from 'lucide-react';
import { useId } from 'react';
import type { z } from 'zod';
import { inviteStaffSchema } from '#shared/admin-api.ts';
import { STAFF_MSG } from '#shared/messages/staff.ts';
import { ROLE_LABELS, ROLES } from '#shared/permissions.ts';
import { FormDialog } from '#web/components/form-dialog.tsx';
import { FormField } from '#web/components/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
import { useDialogForm } from '#web/lib/dialog-form.ts';
import { showServerFieldErrors } from '#web/lib/server-form.ts';
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
  const form = useDialogForm({ schema: inviteStaffSchema, open, values: EMPTY, request: invite });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((input) =>
    invite.mutate(input, {
      onSuccess: (invitation) => {
        toast.success(STAFF_MSG.invitationSent(invitation.email));
        onOpenChange(false);
      },
      onError: (error) => {
        const shown = showServerFieldErrors(error, ['email', 'role'], form.setError);
        // 409 staff_exists is about the address: said under it.
        if (error instanceof ApiError && error.code === 'staff_exists')
          form.setError('email', { message: error.message }, { shouldFocus: true });
        else if (!shown) form.setError('root', { message: errorMessage(error) });
      },
    }),
  );

  const roleError = `${id}-role-error`;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Invite staff"
      description="They get an e-mail with a link to choose a password. The link works once, for a limited time."
      onSubmit={onSubmit}
      className="gap-5"
      error={errors.root?.message}
      pending={invite.isPending}
      submitIcon={<Send aria-hidden="true" />}
      submitLabel="Send invitation"
      pendingLabel="Sending..."
    >
      <FormField id={`${id}-email`} label="Email" error={errors.email?.message}>
        {(control) => (
          <Input
            {...control}
            type="email"
            autoComplete="off"
            placeholder="name@example.com"
            {...form.register('email')}
          />
        )}
      </FormField>
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
    </FormDialog>
  );
}
