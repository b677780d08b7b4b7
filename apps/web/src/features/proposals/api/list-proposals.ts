import type { ProposalListItem, ProposalStatus } from '@agency/schema';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export type ProposalFilters = { project_id?: string; status?: ProposalStatus };

export function listProposals(filters: ProposalFilters): Promise<{ items: ProposalListItem[]; next_cursor: string | null }> {
  const query = new URLSearchParams({ limit: '100', ...filters });
  return request(`/proposals?${query.toString()}`);
}

export function useProposals(filters: ProposalFilters = {}, enabled = true) {
  return useQuery({ queryKey: queryKeys.proposals.list(filters), queryFn: () => listProposals(filters), enabled });
}
