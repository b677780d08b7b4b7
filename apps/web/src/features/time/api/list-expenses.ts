import type { Expense, ExpenseListQuery } from '@agency/schema';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** The list's filters (the limit as a number: the schema coerces it from the query string). */
export type ExpenseFilters = Omit<ExpenseListQuery, 'limit'> & { limit?: number };

export type ExpensePage = { items: Expense[]; next_cursor: string | null };

/** Expenses the caller may see (their own; a lead's projects too; every one for staff), newest first. */
export function listExpenses(filters: ExpenseFilters): Promise<ExpensePage> {
  return request<ExpensePage>('/expenses', { query: { ...filters } });
}

export function useExpenses(filters: ExpenseFilters) {
  return useQuery({ queryKey: queryKeys.time.expenses(filters), queryFn: () => listExpenses(filters) });
}
