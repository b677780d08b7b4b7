import type { Expense } from '@agency/schema';
import { request } from '../../../lib/http';

export type ExpenseDecision = { id: string } & ({ approve: true } | { approve: false; reason: string });

/** Approves a submitted expense, or sends it back with a reason (staff). */
export function decideExpense(decision: ExpenseDecision): Promise<{ expense: Expense }> {
  const path = `/expenses/${encodeURIComponent(decision.id)}`;
  return decision.approve
    ? request<{ expense: Expense }>(`${path}/approve`, { method: 'POST' })
    : request<{ expense: Expense }>(`${path}/reject`, { method: 'POST', body: { reason: decision.reason } });
}
