import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { STATEMENT_MSG } from '#shared/messages/staff.ts';
import type {
  CsvMapping,
  StatementAccount,
  StatementAssign,
  StatementImportResult,
  StatementLine,
  StatementLineStatus,
  StatementSettings,
  StatementSummary,
} from '#shared/statements.ts';
import { api } from '#web/lib/api-client.ts';
import { useRefresh, useStaffMutation } from '#web/lib/staff-mutation.ts';
import { toast } from '#web/lib/toast.ts';

const LINES = ['admin', 'statement-lines'] as const;
const SUMMARY = ['admin', 'statements', 'summary'] as const;
// A line that pays a booking changes the ticket lists and the review queue too.
const AFTER_CHANGE = [LINES, ['admin', 'statements'], ['admin', 'tickets'], ['admin', 'trips']] as const;

export const statementLinesQuery = (status: StatementLineStatus) =>
  queryOptions({
    queryKey: [...LINES, status],
    queryFn: ({ signal }) =>
      api.get<{ lines: StatementLine[] }>(`/api/admin/statement-lines?status=${status}`, { signal }),
    staleTime: 10_000,
  });

export const statementSummaryQuery = queryOptions({
  queryKey: SUMMARY,
  queryFn: ({ signal }) => api.get<StatementSummary>('/api/admin/statements/summary', { signal }),
});

export const statementSettingsQuery = queryOptions({
  queryKey: ['admin', 'statement-settings'],
  queryFn: ({ signal }) => api.get<StatementSettings>('/api/admin/statement-settings', { signal }),
});

export type StatementUpload = { file: File; account: StatementAccount; mapping?: CsvMapping };

/** The import: the file, its account and, for a layout the account has no mapping for, the mapping. */
export function useImportStatement() {
  const refresh = useRefresh(AFTER_CHANGE);
  return useMutation({
    mutationFn: ({ file, account, mapping }: StatementUpload) => {
      const body = new FormData();
      // The fields before the file: a multipart reader sees them before it reaches the file.
      body.append('account', account);
      if (mapping) body.append('mapping', JSON.stringify(mapping));
      body.append('file', file, file.name);
      return api.post<StatementImportResult>('/api/admin/statements', body);
    },
    onSuccess: refresh,
  });
}

const lineAction = (line: StatementLine, action: 'confirm' | 'reject' | 'not-booking') =>
  api.post<{ line: StatementLine }>(`/api/admin/statement-lines/${encodeURIComponent(line.id)}/${action}`);

export function useConfirmSuggestion() {
  return useStaffMutation({
    mutationFn: (line: StatementLine) => lineAction(line, 'confirm'),
    done: (_answer, line) => STATEMENT_MSG.confirmed(line.suggestion?.reference ?? ''),
    failed: STATEMENT_MSG.actionFailed,
    refresh: AFTER_CHANGE,
  });
}

export function useRejectSuggestion() {
  return useStaffMutation({
    mutationFn: (line: StatementLine) => lineAction(line, 'reject'),
    done: () => STATEMENT_MSG.rejected,
    failed: STATEMENT_MSG.actionFailed,
    refresh: AFTER_CHANGE,
  });
}

export function useMarkNotBooking() {
  return useStaffMutation({
    mutationFn: (line: StatementLine) => lineAction(line, 'not-booking'),
    done: () => STATEMENT_MSG.notBooking,
    failed: STATEMENT_MSG.actionFailed,
    refresh: AFTER_CHANGE,
  });
}

/** Assigning by hand: its refusals belong under the form's fields, so the form says them. */
export function useAssignLine() {
  const refresh = useRefresh(AFTER_CHANGE);
  return useMutation({
    mutationFn: ({ line, body }: { line: StatementLine; body: StatementAssign }) =>
      api.post<{ line: StatementLine }>(
        `/api/admin/statement-lines/${encodeURIComponent(line.id)}/assign`,
        body,
      ),
    onSuccess: (_answer, { body }) => {
      toast.success(STATEMENT_MSG.assigned(body.reference));
    },
    onSettled: refresh,
  });
}

export function useUpdateStatementSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: StatementSettings) =>
      api.put<StatementSettings>('/api/admin/statement-settings', settings),
    onSuccess: (settings) => queryClient.setQueryData(statementSettingsQuery.queryKey, settings),
  });
}
