import { queryOptions, useMutation } from '@tanstack/react-query';
import { COMPRESSION } from '#shared/constants.ts';
import { MSG } from '#shared/messages/api.ts';
import type { AdminLaunch, LaunchInput, LaunchList } from '#shared/setup-api.ts';
import { ApiError, api } from '#web/lib/api-client.ts';
import { type CompressProgress, compressImage } from '#web/lib/image-compress.ts';
import { useRefresh, useStaffMutation } from '#web/lib/staff-mutation.ts';
import { toast } from '#web/lib/toast.ts';

const path = (id: string, action = '') => `/api/admin/launches/${encodeURIComponent(id)}${action}`;

export const launchListQuery = queryOptions({
  queryKey: ['admin', 'launches'],
  queryFn: ({ signal }) => api.get<LaunchList>('/api/admin/launches', { signal }),
  staleTime: 30_000,
});

/** Launch names show on schedules and trips; the dashboard counts active launches. */
const CHANGED_VIEWS = [
  ['admin', 'launches'],
  ['admin', 'schedules'],
  ['admin', 'trips'],
  ['admin', 'dashboard'],
];

export const errorMessage = (error: unknown) =>
  error instanceof ApiError || error instanceof Error ? error.message : MSG.serverError;

export function useSaveLaunch() {
  return useStaffMutation({
    mutationFn: ({ id, input }: { id: string | null; input: LaunchInput }) =>
      id ? api.put<AdminLaunch>(path(id), input) : api.post<AdminLaunch>('/api/admin/launches', input),
    done: (_launch, { id }) => (id ? MSG.launchUpdated : MSG.launchCreated),
    // The dialog stays open and shows the reason too (e.g. booked seats that would be removed).
    failed: MSG.launchSaveFailed,
    reason: errorMessage,
    refresh: CHANGED_VIEWS,
  });
}

export function useDeleteLaunch() {
  return useStaffMutation({
    mutationFn: (id: string) => api.delete<void>(path(id)),
    done: () => MSG.launchDeleted,
    failed: MSG.launchDeleteFailed,
    reason: errorMessage,
    refresh: CHANGED_VIEWS,
  });
}

/** Shrinks the photo in the browser (docs/product.md section 9 launch preset), then uploads it. */
export function useUploadLaunchImage() {
  const refresh = useRefresh(CHANGED_VIEWS);
  return useMutation({
    mutationFn: async ({
      id,
      file,
      onProgress,
    }: {
      id: string;
      file: File;
      onProgress?: (p: CompressProgress) => void;
    }) => {
      const blob = await compressImage(file, COMPRESSION.launch, onProgress);
      const form = new FormData();
      form.append('image', blob, blob.type === 'image/webp' ? 'launch.webp' : 'launch.jpg');
      return api.post<AdminLaunch>(path(id, '/image'), form);
    },
    onError: (error) => {
      toast.error(MSG.uploadFailed(errorMessage(error)));
    },
    onSettled: refresh,
  });
}
