import { useQuery } from '@tanstack/react-query';
import { LogIn, RotateCw } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import type { AuthMe, StaffLink } from '#shared/admin-api.ts';
import { MSG } from '#shared/messages/api.ts';
import { STAFF_MSG } from '#shared/messages/staff.ts';
import { FIRST_SCREEN, ROLE_LABELS } from '#shared/permissions.ts';
import { EmailText } from '#web/components/email-text.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { Link, useNavigate } from '#web/lib/navigation.tsx';
import { useBranding } from '#web/lib/public-queries.ts';
import { toast } from '#web/lib/toast.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { staffLinkQuery } from './api.ts';
import { isLinkEnded } from './link-problems.ts';
import { hideLinkToken, readLinkToken } from './link-token.ts';
import { SetPasswordForm } from './set-password-form.tsx';

export type StaffLinkKind = StaffLink['kind'];

function Heading({ children }: { children: ReactNode }) {
  return <h1 className="mt-6 text-2xl font-bold tracking-tight text-slate-900">{children}</h1>;
}

/** A link that cannot set a password: why, in the server's words, and the way to sign in. */
function LinkProblem({ message }: { message: string }) {
  return (
    <div className="mt-6 space-y-6">
      <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
        {message}
      </p>
      <Button asChild variant="outline" className="w-full">
        <Link to="/admin/login">
          <LogIn aria-hidden="true" />
          Go to the login page
        </Link>
      </Button>
    </div>
  );
}

/** What the link makes the person: a staff role, or a partner's booker. */
const roleOf = (link: StaffLink) =>
  link.role === 'partner' ? `Booking for ${link.partnerName ?? 'a partner'}` : ROLE_LABELS[link.role];

function Facts({ link }: { link: StaffLink }) {
  return (
    <dl className="mt-4 mb-6 grid gap-3 rounded-xl bg-slate-50 p-4">
      <div className="min-w-0">
        <dt className="text-sm font-medium text-slate-600">Email</dt>
        <dd className="mt-0.5 font-semibold text-slate-900">
          <EmailText email={link.email} />
        </dd>
      </div>
      <div>
        <dt className="text-sm font-medium text-slate-600">Role</dt>
        <dd className="mt-0.5 font-semibold text-slate-900">{roleOf(link)}</dd>
      </div>
    </dl>
  );
}

/**
 * An e-mailed invitation (`/admin/welcome#<token>`) or password reset link
 * (`/admin/reset-password#<token>`): checked first, then a new password signs the person in.
 */
export function SetPasswordView({ kind }: { kind: StaffLinkKind }) {
  const { appName } = useBranding();
  const navigate = useNavigate();
  const [token] = useState(readLinkToken);
  // Used or expired while the page was open: said instead of the form.
  const [ended, setEnded] = useState<string | null>(null);
  const check = useQuery({ ...staffLinkQuery(token ?? ''), enabled: token !== null });
  useEffect(() => {
    if (token) hideLinkToken(token);
  }, [token]);

  const shownKind = check.data?.kind ?? kind;
  const title = shownKind === 'invite' ? `Welcome to ${appName}` : 'Choose a new password';
  useDocumentTitle(shownKind === 'invite' ? 'Welcome' : 'Choose a new password');

  const signedIn = (me: AuthMe, link: StaffLink) => {
    if (link.kind === 'reset') toast.success(MSG.passwordChanged);
    const role = me.user?.role ?? link.role;
    // A partner's user books on the partner's screen (docs/decisions/043).
    navigate(me.partner || role === 'partner' ? '/partner' : FIRST_SCREEN[role], { replace: true });
  };

  let body: ReactNode;
  if (token === null) body = <LinkProblem message={STAFF_MSG.linkInvalid} />;
  else if (ended !== null) body = <LinkProblem message={ended} />;
  else if (check.isPending) {
    body = (
      <p role="status" className="mt-6 flex items-center gap-2 text-sm text-slate-700">
        <Spinner className="size-5 text-sky-700" />
        Checking your link…
      </p>
    );
  } else if (check.isError) {
    body = isLinkEnded(check.error) ? (
      <LinkProblem message={check.error.message} />
    ) : (
      <div className="mt-6 space-y-4">
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {errorMessage(check.error)}
        </p>
        <Button variant="outline" onClick={() => void check.refetch()}>
          <RotateCw aria-hidden="true" />
          Try again
        </Button>
      </div>
    );
  } else {
    const link = check.data;
    body = (
      <>
        <p className="mt-1 text-sm text-slate-600">
          {link.kind === 'invite'
            ? link.role === 'partner'
              ? `You have been invited to book for ${link.partnerName ?? 'a partner'}. Choose a password to finish setting up your account.`
              : `You have been invited to the admin area as ${ROLE_LABELS[link.role]}. Choose a password to finish setting up your account.`
            : 'Your new password replaces the old one and signs you in.'}
        </p>
        <Facts link={link} />
        <SetPasswordForm
          token={token}
          link={link}
          onSignedIn={(me) => signedIn(me, link)}
          onLinkEnded={(error) => setEnded(error.message)}
        />
      </>
    );
  }

  return (
    <>
      <Heading>{title}</Heading>
      {body}
    </>
  );
}
