import type { Contract } from '@agency/schema';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function getContract(id: string): Promise<{ contract: Contract }> {
  return request<{ contract: Contract }>(`/contracts/${encodeURIComponent(id)}`);
}

export function useContract(id: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.contracts.detail(id),
    enabled,
    queryFn: () => getContract(id),
    select: (data) => data.contract,
    // The PDF link is signed and short-lived: fetch it fresh whenever the contract is opened.
    staleTime: 0,
  });
}
