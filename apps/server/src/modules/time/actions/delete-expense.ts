import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { expenses } from '../../../db/schema.js';
import type { TimeDeps } from '../deps.js';
import { loadExpense } from '../queries.js';
import { refreshTotals, totalsKey } from '../totals.js';
import { lockEditableExpense } from './update-expense.js';

/** Deletes one's own expense while it is a draft or sent back; its receipt leaves storage after the commit. */
export function deleteExpense(deps: TimeDeps) {
  const { ctx } = deps;
  return async (actor: Actor, id: number) => {
    await loadExpense(ctx.db, actor, 'time:edit', id);
    const receipt = await ctx.transaction(async (tx, publish) => {
      const current = await lockEditableExpense(tx, id);
      await tx.delete(expenses).where(eq(expenses.id, id));
      await refreshTotals(deps, tx, publish, [totalsKey(current.projectId, current.date)]);
      return current.receiptStoredFilename;
    });
    if (receipt) await ctx.storage.remove(receipt).catch((err: unknown) => ctx.log.warn({ err }, 'receipt of a deleted expense left in storage'));
  };
}
