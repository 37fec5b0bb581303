import { KeyRound, UserCheck, UserX } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import type { StaffMember } from '#shared/admin-api.ts';
import { ROLE_LABELS, ROLES, type Role } from '#shared/permissions.ts';
import { EmailText } from '#web/components/email-text.tsx';
import { StaffStatusBadge } from '#web/components/status-badges.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { NativeSelect } from '#web/components/ui/native-select.tsx';
import { formatInstant } from '#web/lib/dates.ts';
import { Link } from '#web/lib/navigation.tsx';
import { useOperatorTimeZone } from '#web/lib/operator-time-zone.ts';
import { useIsMobile } from '#web/lib/use-is-mobile.ts';

export type StaffActions = {
  /** A different role was picked for `member` (the view asks before changing it). */
  onRole: (member: StaffMember, role: Role) => void;
  onDeactivate: (member: StaffMember) => void;
  onReactivate: (member: StaffMember) => void;
  onResetPassword: (member: StaffMember) => void;
};

type Props = StaffActions & {
  staff: StaffMember[];
  /** The signed-in owner: not offered to demote or deactivate themselves. */
  meId: string | undefined;
};

function LastSignIn({ at }: { at: string | null }) {
  const timeZone = useOperatorTimeZone();
  return at ? <time dateTime={at}>{formatInstant(at, timeZone)}</time> : <>Never</>;
}

function Person({ member, isMe }: { member: StaffMember; isMe: boolean }) {
  return (
    <div className="min-w-0">
      <p className="font-semibold text-slate-900">
        <EmailText email={member.email} />
        {isMe ? (
          <Badge variant="outline" className="ml-2 align-text-bottom">
            You
          </Badge>
        ) : null}
      </p>
      <p className="text-sm [overflow-wrap:anywhere] text-slate-600">{member.username}</p>
    </div>
  );
}

/** The role, as a choice for anyone else, as text for oneself. */
function RoleControl({
  member,
  isMe,
  onRole,
  label,
}: {
  member: StaffMember;
  isMe: boolean;
  onRole: StaffActions['onRole'];
  /** Whether the label shows (a card) or is for screen readers only (a table cell). */
  label: 'visible' | 'hidden';
}) {
  const id = useId();
  const labelText = (
    <>
      Role<span className="sr-only"> of {member.email}</span>
    </>
  );
  if (isMe) {
    return (
      <div className="grid gap-1">
        {label === 'visible' ? <span className="text-sm font-medium text-slate-600">Role</span> : null}
        <span className="font-medium text-slate-900">{ROLE_LABELS[member.role]}</span>
      </div>
    );
  }
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className={label === 'visible' ? 'text-sm font-medium text-slate-600' : 'sr-only'}>
        {labelText}
      </label>
      <NativeSelect
        id={id}
        // Controlled by the server's answer: the view asks first, and a cancel leaves it as it was.
        value={member.role}
        onChange={(event) => onRole(member, event.target.value as Role)}
        className="min-w-32"
      >
        {ROLES.map((role) => (
          <option key={role} value={role}>
            {ROLE_LABELS[role]}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

function MemberActions({
  member,
  isMe,
  actions,
}: {
  member: StaffMember;
  isMe: boolean;
  actions: StaffActions;
}): ReactNode {
  if (isMe) {
    return (
      <p className="text-sm text-slate-600">
        Your own password is changed in{' '}
        <Link
          href="/admin/settings"
          className="font-medium text-sky-800 underline underline-offset-2 hover:text-sky-950"
        >
          Settings
        </Link>
        .
      </p>
    );
  }
  return (
    <div className="flex flex-wrap gap-2">
      {member.active ? (
        <>
          <Button variant="outline" size="sm" onClick={() => actions.onResetPassword(member)}>
            <KeyRound aria-hidden="true" />
            Reset password<span className="sr-only"> of {member.email}</span>
          </Button>
          <Button
            variant="outline"
            size="sm"
            className="text-red-700 hover:bg-red-50 hover:text-red-800"
            onClick={() => actions.onDeactivate(member)}
          >
            <UserX aria-hidden="true" />
            Deactivate<span className="sr-only"> {member.email}</span>
          </Button>
        </>
      ) : (
        <Button variant="outline" size="sm" onClick={() => actions.onReactivate(member)}>
          <UserCheck aria-hidden="true" />
          Reactivate<span className="sr-only"> {member.email}</span>
        </Button>
      )}
    </div>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm font-medium text-slate-600">{term}</dt>
      <dd className="mt-1 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

function StaffCards({ staff, meId, ...actions }: Props) {
  return (
    <ul className="grid gap-3">
      {staff.map((member) => {
        const isMe = member.id === meId;
        return (
          <li key={member.id} data-staff-email={member.email}>
            <Card className="grid gap-4 p-4">
              <div className="flex items-start justify-between gap-3">
                <Person member={member} isMe={isMe} />
                <StaffStatusBadge active={member.active} />
              </div>
              <dl>
                <Fact term="Last sign-in">
                  <LastSignIn at={member.lastSignInAt} />
                </Fact>
              </dl>
              <RoleControl member={member} isMe={isMe} onRole={actions.onRole} label="visible" />
              <MemberActions member={member} isMe={isMe} actions={actions} />
            </Card>
          </li>
        );
      })}
    </ul>
  );
}

function StaffTable({ staff, meId, ...actions }: Props) {
  return (
    <Card className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Staff</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
          <tr>
            {['Person', 'Role', 'Last sign-in', 'Status', 'Actions'].map((column) => (
              <th key={column} scope="col" className="px-4 py-3 font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {staff.map((member) => {
            const isMe = member.id === meId;
            return (
              <tr key={member.id} data-staff-email={member.email} className="align-middle">
                <td className="px-4 py-3">
                  <Person member={member} isMe={isMe} />
                </td>
                <td className="px-4 py-3">
                  <RoleControl member={member} isMe={isMe} onRole={actions.onRole} label="hidden" />
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-900">
                  <LastSignIn at={member.lastSignInAt} />
                </td>
                <td className="px-4 py-3">
                  <StaffStatusBadge active={member.active} />
                </td>
                <td className="px-4 py-3">
                  <MemberActions member={member} isMe={isMe} actions={actions} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </Card>
  );
}

/** Everyone with an account: cards on a phone, a table on a wider screen. */
export function StaffMembers(props: Props) {
  return useIsMobile() ? <StaffCards {...props} /> : <StaffTable {...props} />;
}
