import type { PaymentMethodList, SavedPaymentMethod } from '@agency/schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** GET /payment-methods: the caller's company's saved cards (brand, last four, expiry) and whether autopay is paused; staff name the company. */
export function listPaymentMethods(companyId?: string): Promise<PaymentMethodList> {
  return request<PaymentMethodList>('/payment-methods', companyId ? { query: { company_id: companyId } } : {});
}

export function usePaymentMethods(companyId?: string) {
  return useQuery({ queryKey: queryKeys.billing.cards(companyId ?? ''), queryFn: () => listPaymentMethods(companyId) });
}

/** POST /payment-methods/setup: the provider's page that saves a card; the browser goes there and comes back to /billing. */
export function startCardSetup(): Promise<{ url: string }> {
  return request<{ url: string }>('/payment-methods/setup', { method: 'POST' });
}

export function useStartCardSetup() {
  return useMutation({ mutationFn: startCardSetup, onSuccess: ({ url }) => window.location.assign(url) });
}

export function useSetDefaultCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      request<{ payment_method: SavedPaymentMethod }>(`/payment-methods/${encodeURIComponent(id)}/default`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.billing.all }),
  });
}

export function useRemoveCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request<void>(`/payment-methods/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.billing.all }),
  });
}
