import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_APP_NAME } from '#shared/constants.ts';
import type { Banner, Branding } from '#shared/schemas.ts';
import { api } from './api-client.ts';

export const brandingQuery = queryOptions({
  queryKey: ['branding'],
  queryFn: ({ signal }) => api.get<Branding>('/api/branding', { signal }),
  staleTime: 5 * 60_000,
});

export const bannersQuery = queryOptions({
  queryKey: ['banners'],
  queryFn: ({ signal }) => api.get<Banner[]>('/api/banners', { signal }),
});

/** The branding settings, with the product name filled in while they load. */
export function useBranding() {
  const { data } = useQuery(brandingQuery);
  return {
    appName: data?.appName.trim() || DEFAULT_APP_NAME,
    logoUrl: data?.logoUrl ?? null,
    faviconUrl: data?.faviconUrl ?? null,
    themeColor: data?.themeColor ?? null,
  };
}
