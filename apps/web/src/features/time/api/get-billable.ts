import type { BillablePreview, BillTimeGroup } from '@agency/schema';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** What "Add time and expenses" would put on a draft: its lines, the entries and expenses behind them, and what cannot go on. */
export function getBillable(invoiceId: string, groupBy: BillTimeGroup): Promise<BillablePreview> {
  return request<BillablePreview>(`/invoices/${encodeURIComponent(invoiceId)}/billable`, { query: { group_by: groupBy } });
}

export function useBillable(invoiceId: string, groupBy: BillTimeGroup) {
  return useQuery({
    queryKey: queryKeys.time.billable(invoiceId, groupBy),
    queryFn: () => getBillable(invoiceId, groupBy),
    placeholderData: keepPreviousData,
  });
}
