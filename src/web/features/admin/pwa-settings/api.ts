import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReminderSettings } from '#shared/disruptions.ts';
import type { Branding } from '#shared/schemas.ts';
import type { BrandingImage, PwaSettingsUpdate } from '#shared/setup-api.ts';
import { api } from '#web/lib/api-client.ts';
import { brandingQuery } from '#web/lib/public-queries.ts';

export const pwaSettingsQuery = queryOptions({
  queryKey: ['admin', 'pwa-settings'],
  queryFn: ({ signal }) => api.get<Branding>('/api/admin/pwa-settings', { signal }),
});

/** The header, the tab title and the favicon read the public branding: refresh it at once. */
function useApplyBranding() {
  const queryClient = useQueryClient();
  return (branding: Branding) => {
    queryClient.setQueryData(pwaSettingsQuery.queryKey, branding);
    queryClient.setQueryData(brandingQuery.queryKey, branding);
    return queryClient.invalidateQueries({ queryKey: brandingQuery.queryKey });
  };
}

export function useSaveBranding() {
  const apply = useApplyBranding();
  return useMutation({
    mutationFn: (update: PwaSettingsUpdate) => api.put<Branding>('/api/admin/pwa-settings', update),
    onSuccess: apply,
  });
}

export function useUploadBrandingImage(kind: BrandingImage) {
  const apply = useApplyBranding();
  return useMutation({
    mutationFn: (image: Blob) => {
      const body = new FormData();
      body.append('image', image, image.type === 'image/jpeg' ? `${kind}.jpg` : `${kind}.webp`);
      return api.post<Branding>(`/api/admin/pwa-settings/${kind}`, body);
    },
    onSuccess: apply,
  });
}

export const reminderSettingsQuery = queryOptions({
  queryKey: ['admin', 'reminder-settings'],
  queryFn: ({ signal }) => api.get<ReminderSettings>('/api/admin/reminder-settings', { signal }),
});

/** Turns the day-before reminder e-mails on or off. */
export function useSaveReminderSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ReminderSettings) =>
      api.put<ReminderSettings>('/api/admin/reminder-settings', settings),
    onSuccess: (settings) => queryClient.setQueryData(reminderSettingsQuery.queryKey, settings),
  });
}
