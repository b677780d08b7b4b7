import type { ContractCounts } from '@agency/schema';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import type { ContractFilters } from './list-contracts';

export type CountFilters = Omit<ContractFilters, 'status'>;

export function getContractCounts(filters: CountFilters): Promise<ContractCounts> {
  return request<ContractCounts>('/contracts/counts', { query: filters });
}

export function useContractCounts(filters: CountFilters) {
  return useQuery({ queryKey: queryKeys.contracts.counts(filters), queryFn: () => getContractCounts(filters) });
}
