import type { Burn } from '@agency/schema';
import { and, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { assertCan } from '../../../core/policy.js';
import { expenses, invoices, projectMonthTotals, timeEntries } from '../../../db/schema.js';
import type { TimeDeps } from '../deps.js';
import { invoicedNet, issued } from '../money-sql.js';
import { currencyOf, PROJECT_NOT_FOUND, requireProject } from '../queries.js';

type Point = { minutes: number; cost: number; expenses: number; invoiced: number };

/**
 * The data of a project's burn chart (monthly from the monthly totals, weekly from the entries, expenses and invoices
 * of the project): per week (Monday) or month, the time, its cost, expenses and what was invoiced, in
 * the project's currency, with the running spend to hold against the budget line.
 */
export function projectBurn({ ctx }: TimeDeps) {
  return async (actor: Actor, projectId: number, interval: 'week' | 'month'): Promise<Burn> => {
    const { project, facts } = await requireProject(ctx.db, projectId);
    assertCan(actor, 'profitability:read', facts, PROJECT_NOT_FOUND);
    const currency = currencyOf(project.currency);
    const period = (column: typeof timeEntries.workDate | typeof expenses.date | typeof invoices.issueDate) =>
      sql<string>`to_char(date_trunc(${interval}, ${column}), 'YYYY-MM-DD')`;
    const spentQuery =
      interval === 'month'
        ? ctx.db
            .select({
              period: sql<string>`to_char(${projectMonthTotals.month}, 'YYYY-MM-DD')`,
              minutes: sql<string>`sum(${projectMonthTotals.minutes})`,
              cost: sql<string>`sum(case when ${projectMonthTotals.currency} = ${currency} then ${projectMonthTotals.cost} else 0 end)`,
              expenses: sql<string>`sum(case when ${projectMonthTotals.currency} = ${currency} then ${projectMonthTotals.expenses} else 0 end)`,
              invoiced: sql<string>`sum(case when ${projectMonthTotals.currency} = ${currency} then ${projectMonthTotals.invoiced} else 0 end)`,
            })
            .from(projectMonthTotals)
            .where(eq(projectMonthTotals.projectId, projectId))
            .groupBy(projectMonthTotals.month)
        : ctx.db
            .select({
              period: period(timeEntries.workDate),
              minutes: sql<string>`sum(${timeEntries.minutes})`,
              cost: sql<string>`sum(case when ${timeEntries.costCurrency} = ${currency} then ${timeEntries.cost} else 0 end)`,
              expenses: sql<string>`0`,
              invoiced: sql<string>`0`,
            })
            .from(timeEntries)
            .where(eq(timeEntries.projectId, projectId))
            .groupBy(sql`1`);
    const [spent, spentElsewhere, billed] = await Promise.all([
      spentQuery,
      interval === 'month'
        ? Promise.resolve([])
        : ctx.db
            .select({ period: period(expenses.date), amount: sql<string>`sum(${expenses.amount})` })
            .from(expenses)
            .where(and(eq(expenses.projectId, projectId), eq(expenses.currency, currency)))
            .groupBy(sql`1`),
      interval === 'month'
        ? Promise.resolve([])
        : ctx.db
            .select({ period: period(invoices.issueDate), invoiced: sql<string>`sum(${invoicedNet})` })
            .from(invoices)
            .where(and(eq(invoices.projectId, projectId), eq(invoices.currency, currency), issued))
            .groupBy(sql`1`),
    ]);
    const points = new Map<string, Point>();
    const at = (p: string) => {
      let point = points.get(p);
      if (!point) points.set(p, (point = { minutes: 0, cost: 0, expenses: 0, invoiced: 0 }));
      return point;
    };
    for (const r of spent) {
      const p = at(r.period);
      p.minutes += Number(r.minutes);
      p.cost += Number(r.cost);
      p.expenses += Number(r.expenses);
      p.invoiced += Number(r.invoiced);
    }
    for (const r of spentElsewhere) at(r.period).expenses += Number(r.amount);
    for (const r of billed) at(r.period).invoiced += Number(r.invoiced);
    let spend = 0;
    let invoiced = 0;
    return {
      project_id: String(projectId),
      currency,
      budget: project.budgetMinor,
      interval,
      points: [...points.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([p, v]) => {
          spend += v.cost + v.expenses;
          invoiced += v.invoiced;
          return { period: p, ...v, cumulative_spend: spend, cumulative_invoiced: invoiced };
        }),
    };
  };
}
