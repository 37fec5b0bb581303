import { AdminPageTitle } from '#web/components/layout/admin-page-title.tsx';
import { AccountCard } from '#web/features/admin/settings/account-card.tsx';
import { LogoutCard } from '#web/features/admin/settings/logout-card.tsx';
import { PasswordForm } from '#web/features/admin/settings/password-form.tsx';
import { SystemCard } from '#web/features/admin/settings/system-card.tsx';
import { useAdminMe } from '#web/lib/use-admin-auth.ts';

export default function SettingsPage() {
  // The admin layout renders pages only once someone is signed in.
  const user = useAdminMe().data?.user;
  return (
    <div className="space-y-6">
      <div>
        <AdminPageTitle>Settings</AdminPageTitle>
        <p className="mt-1 text-slate-600">Your account, password and this system.</p>
      </div>
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <div className="space-y-6">
          {user && <AccountCard user={user} />}
          <SystemCard />
        </div>
        <div className="space-y-6">
          <PasswordForm />
          <LogoutCard />
        </div>
      </div>
    </div>
  );
}
