import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { AppError } from '../../../core/errors.js';
import { expenses } from '../../../db/schema.js';
import type { StoredUpload } from '../../../integrations/uploads.js';
import { assertWithinQuota } from '../../storage/service.js';
import type { TimeDeps } from '../deps.js';
import { loadExpense, presentExpenseById } from '../queries.js';
import { lockEditableExpense } from './update-expense.js';

/** What a receipt may be: a photo (from a phone's camera) or a PDF, by its first bytes. */
export function isReceiptType(mime: string): boolean {
  return mime === 'image/png' || mime === 'image/jpeg' || mime === 'image/webp' || mime === 'image/gif' || mime === 'application/pdf';
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
      await assertWithinQuota(tx, ctx.config.storageQuotaBytes, actor);
      return current.receiptStoredFilename;
    });
    if (replaced) await ctx.storage.remove(replaced).catch((err: unknown) => ctx.log.warn({ err }, 'replaced receipt left in storage'));
    return presentExpenseById(ctx, actor, id);
  };
}
