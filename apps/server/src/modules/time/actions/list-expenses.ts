import type { ExpenseListData } from '@agency/schema';
import { and, desc, eq, gte, lt, lte } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { assertCan } from '../../../core/policy.js';
import { expenses } from '../../../db/schema.js';
import { decodeCursor, encodeCursor } from '../../../lib/pagination.js';
import type { TimeDeps } from '../deps.js';
import { expenseQuery, presentExpense, visibleSpending } from '../queries.js';

/** Expenses the caller may see (their own; a lead's projects too; everyone's for staff), newest first. */
export function listExpenses({ ctx }: TimeDeps) {
  return async (actor: Actor, query: ExpenseListData) => {
    assertCan(actor, 'time:list', null);
    const after = decodeCursor(query.cursor);
    const rows = await expenseQuery(ctx.db)
      .where(
        and(
          visibleSpending(actor, expenses),
          query.user_id ? eq(expenses.userId, Number(query.user_id)) : undefined,
          query.project_id ? eq(expenses.projectId, Number(query.project_id)) : undefined,
          query.status ? eq(expenses.status, query.status) : undefined,
          query.from ? gte(expenses.date, query.from) : undefined,
          query.to ? lte(expenses.date, query.to) : undefined,
          after ? lt(expenses.id, after) : undefined,
        ),
      )
      .orderBy(desc(expenses.id))
      .limit(query.limit + 1);
    const more = rows.length > query.limit;
    const items = more ? rows.slice(0, query.limit) : rows;
    return {
      items: items.map((row) => presentExpense(ctx, actor, row)),
      next_cursor: more ? encodeCursor(items[items.length - 1].expense.id) : null,
    };
  };
}
