import { AdminPageTitle } from '#web/components/layout/admin-page-title.tsx';
import { LocationsView } from '#web/features/admin/locations/locations-view.tsx';

export default function LocationsPage() {
  return (
    <>
      <AdminPageTitle>Location Management</AdminPageTitle>
      <p className="mt-1 text-sm text-slate-600">The islands, harbours and airports your trips stop at.</p>
      <LocationsView />
    </>
  );
}
