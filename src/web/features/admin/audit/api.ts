import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import type { AuditPage } from '#shared/admin-api.ts';
import { api } from '#web/lib/api-client.ts';

/** The filters of the audit screen, as the URL keeps them ('' is "any"). */
export type AuditFilters = { actor: string; action: string; from: string; to: string };

function filterParams(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  return params;
}

/** Every row matching the filters as a CSV file (the server sends it as an attachment). */
export function auditCsvUrl(filters: AuditFilters): string {
  const query = filterParams(filters).toString();
  return query ? `/api/admin/audit.csv?${query}` : '/api/admin/audit.csv';
}

/** The trail, newest first, a page at a time: each page names the cursor of the next. */
export const auditQuery = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: ['admin', 'audit', filters],
    queryFn: ({ pageParam, signal }) => {
      const params = filterParams(filters);
      if (pageParam) params.set('cursor', pageParam);
      const query = params.toString();
      return api.get<AuditPage>(query ? `/api/admin/audit?${query}` : '/api/admin/audit', { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
    // The previous result stays on screen while another filter loads, so the selects keep their choices.
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
