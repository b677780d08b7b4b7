import type { CreateCreditNoteInput, CreditNote } from '@agency/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** POST /invoices/{id}/credit-notes: takes an amount (at most what is left) off an issued invoice. */
export function createCreditNote({ id, input }: { id: string; input: CreateCreditNoteInput }): Promise<{ credit_note: CreditNote }> {
  return request<{ credit_note: CreditNote }>(`/invoices/${encodeURIComponent(id)}/credit-notes`, { method: 'POST', body: input });
}

export function useCreateCreditNote() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createCreditNote, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.invoices.all }) });
}
