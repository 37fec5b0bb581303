import { useQuery } from '@tanstack/react-query';
import { Images, Monitor, Smartphone, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { MSG } from '#shared/messages/api.ts';
import type { Banner } from '#shared/schemas.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { ErrorNote } from '#web/components/query-notes.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { toast } from '#web/lib/toast.ts';
import { adminBannersQuery, useDeleteBanner } from './api.ts';

function BannerRow({ banner, onDelete }: { banner: Banner; onDelete: () => void }) {
  return (
    <Card className="flex flex-col overflow-hidden sm:flex-row" data-banner-id={banner.id}>
      <div className="aspect-video w-full shrink-0 overflow-hidden bg-slate-100 sm:w-64">
        <img src={banner.imageUrl} alt={`${banner.title} preview`} className="size-full object-contain" />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-3 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="text-base font-semibold text-slate-900">{banner.title}</h3>
          <span className="text-xs text-slate-600">Position {banner.displayOrder}</span>
          {banner.isActive ? null : <Badge variant="warning">Inactive</Badge>}
        </div>
        <ul className="flex flex-wrap gap-2" aria-label="Shown on">
          {[
            { shown: banner.showOnDesktop, Icon: Monitor, on: 'Desktop', off: 'Not on desktop' },
            { shown: banner.showOnMobile, Icon: Smartphone, on: 'Mobile', off: 'Not on mobile' },
          ].map(({ shown, Icon, on, off }) => (
            <li key={on}>
              <Badge variant={shown ? 'success' : 'outline'}>
                <Icon aria-hidden="true" className="size-3.5" />
                {shown ? on : off}
              </Badge>
            </li>
          ))}
        </ul>
        <div className="mt-auto">
          <Button
            variant="outline"
            size="sm"
            className="text-red-700 hover:bg-red-50 hover:text-red-800"
            onClick={onDelete}
          >
            <Trash2 aria-hidden="true" />
            Delete<span className="sr-only"> {banner.title}</span>
          </Button>
        </div>
      </div>
    </Card>
  );
}

export function BannerList() {
  const banners = useQuery(adminBannersQuery);
  const remove = useDeleteBanner();
  const [deleting, setDeleting] = useState<Banner | null>(null);

  const confirmDelete = (banner: Banner) =>
    remove.mutate(banner.id, {
      onSuccess: () => toast.success(MSG.bannerDeleted),
      onError: () => toast.error('Delete failed', { description: MSG.bannerDeleteFailed }),
      onSettled: () => setDeleting(null),
    });

  return (
    <section aria-labelledby="banner-list-title" className="space-y-4">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="banner-list-title" className="text-lg font-semibold text-slate-900">
          Banners
        </h2>
        <p className="text-sm text-slate-600" aria-live="polite">
          {banners.data ? `${banners.data.length} in display order` : null}
        </p>
      </div>

      {banners.isPending ? (
        <div className="grid gap-4">
          <span className="sr-only" role="status">
            Loading banners…
          </span>
          {[0, 1].map((i) => (
            <Skeleton key={i} className="h-40 rounded-2xl" />
          ))}
        </div>
      ) : banners.isError ? (
        <ErrorNote error={banners.error} />
      ) : banners.data.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <Images aria-hidden="true" className="size-8 text-slate-400" />
          <p className="font-semibold text-slate-900">No banners yet</p>
          <p className="text-sm text-slate-600">The home page hides its carousel until you upload one.</p>
        </div>
      ) : (
        <ol className="grid gap-4">
          {banners.data.map((banner) => (
            <li key={banner.id}>
              <BannerRow banner={banner} onDelete={() => setDeleting(banner)} />
            </li>
          ))}
        </ol>
      )}

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete ${deleting?.title}?`}
        description="The banner leaves the home page carousel and its image is removed."
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onConfirm={() => deleting && confirmDelete(deleting)}
      >
        {deleting ? (
          <img
            src={deleting.imageUrl}
            alt=""
            className="max-h-40 w-full rounded-lg bg-slate-100 object-contain"
          />
        ) : null}
      </ConfirmDialog>
    </section>
  );
}
