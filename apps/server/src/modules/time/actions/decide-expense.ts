import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { recordAudit } from '../../../core/audit.js';
import { AppError } from '../../../core/errors.js';
import { expenses } from '../../../db/schema.js';
import type { TimeDeps } from '../deps.js';
import { expenseLifecycle } from '../lifecycle.js';
import { EXPENSE_NOT_FOUND, loadExpense, presentExpenseById } from '../queries.js';
import { money } from '../totals.js';
import type { Decision } from './decide-timesheet.js';

/** Staff approve a submitted expense (it may then be billed) or send it back with a reason. */
export function decideExpense({ ctx, notifications }: TimeDeps) {
  return async (actor: Actor, id: number, decision: Decision) => {
    const { facts } = await loadExpense(ctx.db, actor, 'expense:decide', id);
    const to = decision.approve ? 'approved' : 'rejected';
    await ctx.transaction(async (tx, publish) => {
      const [current] = await tx.select().from(expenses).where(eq(expenses.id, id)).for('update');
      if (!current) throw new AppError('NOT_FOUND', EXPENSE_NOT_FOUND);
      const now = ctx.now();
      await expenseLifecycle.transition(tx, {
        table: expenses,
        id,
        actor,
        resource: facts,
        from: current.status,
        to,
        set: { rejectionReason: decision.approve ? null : decision.reason, updatedAt: now },
      });
      publish({ type: 'expense.status_changed', expenseId: id, projectId: current.projectId, from: current.status, to, actorId: actor.id });
      await recordAudit(
        tx,
        actor,
        decision.approve ? 'expense.approved' : 'expense.rejected',
        { type: 'expense', id, before: { status: current.status }, after: { status: to, ...(decision.approve ? {} : { reason: decision.reason }) } },
        now,
      );
      const amount = money(current.amount, current.currency);
      await notifications.notify(tx, publish, [current.userId], {
        kind: decision.approve ? 'expense_approved' : 'expense_rejected',
        title: decision.approve ? `Expense of ${amount} approved` : `Expense of ${amount} sent back`,
        body: decision.approve
          ? `${actor.name} approved "${current.description}".`
          : `${actor.name} sent back "${current.description}": ${decision.reason}`,
        target: { type: 'project', id: String(current.projectId) },
        projectId: current.projectId,
      });
    });
    return presentExpenseById(ctx, actor, id);
  };
}
