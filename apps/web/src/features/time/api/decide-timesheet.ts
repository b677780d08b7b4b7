import type { Timesheet } from '@agency/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export type TimesheetDecision = { user_id: string; week: string } & ({ approve: true } | { approve: false; reason: string });

/** Approves a submitted week (its entries lock) or sends it back with a reason. */
export function decideTimesheet(decision: TimesheetDecision): Promise<Timesheet> {
  const { user_id, week } = decision;
  return decision.approve
    ? request<Timesheet>('/timesheets/approve', { method: 'POST', body: { user_id, week } })
    : request<Timesheet>('/timesheets/reject', { method: 'POST', body: { user_id, week, reason: decision.reason } });
}

export function useDecideTimesheet() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: decideTimesheet, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.time.all }) });
}
