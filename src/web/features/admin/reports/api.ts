import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { DailySummarySetting, ReportRange, ReportSummary } from '#shared/reports.ts';
import { api } from '#web/lib/api-client.ts';

const DAILY_SUMMARY = ['admin', 'reports', 'daily-summary'] as const;

const query = (range: ReportRange) => new URLSearchParams(range).toString();

/** The range's report; the last one stays on screen while another range loads. */
export const reportQuery = (range: ReportRange) =>
  queryOptions({
    queryKey: ['admin', 'reports', 'summary', range.from, range.to],
    queryFn: ({ signal }) => api.get<ReportSummary>(`/api/admin/reports/summary?${query(range)}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

/** The workbook of the range, downloaded by the browser itself (the session cookie goes with it). */
export const workbookUrl = (range: ReportRange) => `/api/admin/reports/export.xlsx?${query(range)}`;

export const dailySummaryQuery = queryOptions({
  queryKey: DAILY_SUMMARY,
  queryFn: ({ signal }) => api.get<DailySummarySetting>('/api/admin/reports/daily-summary', { signal }),
});

/** The signed-in Owner's own daily summary e-mail, on or off. */
export function useSetDailySummary() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) =>
      api.put<DailySummarySetting>('/api/admin/reports/daily-summary', { enabled }),
    onSuccess: (setting) => client.setQueryData(DAILY_SUMMARY, setting),
  });
}
