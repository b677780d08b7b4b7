import type { Timesheet } from '@agency/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** Submits one's own week as a whole: its draft and sent-back entries go to the lead. */
export function submitTimesheet(week: string): Promise<Timesheet> {
  return request<Timesheet>('/timesheets/submit', { method: 'POST', body: { week } });
}

export function useSubmitTimesheet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitTimesheet,
    onSuccess: (sheet) => {
      queryClient.setQueryData(queryKeys.time.timesheet(null, sheet.week), sheet);
      return queryClient.invalidateQueries({ queryKey: queryKeys.time.all });
    },
  });
}
