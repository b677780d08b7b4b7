import type { Actor } from '../../../core/actor.js';
import { AppError } from '../../../core/errors.js';
import type { TimeDeps } from '../deps.js';
import { loadExpense } from '../queries.js';
import { expenseLockedBecause } from './update-expense.js';

/** Checked before the upload is read: the owner's expense, still open to changes. */
export function assertMayAttachReceipt({ ctx }: TimeDeps) {
  return async (actor: Actor, id: number) => {
    const { expense } = await loadExpense(ctx.db, actor, 'time:edit', id);
    const locked = expenseLockedBecause(expense.status);
    if (locked) throw new AppError('INVALID_TRANSITION', locked);
  };
}
