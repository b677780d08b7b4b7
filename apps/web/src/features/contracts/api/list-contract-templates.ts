import type { ContractKind, ContractTemplate } from '@agency/schema';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export type TemplatePage = { items: ContractTemplate[]; next_cursor: string | null };

export function listContractTemplates(kind?: ContractKind): Promise<TemplatePage> {
  return request<TemplatePage>('/contract-templates', { query: { kind, limit: 100 } });
}

export function useContractTemplates(kind?: ContractKind) {
  return useQuery({ queryKey: queryKeys.contractTemplates.list(kind), queryFn: () => listContractTemplates(kind), select: (page) => page.items });
}
