import { AdminPageTitle } from '../../components/layout/admin-page-title.tsx';

export default function PwaSettingsPage() {
  return <AdminPageTitle>PWA Settings</AdminPageTitle>;
}
