import type { TimesheetApproval } from '@agency/schema';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** Weeks waiting for the caller's decision: members' weeks on a lead's projects; every submitted week for staff. */
export async function listApprovals(): Promise<TimesheetApproval[]> {
  return (await request<{ items: TimesheetApproval[] }>('/timesheets/approvals')).items;
}

export function useApprovals() {
  return useQuery({ queryKey: queryKeys.time.approvals, queryFn: listApprovals });
}
