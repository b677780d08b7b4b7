import type { BillingSettings } from '@agency/schema';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function getBillingSettings(projectId: string): Promise<{ billing: BillingSettings }> {
  return request<{ billing: BillingSettings }>(`/projects/${encodeURIComponent(projectId)}/billing`);
}

export function useBillingSettings(projectId: string) {
  return useQuery({ queryKey: queryKeys.invoices.billing(projectId), queryFn: () => getBillingSettings(projectId), select: (data) => data.billing });
}
