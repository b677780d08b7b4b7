import type { ContractKind, ContractListItem, ContractStatus } from '@agency/schema';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export const CONTRACTS_PAGE_SIZE = 25;

export type ContractFilters = {
  project_id?: string;
  client_id?: string;
  signer_id?: string;
  status?: ContractStatus;
  kind?: ContractKind;
  q?: string;
};
export type ContractPage = { items: ContractListItem[]; next_cursor: string | null };

export function listContracts(filters: ContractFilters, cursor?: string, limit = CONTRACTS_PAGE_SIZE): Promise<ContractPage> {
  return request<ContractPage>('/contracts', { query: { ...filters, cursor, limit } });
}

export function useContracts(filters: ContractFilters, limit = CONTRACTS_PAGE_SIZE) {
  return useInfiniteQuery({
    queryKey: [...queryKeys.contracts.list(filters), limit],
    queryFn: ({ pageParam }) => listContracts(filters, pageParam, limit),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
    // PDF links are signed and short-lived.
    staleTime: 0,
  });
}
