import type { ProjectListItem } from '@agency/schema';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

const BILLABLE = new Set(['approved', 'in_progress', 'completed']);

/** The newest hundred projects that can be invoiced (approved, in progress or completed), for pickers and filters. */
export function listBillableProjects(): Promise<ProjectListItem[]> {
  return request<{ items: ProjectListItem[] }>('/projects', { query: { limit: 100 } }).then((page) =>
    page.items.filter((p) => BILLABLE.has(p.status)),
  );
}

export function useBillableProjects(enabled = true) {
  return useQuery({ queryKey: [...queryKeys.invoices.all, 'billable-projects'], queryFn: listBillableProjects, staleTime: 30_000, enabled });
}
