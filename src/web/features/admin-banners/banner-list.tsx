import { useQuery } from '@tanstack/react-query';
import { Images, Loader2, Monitor, Smartphone, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { MSG } from '#shared/messages.ts';
import type { Banner } from '#shared/schemas.ts';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../components/ui/alert-dialog.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { ApiError } from '../../lib/api-client.ts';
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
          <li>
            <Badge variant={banner.showOnDesktop ? 'success' : 'outline'}>
              <Monitor aria-hidden="true" className="size-3.5" />
              {banner.showOnDesktop ? 'Desktop' : 'Not on desktop'}
            </Badge>
          </li>
          <li>
            <Badge variant={banner.showOnMobile ? 'success' : 'outline'}>
              <Smartphone aria-hidden="true" className="size-3.5" />
              {banner.showOnMobile ? 'Mobile' : 'Not on mobile'}
            </Badge>
          </li>
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
        <p role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-sm text-red-900">
          {banners.error instanceof ApiError ? banners.error.message : MSG.serverError}
        </p>
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

      <AlertDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setDeleting(null);
        }}
      >
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete {deleting?.title}?</AlertDialogTitle>
            <AlertDialogDescription>
              The banner leaves the home page carousel and its image is removed.
            </AlertDialogDescription>
          </AlertDialogHeader>
          {deleting ? (
            <img
              src={deleting.imageUrl}
              alt=""
              className="max-h-40 w-full rounded-lg bg-slate-100 object-contain"
            />
          ) : null}
          <AlertDialogFooter>
            <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
            <AlertDialogAction
              variant="destructive"
              disabled={remove.isPending}
              onClick={(event) => {
                event.preventDefault();
                if (deleting) confirmDelete(deleting);
              }}
            >
              {remove.isPending ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
              Delete
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </section>
  );
}
