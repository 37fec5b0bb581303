import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentSettingsView } from '#shared/schemas.ts';
import type { PaymentSettingsUpdate } from '#shared/setup-api.ts';
import { api } from '#web/lib/api-client.ts';

export const paymentSettingsQuery = queryOptions({
  queryKey: ['admin', 'payment-settings'],
  queryFn: ({ signal }) => api.get<PaymentSettingsView>('/api/admin/payment-settings', { signal }),
});

/** A partial save (docs/product.md section 7): each card sends only its own fields. */
export function useUpdatePaymentSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: PaymentSettingsUpdate) =>
      api.put<PaymentSettingsView>('/api/admin/payment-settings', update),
    onSuccess: (settings) => {
      queryClient.setQueryData(paymentSettingsQuery.queryKey, settings);
      // The booking wizard reads prices, rate and accounts from the public settings.
      return queryClient.invalidateQueries({ queryKey: ['settings', 'public'] });
    },
  });
}
