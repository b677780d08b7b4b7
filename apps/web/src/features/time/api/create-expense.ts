import type { CreateExpenseInput, Expense } from '@agency/schema';
import { request } from '../../../lib/http';

/** Records money spent on a project: a draft until it is submitted. */
export function createExpense(input: CreateExpenseInput): Promise<{ expense: Expense }> {
  return request<{ expense: Expense }>('/expenses', { method: 'POST', body: input });
}
