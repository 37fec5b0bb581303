import { hashKey, type InfiniteData, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * A list read a page at a time (the office's tickets, the refunds queue) starts again from its
 * first page when it is come back to, from another tab, another filter or another screen: as it
 * is left, its cached pages after the first are dropped. Come back within a few seconds, the
 * first page shows at once; it is fetched again as any cached list is.
 */
export function useAdminFirstPage(queryKey: QueryKey) {
  const queryClient = useQueryClient();
  const hash = hashKey(queryKey);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key's hash stands for the key.
  useEffect(
    () => () => {
      const state = queryClient.getQueryState<InfiniteData<unknown>>(queryKey);
      if (!state?.data || state.data.pages.length <= 1) return;
      queryClient.setQueryData<InfiniteData<unknown>>(
        queryKey,
        (data) => data && { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) },
        // As old as it was: cutting the pages does not make them fresh.
        { updatedAt: state.dataUpdatedAt },
      );
    },
    [hash, queryClient],
  );
}
