import type { CreateRecurringInvoiceInput, RecurringInvoice, RevenueForecast, UpdateRecurringInvoiceInput } from '@agency/schema';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export type RecurringPage = { items: RecurringInvoice[]; next_cursor: string | null };
type Answer = { recurring_invoice: RecurringInvoice };

export function listRecurringInvoices(cursor?: string): Promise<RecurringPage> {
  return request<RecurringPage>('/recurring-invoices', { query: { cursor, limit: 25 } });
}

export function useRecurringInvoices() {
  return useInfiniteQuery({
    queryKey: queryKeys.recurringInvoices.list,
    queryFn: ({ pageParam }) => listRecurringInvoices(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

export function useUpcomingDates(id: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.recurringInvoices.upcoming(id),
    queryFn: () => request<{ dates: string[] }>(`/recurring-invoices/${id}/upcoming`, { query: { count: 6 } }),
    enabled,
  });
}

export function useRevenueForecast() {
  return useQuery({ queryKey: queryKeys.recurringInvoices.forecast, queryFn: () => request<RevenueForecast>('/recurring-invoices/forecast') });
}

/** Every change to a recurring invoice refreshes the list, its dates, and the invoices it may have raised. */
function useRecurringMutation<V>(mutationFn: (vars: V) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.recurringInvoices.all });
    },
  });
}

export function useCreateRecurringInvoice() {
  return useRecurringMutation((input: CreateRecurringInvoiceInput) => request<Answer>('/recurring-invoices', { method: 'POST', body: input }));
}

export function useUpdateRecurringInvoice() {
  return useRecurringMutation(({ id, input }: { id: string; input: UpdateRecurringInvoiceInput }) =>
    request<Answer>(`/recurring-invoices/${id}`, { method: 'PATCH', body: input }),
  );
}

export type RecurringAction = 'pause' | 'resume' | 'end';

export function useRecurringAction() {
  return useRecurringMutation(({ id, action }: { id: string; action: RecurringAction }) =>
    request<Answer>(`/recurring-invoices/${id}/${action}`, { method: 'POST' }),
  );
}
