import { type QueryKey, type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiErrorText } from './api-client.ts';
import { toast } from './toast.ts';

/** Fetches again every query under each of `keys` (the views a change shows in), all at once. */
export function useRefresh(keys: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  return () => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/**
 * A staff action's request, its outcome said in a toast: `done` (from the answer and what was
 * sent), or `failed` with the reason (`reason`: the server's own text by default). Either way,
 * the views under `refresh` are fetched again.
 */
export function useStaffMutation<Data, Variables>(opts: {
  mutationFn: (variables: Variables) => Promise<Data>;
  done: (data: Data, variables: Variables) => string;
  failed: string | ((variables: Variables) => string);
  reason?: (error: Error) => string | undefined;
  refresh: readonly QueryKey[];
}): UseMutationResult<Data, Error, Variables> {
  const { mutationFn, done, failed, reason = apiErrorText } = opts;
  const refresh = useRefresh(opts.refresh);
  return useMutation({
    mutationFn,
    onSuccess: (data, variables) => {
      toast.success(done(data, variables));
    },
    onError: (error, variables) => {
      toast.error(typeof failed === 'string' ? failed : failed(variables), { description: reason(error) });
    },
    onSettled: refresh,
  });
}
