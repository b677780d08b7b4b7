import type { ContractEvent } from '@agency/schema';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function getContractAudit(id: string): Promise<{ items: ContractEvent[] }> {
  return request<{ items: ContractEvent[] }>(`/contracts/${encodeURIComponent(id)}/audit`);
}

export function useContractAudit(id: string, enabled = true) {
  return useQuery({ queryKey: queryKeys.contracts.audit(id), queryFn: () => getContractAudit(id), select: (data) => data.items, enabled });
}
