import type { Expense } from '@agency/schema';
import { uploadFiles } from '../../../lib/http';

/** Attaches an expense's receipt (a photo or a PDF), replacing one attached before. */
export function uploadReceipt(expenseId: string, file: File): Promise<{ expense: Expense }> {
  return uploadFiles<{ expense: Expense }>(`/expenses/${encodeURIComponent(expenseId)}/receipt`, 'file', [file]);
}
