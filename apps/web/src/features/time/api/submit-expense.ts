import type { Expense } from '@agency/schema';
import { request } from '../../../lib/http';

/** Sends one's own expense to staff for approval. */
export function submitExpense(id: string): Promise<{ expense: Expense }> {
  return request<{ expense: Expense }>(`/expenses/${encodeURIComponent(id)}/submit`, { method: 'POST' });
}
