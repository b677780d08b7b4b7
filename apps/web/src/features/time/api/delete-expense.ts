import { request } from '../../../lib/http';

/** Deletes one's own expense while it is a draft or sent back. */
export function deleteExpense(id: string): Promise<void> {
  return request<void>(`/expenses/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
