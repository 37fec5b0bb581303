import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminText, AdminTextList } from '#shared/admin-api.ts';
import type { Language } from '#shared/languages.ts';
import { api } from '#web/lib/api-client.ts';
import { brandingQuery } from '#web/lib/public-queries.ts';

export const adminTextsQuery = queryOptions({
  queryKey: ['admin', 'texts'],
  queryFn: ({ signal }) => api.get<AdminTextList>('/api/admin/texts', { signal }),
  select: (data) => data.texts,
});

const textPath = (language: Language, id: string) =>
  `/api/admin/texts/${encodeURIComponent(language)}/${encodeURIComponent(id)}`;

/**
 * The changed text goes into the list as the server answered it (no refetch of every text), and
 * the public branding, which carries the overrides, is read again for the passenger pages.
 */
function useTextChanged() {
  const queryClient = useQueryClient();
  return (changed: AdminText) => {
    queryClient.setQueryData<AdminTextList>(adminTextsQuery.queryKey, (list) =>
      list ? { texts: list.texts.map((text) => (text.id === changed.id ? changed : text)) } : list,
    );
    void queryClient.invalidateQueries({ queryKey: brandingQuery.queryKey });
  };
}

export type TextChange = { language: Language; id: string };

export function useSaveText() {
  const changed = useTextChanged();
  return useMutation({
    mutationFn: ({ language, id, text }: TextChange & { text: string }) =>
      api.put<AdminText>(textPath(language, id), { text }),
    onSuccess: changed,
  });
}

export function useRestoreText() {
  const changed = useTextChanged();
  return useMutation({
    mutationFn: ({ language, id }: TextChange) => api.delete<AdminText>(textPath(language, id)),
    onSuccess: changed,
  });
}
