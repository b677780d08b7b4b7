import type { ProposalTemplate } from '@agency/schema';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function listProposalTemplates(): Promise<{ items: ProposalTemplate[] }> {
  return request('/proposal-templates');
}

export function useProposalTemplates(enabled = true) {
  return useQuery({ queryKey: queryKeys.proposals.templates, queryFn: listProposalTemplates, select: (data) => data.items, enabled });
}
