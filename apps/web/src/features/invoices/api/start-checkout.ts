import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/http';

/** The address of the provider's checkout page for what is due on the invoice (its client only). */
export function startCheckout(id: string): Promise<{ url: string }> {
  return request<{ url: string }>(`/invoices/${encodeURIComponent(id)}/checkout`, { method: 'POST' });
}

export function useStartCheckout() {
  return useMutation({ mutationFn: startCheckout });
}
