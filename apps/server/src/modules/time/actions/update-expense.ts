import { assertNever, type ExpenseStatus, type UpdateExpenseData } from '@agency/schema';
import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { AppError } from '../../../core/errors.js';
import type { Tx } from '../../../db/client.js';
import { expenses } from '../../../db/schema.js';
import type { TimeDeps } from '../deps.js';
import { EXPENSE_NOT_FOUND, loadExpense, presentExpenseById } from '../queries.js';
import { refreshTotals, totalsKey } from '../totals.js';
import { assertExpenseDay } from './create-expense.js';

/** Why an expense in this status may not change (409), or null while its owner may still change it. */
export function expenseLockedBecause(status: ExpenseStatus): string | null {
  switch (status) {
    case 'draft':
    case 'rejected':
      return null;
    case 'submitted':
      return 'This expense is submitted; it can change again if it is sent back';
    case 'approved':
      return 'This expense is approved and locked';
    case 'billed':
      return 'This expense is billed on an invoice and locked';
    default:
      return assertNever(status);
  }
}

/** The expense locked for this transaction, while its owner may still change it (a draft, or sent back). */
export async function lockEditableExpense(tx: Tx, id: number) {
  const [current] = await tx.select().from(expenses).where(eq(expenses.id, id)).for('update');
  if (!current) throw new AppError('NOT_FOUND', EXPENSE_NOT_FOUND);
  const locked = expenseLockedBecause(current.status);
  if (locked) throw new AppError('INVALID_TRANSITION', locked);
  return current;
}

export function updateExpense(deps: TimeDeps) {
  const { ctx } = deps;
  return async (actor: Actor, id: number, input: UpdateExpenseData) => {
    await loadExpense(ctx.db, actor, 'time:edit', id);
    if (input.date) assertExpenseDay(deps, input.date);
    await ctx.transaction(async (tx, publish) => {
      const current = await lockEditableExpense(tx, id);
      const date = input.date ?? current.date;
      await tx
        .update(expenses)
        .set({
          date,
          amount: input.amount ?? current.amount,
          currency: input.currency ?? current.currency,
          category: input.category ?? current.category,
          description: input.description ?? current.description,
          billable: input.billable ?? current.billable,
          updatedAt: ctx.now(),
        })
        .where(eq(expenses.id, id));
      await refreshTotals(deps, tx, publish, [totalsKey(current.projectId, current.date), totalsKey(current.projectId, date)]);
    });
    return presentExpenseById(ctx, actor, id);
  };
}
