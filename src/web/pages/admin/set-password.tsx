import { BrandHomeLink, StaffEntryPage } from '#web/components/layout/staff-entry-page.tsx';
import { SetPasswordView } from '#web/features/admin/set-password/set-password-view.tsx';
import { EnglishArea } from '#web/i18n/english-area.tsx';
import { usePathname } from '#web/lib/navigation.tsx';

/**
 * The e-mailed staff links: an invitation (`/admin/welcome`) or a password reset
 * (`/admin/reset-password`). Outside the admin layout, as nobody is signed in yet; English like
 * the rest of the admin area (EnglishArea).
 */
export default function SetPasswordPage() {
  return (
    <EnglishArea>
      <SetPassword />
    </EnglishArea>
  );
}

function SetPassword() {
  const kind = usePathname().startsWith('/admin/welcome') ? 'invite' : 'reset';
  return (
    <StaffEntryPage className="mx-auto w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-lg sm:p-8">
      <BrandHomeLink />
      <SetPasswordView kind={kind} />
    </StaffEntryPage>
  );
}
