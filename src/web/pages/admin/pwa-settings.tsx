import { AdminPageTitle } from '#web/components/layout/admin-page-title.tsx';
import { PwaSettingsView } from '#web/features/admin/pwa-settings/pwa-settings-view.tsx';

export default function PwaSettingsPage() {
  return (
    <>
      <AdminPageTitle>PWA Settings</AdminPageTitle>
      <p className="mt-1 text-sm text-slate-600">
        How the site and the installed app look: name, colours, logo and icons; and how passengers reach you.
      </p>
      <PwaSettingsView />
    </>
  );
}
