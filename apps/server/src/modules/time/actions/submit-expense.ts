import { formatDate } from '@agency/schema';
import { expenses } from '../../../db/schema.js';
import type { Actor } from '../../../core/actor.js';
import type { TimeDeps } from '../deps.js';
import { expenseLifecycle } from '../lifecycle.js';
import { loadExpense, presentExpenseById, staffIds } from '../queries.js';
import { money } from '../totals.js';
import { lockEditableExpense } from './update-expense.js';

/** Sends one's expense to staff for approval (again, after it was sent back). */
export function submitExpense({ ctx, notifications }: TimeDeps) {
  return async (actor: Actor, id: number) => {
    const { facts, info } = await loadExpense(ctx.db, actor, 'time:edit', id);
    await ctx.transaction(async (tx, publish) => {
      const current = await lockEditableExpense(tx, id);
      await expenseLifecycle.transition(tx, {
        table: expenses,
        id,
        actor,
        resource: facts,
        from: current.status,
        to: 'submitted',
        set: { rejectionReason: null, updatedAt: ctx.now() },
      });
      publish({
        type: 'expense.status_changed',
        expenseId: id,
        projectId: current.projectId,
        from: current.status,
        to: 'submitted',
        actorId: actor.id,
      });
      await notifications.notify(
        tx,
        publish,
        (await staffIds(tx)).filter((staffId) => staffId !== actor.id),
        {
          kind: 'expense_submitted',
          title: `Expense to approve: ${money(current.amount, current.currency)}`,
          body: `${actor.name} submitted ${money(current.amount, current.currency)} on "${info.project.title}" (${formatDate(current.date)}): ${current.description}`,
          target: { type: 'project', id: String(current.projectId) },
          projectId: current.projectId,
        },
      );
    });
    return presentExpenseById(ctx, actor, id);
  };
}
