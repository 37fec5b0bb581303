import { useQuery } from '@tanstack/react-query';
import { Send, UserPlus } from 'lucide-react';
import { useId, useState } from 'react';
import type { z } from 'zod';
import { STAFF_MSG } from '#shared/messages/staff.ts';
import { type Partner, partnerUserInviteSchema } from '#shared/partners.ts';
import { FormDialog } from '#web/components/form-dialog.tsx';
import { FormField } from '#web/components/form-field.tsx';
import { ErrorNote, LoadingNote } from '#web/components/query-notes.tsx';
import { StaffStatusBadge } from '#web/components/status-badges.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '#web/components/ui/card.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
import { formatInstant } from '#web/lib/dates.ts';
import { useDialogForm } from '#web/lib/dialog-form.ts';
import { useOperatorTimeZone } from '#web/lib/operator-time-zone.ts';
import { showServerFieldErrors } from '#web/lib/server-form.ts';
import { toast } from '#web/lib/toast.ts';
import { partnerUsersQuery, useInvitePartnerUser } from './api.ts';

type FormValues = z.input<typeof partnerUserInviteSchema>;
const EMPTY: FormValues = { email: '' };

function InviteUserDialog({
  partner,
  open,
  onOpenChange,
}: {
  partner: Partner;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const invite = useInvitePartnerUser(partner.id);
  const form = useDialogForm({ schema: partnerUserInviteSchema, open, values: EMPTY, request: invite });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((input) =>
    invite.mutate(input, {
      onSuccess: (invitation) => {
        toast.success(STAFF_MSG.invitationSent(invitation.email));
        onOpenChange(false);
      },
      onError: (error) => {
        const shown = showServerFieldErrors(error, ['email'], form.setError);
        // 409 staff_exists is about the address: said under it.
        if (error instanceof ApiError && error.code === 'staff_exists')
          form.setError('email', { message: error.message }, { shouldFocus: true });
        else if (!shown) form.setError('root', { message: errorMessage(error) });
      },
    }),
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Invite a user of ${partner.name}`}
      description="They get an e-mail with a link to choose a password, then book for the partner on its account. The link works once, for a limited time."
      onSubmit={onSubmit}
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
    </FormDialog>
  );
}

/** Who books for the partner, and who is invited but has not chosen a password yet. */
export function PartnerUsersCard({ partner }: { partner: Partner }) {
  const users = useQuery(partnerUsersQuery(partner.id));
  const timeZone = useOperatorTimeZone();
  const [inviting, setInviting] = useState(false);

  return (
    <Card role="region" aria-labelledby="partner-users-title">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 p-4 sm:p-6">
        <div className="grid gap-1">
          <h3 id="partner-users-title" className="text-lg font-semibold text-slate-900">
            Users
          </h3>
          <CardDescription>
            They sign in with the staff sign-in and book for {partner.name} only.
          </CardDescription>
        </div>
        <Button variant="outline" onClick={() => setInviting(true)}>
          <UserPlus aria-hidden="true" />
          Invite user
        </Button>
      </CardHeader>
      <CardContent className="grid gap-4 p-4 pt-0 sm:p-6 sm:pt-0">
        {users.isPending ? (
          <LoadingNote>Loading users…</LoadingNote>
        ) : users.isError ? (
          <ErrorNote error={users.error} />
        ) : (
          <>
            {users.data.users.length === 0 ? (
              <p className="text-sm text-slate-600">Nobody books for this partner yet.</p>
            ) : (
              <ul aria-labelledby="partner-users-title" className="divide-y divide-slate-100">
                {users.data.users.map((user) => (
                  <li
                    key={user.id}
                    data-user-email={user.email}
                    className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2"
                  >
                    <span className="min-w-0 text-sm font-semibold break-all text-slate-900">
                      {user.email}
                    </span>
                    <span className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
                      {user.lastSignInAt
                        ? `Last sign-in ${formatInstant(user.lastSignInAt, timeZone)}`
                        : 'Never signed in'}
                      <StaffStatusBadge active={user.active} />
                    </span>
                  </li>
                ))}
              </ul>
            )}
            <div className="grid gap-2">
              <h4 id="partner-invitations-title" className="text-sm font-semibold text-slate-900">
                Open invitations
              </h4>
              {users.data.invitations.length === 0 ? (
                <p className="text-sm text-slate-600">No invitations are waiting.</p>
              ) : (
                <ul aria-labelledby="partner-invitations-title" className="divide-y divide-slate-100">
                  {users.data.invitations.map((invitation) => (
                    <li
                      key={invitation.id}
                      data-invitation-email={invitation.email}
                      className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2"
                    >
                      <span className="min-w-0 text-sm break-all text-slate-900">{invitation.email}</span>
                      <span className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
                        Link valid until {formatInstant(invitation.expiresAt, timeZone)}
                        <Badge variant="warning">Invited</Badge>
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </>
        )}
      </CardContent>
      <InviteUserDialog partner={partner} open={inviting} onOpenChange={setInviting} />
    </Card>
  );
}
