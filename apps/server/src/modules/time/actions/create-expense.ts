import { localDay, type CreateExpenseData } from '@agency/schema';
import type { Actor } from '../../../core/actor.js';
import { AppError } from '../../../core/errors.js';
import { assertCan } from '../../../core/policy.js';
import { expenses } from '../../../db/schema.js';
import type { TimeDeps } from '../deps.js';
import { currencyOf, presentExpenseById, PROJECT_NOT_FOUND, requireProject } from '../queries.js';
import { refreshTotals, totalsKey } from '../totals.js';

/** A day an expense may have: not in the future (agency time). */
export function assertExpenseDay(deps: TimeDeps, day: string) {
  if (day > localDay(deps.ctx.now(), deps.ctx.config.agencyTimeZone)) {
    throw new AppError('VALIDATION_FAILED', 'date: An expense cannot be dated in the future');
  }
}

/** Records money spent on a project (a draft until submitted); the project's team and staff may. */
export function createExpense(deps: TimeDeps) {
  const { ctx } = deps;
  return async (actor: Actor, input: CreateExpenseData) => {
    const { project, facts } = await requireProject(ctx.db, Number(input.project_id));
    assertCan(actor, 'expense:create', facts, PROJECT_NOT_FOUND);
    assertExpenseDay(deps, input.date);
    const id = await ctx.transaction(async (tx, publish) => {
      const now = ctx.now();
      const [created] = await tx
        .insert(expenses)
        .values({
          userId: actor.id,
          projectId: project.id,
          date: input.date,
          amount: input.amount,
          currency: input.currency ?? currencyOf(project.currency),
          category: input.category,
          description: input.description,
          billable: input.billable ?? true,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: expenses.id });
      await refreshTotals(deps, tx, publish, [totalsKey(project.id, input.date)]);
      return created.id;
    });
    return presentExpenseById(ctx, actor, id);
  };
}
