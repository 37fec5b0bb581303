import './boarding-device.ts';
import { BrandHomeLink, StaffEntryPage } from '#web/components/layout/staff-entry-page.tsx';
import { LoginForm } from '#web/features/admin/login/login-form.tsx';
import { fromPartnerScreen, landingFor } from '#web/features/admin/login/redirect-target.ts';
import { RestrictedAreaPanel } from '#web/features/admin/login/restricted-area-panel.tsx';
import { EnglishArea } from '#web/i18n/english-area.tsx';
import { Navigate, useHistoryState, useNavigate } from '#web/lib/navigation.tsx';
import { useAdminMe } from '#web/lib/use-admin-auth.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';

/** The admin area is English whatever the passenger side's language (EnglishArea). */
export default function AdminLoginPage() {
  return (
    <EnglishArea>
      <AdminLogin />
    </EnglishArea>
  );
}

function AdminLogin() {
  const me = useAdminMe();
  const historyState = useHistoryState();
  const navigate = useNavigate();
  useDocumentTitle('Admin Login');

  // Staff to their screen, a partner's user to the partner's (docs/decisions/043). A cached answer
  // may be from before a logout: follow it only once it has been re-checked.
  const landing = landingFor(historyState, me.data);
  if (landing && !me.isFetching) return <Navigate to={landing} replace />;

  return (
    <StaffEntryPage className="mx-auto grid w-full max-w-md gap-6 md:max-w-4xl md:grid-cols-2 md:items-start">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-lg sm:p-8">
        <BrandHomeLink />
        <h1 className="mt-6 text-2xl font-bold tracking-tight text-slate-900">Admin Login</h1>
        <p className="mt-1 mb-6 text-sm text-slate-600">
          {fromPartnerScreen(historyState)
            ? 'Sign in to book your guests on account.'
            : 'Sign in to manage trips, tickets and settings.'}
        </p>
        <LoginForm
          onSignedIn={(signedIn) =>
            navigate(landingFor(historyState, signedIn) ?? '/admin', { replace: true })
          }
        />
      </div>
      <RestrictedAreaPanel />
    </StaffEntryPage>
  );
}
