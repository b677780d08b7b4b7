import type { Actor } from '../../../core/actor.js';
import type { TimeDeps } from '../deps.js';
import { loadExpense, presentExpenseById } from '../queries.js';

export function getExpense({ ctx }: TimeDeps) {
  return async (actor: Actor, id: number) => {
    await loadExpense(ctx.db, actor, 'time:read', id);
    return presentExpenseById(ctx, actor, id);
  };
}
