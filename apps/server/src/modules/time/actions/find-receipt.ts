import { eq } from 'drizzle-orm';
import { AppError } from '../../../core/errors.js';
import { expenses } from '../../../db/schema.js';
import type { TimeDeps } from '../deps.js';
import { EXPENSE_NOT_FOUND } from '../queries.js';

/** The stored receipt of an expense, for a download whose signed link was already checked. */
export function findReceipt({ ctx }: TimeDeps) {
  return async (id: number) => {
    const [row] = await ctx.db
      .select({ key: expenses.receiptStoredFilename, name: expenses.receiptName, mime: expenses.receiptMime, size: expenses.receiptSize })
      .from(expenses)
      .where(eq(expenses.id, id));
    if (!row?.key || !row.name || !row.mime) throw new AppError('NOT_FOUND', EXPENSE_NOT_FOUND);
    return { storedFilename: row.key, name: row.name, mime: row.mime, size: row.size ?? 0 };
  };
}
