import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { AppError } from '../../../core/errors.js';
import { expenses } from '../../../db/schema.js';
import type { StoredUpload } from '../../../integrations/uploads.js';
import { assertWithinQuota } from '../../storage/service.js';
import type { TimeDeps } from '../deps.js';
import { EXPENSE_NOT_FOUND, loadExpense, presentExpenseById } from '../queries.js';
import { expenseLockedBecause, lockEditableExpense } from './update-expense.js';

/** What a receipt may be: a photo (from a phone's camera) or a PDF, by its first bytes. */
export function isReceiptType(mime: string): boolean {
  return mime === 'image/png' || mime === 'image/jpeg' || mime === 'image/webp' || mime === 'image/gif' || mime === 'application/pdf';
}

/** Checked before the upload is read: the owner's expense, still open to changes. */
export function assertMayAttachReceipt({ ctx }: TimeDeps) {
  return async (actor: Actor, id: number) => {
    const { expense } = await loadExpense(ctx.db, actor, 'time:edit', id);
    const locked = expenseLockedBecause(expense.status);
    if (locked) throw new AppError('INVALID_TRANSITION', locked);
  };
}

/**
 * Keeps an uploaded file as the expense's receipt (replacing one attached before, which leaves storage after the
 * commit). The quota is checked again in the transaction, as for every upload.
 */
export function recordReceipt({ ctx }: TimeDeps) {
  return async (actor: Actor, id: number, file: StoredUpload) => {
    await loadExpense(ctx.db, actor, 'time:edit', id);
    if (!isReceiptType(file.mime)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'A receipt must be a photo (PNG, JPEG, WebP, GIF) or a PDF');
    const replaced = await ctx.transaction(async (tx) => {
      const current = await lockEditableExpense(tx, id);
      await tx
        .update(expenses)
        .set({
          receiptStoredFilename: file.storedFilename,
          receiptName: file.name,
          receiptMime: file.mime,
          receiptSize: file.size,
          updatedAt: ctx.now(),
        })
        .where(eq(expenses.id, id));
      await assertWithinQuota(tx, ctx.config.storageQuotaBytes, actor.id);
      return current.receiptStoredFilename;
    });
    if (replaced) await ctx.storage.remove(replaced).catch((err: unknown) => ctx.log.warn({ err }, 'replaced receipt left in storage'));
    return presentExpenseById(ctx, actor, id);
  };
}

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
