import { queryOptions, useMutation } from '@tanstack/react-query';
import type { Banner } from '#shared/schemas.ts';
import type { BannerList } from '#shared/setup-api.ts';
import { api } from '#web/lib/api-client.ts';
import { useRefresh } from '#web/lib/staff-mutation.ts';

export const adminBannersQuery = queryOptions({
  queryKey: ['admin', 'banners'],
  queryFn: ({ signal }) => api.get<BannerList>('/api/admin/banners', { signal }),
  select: (data) => [...data.banners].sort((a, b) => a.displayOrder - b.displayOrder),
});

export type BannerUpload = { image: Blob; showOnDesktop: boolean; showOnMobile: boolean };

/** The admin list and the home page carousel both follow a change. */
const CHANGED_VIEWS = [['admin', 'banners'], ['banners']];

export function useUploadBanner() {
  const refresh = useRefresh(CHANGED_VIEWS);
  return useMutation({
    mutationFn: ({ image, showOnDesktop, showOnMobile }: BannerUpload) => {
      const body = new FormData();
      body.append('showOnDesktop', String(showOnDesktop));
      body.append('showOnMobile', String(showOnMobile));
      body.append('image', image, image.type === 'image/jpeg' ? 'banner.jpg' : 'banner.webp');
      return api.post<Banner>('/api/admin/banners', body);
    },
    onSuccess: refresh,
  });
}

export function useDeleteBanner() {
  const refresh = useRefresh(CHANGED_VIEWS);
  return useMutation({
    mutationFn: (id: string) => api.delete<undefined>(`/api/admin/banners/${encodeURIComponent(id)}`),
    onSettled: refresh,
  });
}
