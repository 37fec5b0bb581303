import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_APP_NAME, DEFAULT_CONTACT } from '#shared/public-constants.ts';
import type { Banner, Branding, Location } from '#shared/schemas.ts';
import { setOverrides } from '#web/i18n/texts.tsx';
import { api } from './api-client.ts';

export const brandingQuery = queryOptions({
  queryKey: ['branding'],
  queryFn: async ({ signal }) => {
    const branding = await api.get<Branding>('/api/branding', { signal });
    // The operator's text corrections come with the branding, compiled (admin: Texts). They
    // are plain text: React escapes them like any other text.
    setOverrides(branding.texts ?? {});
    return branding;
  },
  staleTime: 5 * 60_000,
});

/** The stops a trip can go from and to (the booking wizard's first step). */
export const locationsQuery = queryOptions({
  queryKey: ['locations'],
  queryFn: ({ signal }) => api.get<Location[]>('/api/locations', { signal }),
  staleTime: 5 * 60_000,
});

export const bannersQuery = queryOptions({
  queryKey: ['banners'],
  queryFn: ({ signal }) => api.get<Banner[]>('/api/banners', { signal }),
});

/** The branding settings, with the product name and contact details filled in while they load. */
export function useBranding() {
  const { data } = useQuery(brandingQuery);
  return {
    appName: data?.appName.trim() || DEFAULT_APP_NAME,
    logoUrl: data?.logoUrl ?? null,
    faviconUrl: data?.faviconUrl ?? null,
    themeColor: data?.themeColor ?? null,
    contact: {
      phone: data?.contactPhone || DEFAULT_CONTACT.contactPhone,
      bookingEmail: data?.bookingEmail || DEFAULT_CONTACT.bookingEmail,
      supportEmail: data?.supportEmail || DEFAULT_CONTACT.supportEmail,
    },
  };
}
