import { BrandMark } from '#web/components/layout/brand-mark.tsx';
import { SetPasswordView } from '#web/features/admin/set-password/set-password-view.tsx';
import { EnglishArea } from '#web/i18n/english-area.tsx';
import { Link, usePathname } from '#web/lib/navigation.tsx';
import { useBranding } from '#web/lib/public-queries.ts';

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
  const { appName, logoUrl } = useBranding();
  const kind = usePathname().startsWith('/admin/welcome') ? 'invite' : 'reset';
  return (
    <main className="min-h-dvh bg-gradient-to-br from-sky-50 via-white to-sky-100 px-4 py-8 sm:py-12">
      <div className="mx-auto w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-lg sm:p-8">
        <Link to="/" className="inline-flex items-center gap-2.5 rounded-lg font-bold text-slate-900">
          <BrandMark logoUrl={logoUrl} />
          {appName}
        </Link>
        <SetPasswordView kind={kind} />
      </div>
    </main>
  );
}
