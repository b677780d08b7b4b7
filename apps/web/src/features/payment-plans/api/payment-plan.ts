import type { Invoice, PaymentPlan, PaymentPlanInput } from '@agency/schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function usePaymentPlan(projectId: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.paymentPlans.plan(projectId),
    queryFn: () => request<{ plan: PaymentPlan }>(`/projects/${projectId}/payment-plan`).then((r) => r.plan),
    enabled,
  });
}

export function useSavePaymentPlan(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PaymentPlanInput) =>
      request<{ plan: PaymentPlan }>(`/projects/${projectId}/payment-plan`, { method: 'PUT', body: input }).then((r) => r.plan),
    onSuccess: (plan) => queryClient.setQueryData(queryKeys.paymentPlans.plan(projectId), plan),
  });
}

export function useReleaseStage(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (stageId: string) =>
      request<{ invoice: Invoice }>(`/projects/${projectId}/payment-plan/stages/${stageId}/release`, { method: 'POST' }).then((r) => r.invoice),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.paymentPlans.plan(projectId) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.invoices.all });
    },
  });
}

export type CardChoice = { id: string; title: string; column: string };

/** The project's board cards, for choosing the one whose completion releases a stage (staff only). */
export function useCardChoices(projectId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...queryKeys.paymentPlans.plan(projectId), 'cards'],
    queryFn: async () => {
      const board = await request<{ columns: { id: string; name: string; cards: { id: string; title: string }[] }[] }>(
        `/projects/${projectId}/board`,
      );
      return board.columns.flatMap((c) => c.cards.map((card) => ({ id: card.id, title: card.title, column: c.name })));
    },
    enabled,
  });
}
