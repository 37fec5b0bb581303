import { useQuery } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import type { Invitation, StaffMember } from '#shared/admin-api.ts';
import { STAFF_MSG } from '#shared/messages/staff.ts';
import { ROLE_LABELS, type Role } from '#shared/permissions.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { ErrorNote, LoadingNote } from '#web/components/query-notes.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { useAdminMe } from '#web/lib/use-admin-auth.ts';
import {
  adminStaffQuery,
  useResendInvitation,
  useResetStaffPassword,
  useRevokeInvitation,
  useUpdateStaff,
} from './api.ts';
import { InvitationsList } from './invitations-list.tsx';
import { InviteDialog } from './invite-dialog.tsx';
import { ROLE_SUMMARY, staffTexts } from './role-texts.ts';
import { StaffMembers } from './staff-members.tsx';

/** What the owner is asked to confirm. */
type Pending =
  | { kind: 'role'; member: StaffMember; role: Role }
  | { kind: 'deactivate' | 'reactivate' | 'reset'; member: StaffMember }
  | { kind: 'revoke'; invitation: Invitation };

type Question = Pick<
  ComponentProps<typeof ConfirmDialog>,
  'title' | 'description' | 'confirmLabel' | 'destructive'
>;

function question(pending: Pending): Question {
  switch (pending.kind) {
    case 'role':
      return {
        title: `Make ${pending.member.email} ${ROLE_LABELS[pending.role]}?`,
        description: `${ROLE_LABELS[pending.role]}: ${ROLE_SUMMARY[pending.role]}`,
        confirmLabel: `Make ${ROLE_LABELS[pending.role]}`,
      };
    case 'deactivate':
      return {
        title: `Deactivate ${pending.member.email}?`,
        description:
          'They are signed out at once on every device and cannot sign in until they are reactivated. What they did stays in the audit trail.',
        confirmLabel: 'Deactivate',
        destructive: true,
      };
    case 'reactivate':
      return {
        title: `Reactivate ${pending.member.email}?`,
        description: `They can sign in again as ${ROLE_LABELS[pending.member.role]}.`,
        confirmLabel: 'Reactivate',
      };
    case 'reset':
      return {
        title: `Reset the password of ${pending.member.email}?`,
        description:
          'They are signed out on every device and get an e-mail with a single-use link to choose a new password.',
        confirmLabel: 'Send reset link',
      };
    case 'revoke':
      return {
        title: `Revoke the invitation to ${pending.invitation.email}?`,
        description: 'The link in their e-mail stops working. You can invite them again later.',
        confirmLabel: 'Revoke',
        destructive: true,
      };
  }
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function StaffView() {
  const list = useQuery(adminStaffQuery);
  const meId = useAdminMe().data?.user?.id;
  const update = useUpdateStaff();
  const reset = useResetStaffPassword();
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const [inviting, setInviting] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  // A refusal (the last owner) is read in the dialog, next to the question it answers.
  const [refusal, setRefusal] = useState<string | null>(null);

  const ask = (next: Pending) => {
    setRefusal(null);
    setPending(next);
  };
  const done = (message: string) => {
    toast.success(message);
    setPending(null);
  };
  const refused = (error: unknown) => setRefusal(errorMessage(error));

  const confirm = (p: Pending) => {
    switch (p.kind) {
      case 'role':
        return update.mutate(
          { member: p.member, change: { role: p.role } },
          { onSuccess: (m) => done(staffTexts.roleChanged(m.email, ROLE_LABELS[m.role])), onError: refused },
        );
      case 'deactivate':
      case 'reactivate':
        return update.mutate(
          { member: p.member, change: { active: p.kind === 'reactivate' } },
          {
            onSuccess: (m) =>
              done(m.active ? staffTexts.reactivated(m.email) : staffTexts.deactivated(m.email)),
            onError: refused,
          },
        );
      case 'reset':
        return reset.mutate(p.member, {
          onSuccess: () => done(STAFF_MSG.resetSent(p.member.email)),
          onError: refused,
        });
      case 'revoke':
        return revoke.mutate(p.invitation, {
          onSuccess: () => done(staffTexts.revoked(p.invitation.email)),
          onError: refused,
        });
    }
  };

  const resendInvitation = (invitation: Invitation) =>
    resend.mutate(invitation, {
      onSuccess: (sent) => toast.success(STAFF_MSG.invitationSent(sent.email)),
      onError: (error) => toast.error(errorMessage(error)),
    });

  const busy = update.isPending || reset.isPending || revoke.isPending;

  return (
    <div className="mt-6 space-y-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600" aria-live="polite">
          {list.data
            ? `${plural(list.data.staff.length, 'person', 'people')} · ${plural(list.data.invitations.length, 'pending invitation', 'pending invitations')}`
            : null}
        </p>
        <Button onClick={() => setInviting(true)}>
          <UserPlus aria-hidden="true" />
          Invite staff
        </Button>
      </div>

      {list.isPending ? (
        <LoadingNote>Loading staff…</LoadingNote>
      ) : list.isError ? (
        <ErrorNote error={list.error} />
      ) : (
        <>
          <section aria-labelledby="staff-people" className="space-y-3">
            <h2 id="staff-people" className="text-lg font-semibold text-slate-900">
              People
            </h2>
            <StaffMembers
              staff={list.data.staff}
              meId={meId}
              onRole={(member, role) => ask({ kind: 'role', member, role })}
              onDeactivate={(member) => ask({ kind: 'deactivate', member })}
              onReactivate={(member) => ask({ kind: 'reactivate', member })}
              onResetPassword={(member) => ask({ kind: 'reset', member })}
            />
          </section>
          <section aria-labelledby="staff-invitations" className="space-y-3">
            <h2 id="staff-invitations" className="text-lg font-semibold text-slate-900">
              Pending invitations
            </h2>
            {list.data.invitations.length === 0 ? (
              <p className="text-sm text-slate-600">No invitations are waiting.</p>
            ) : (
              <InvitationsList
                invitations={list.data.invitations}
                resending={resend.isPending ? (resend.variables?.id ?? null) : null}
                onResend={resendInvitation}
                onRevoke={(invitation) => ask({ kind: 'revoke', invitation })}
              />
            )}
          </section>
        </>
      )}

      <InviteDialog open={inviting} onOpenChange={setInviting} />

      {pending ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setPending(null)}
          {...question(pending)}
          busy={busy}
          onConfirm={() => confirm(pending)}
        >
          {refusal ? (
            <p
              role="alert"
              className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
            >
              {refusal}
            </p>
          ) : null}
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
