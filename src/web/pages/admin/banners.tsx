import { AdminPageTitle } from '#web/components/layout/admin-page-title.tsx';
import { BannerList } from '#web/features/admin/banners/banner-list.tsx';
import { BannerUploadCard } from '#web/features/admin/banners/banner-upload-card.tsx';

export default function BannersPage() {
  return (
    <>
      <AdminPageTitle>Banner Management</AdminPageTitle>
      <p className="mt-1 text-sm text-slate-600">The images that rotate on the home page.</p>
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] lg:items-start">
        <BannerUploadCard />
        <BannerList />
      </div>
    </>
  );
}
