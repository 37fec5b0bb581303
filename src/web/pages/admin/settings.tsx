import { AdminPageTitle } from '../../components/layout/admin-page-title.tsx';

export default function SettingsPage() {
  return <AdminPageTitle>Settings</AdminPageTitle>;
}
