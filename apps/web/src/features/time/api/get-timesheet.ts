import type { Timesheet } from '@agency/schema';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** A person's ISO week (the caller's own without a user id): entries, totals, status and the lead's reason. */
export function getTimesheet(week: string, userId: string | null = null): Promise<Timesheet> {
  return request<Timesheet>('/timesheets', { query: { week, user_id: userId ?? undefined } });
}

export function useTimesheet(week: string, userId: string | null = null) {
  return useQuery({ queryKey: queryKeys.time.timesheet(userId, week), queryFn: () => getTimesheet(week, userId) });
}
