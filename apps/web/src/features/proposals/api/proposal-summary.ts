import type { ProposalSummary } from '@agency/schema';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** Every proposal counted by status, the conversion and the accepted value per currency (staff). */
export function getProposalSummary(): Promise<ProposalSummary> {
  return request<ProposalSummary>('/proposals/summary');
}

export function useProposalSummary() {
  return useQuery({ queryKey: queryKeys.proposals.summary, queryFn: getProposalSummary });
}
