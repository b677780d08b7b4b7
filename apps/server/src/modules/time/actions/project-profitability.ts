import { BUDGET_WARNING_PERCENTS, type Currency, type Profitability } from '@agency/schema';
import { eq, sql } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { assertCan } from '../../../core/policy.js';
import { projectMonthTotals } from '../../../db/schema.js';
import type { TimeDeps } from '../deps.js';
import { currencyOf, PROJECT_NOT_FOUND, requireProject } from '../queries.js';

type Figures = { cost: number; expenses: number; invoiced: number; paid: number; margin: number };

/**
 * A project's budget against what it cost (hours at each person's cost rate, and expenses) and what was invoiced and
 * paid, in the project's currency; other currencies are listed apart, never converted. Staff and the project's lead.
 * Read from the monthly totals, like the agency report, so the two always agree.
 */
export function projectProfitability({ ctx }: TimeDeps) {
  return async (actor: Actor, projectId: number): Promise<Profitability> => {
    const { project, facts } = await requireProject(ctx.db, projectId);
    assertCan(actor, 'profitability:read', facts, PROJECT_NOT_FOUND);
    const currency = currencyOf(project.currency);
    const rows = await ctx.db
      .select({
        currency: projectMonthTotals.currency,
        minutes: sql<string>`sum(${projectMonthTotals.minutes})`,
        unpriced: sql<string>`sum(${projectMonthTotals.unpricedMinutes})`,
        cost: sql<string>`sum(${projectMonthTotals.cost})`,
        expenses: sql<string>`sum(${projectMonthTotals.expenses})`,
        invoiced: sql<string>`sum(${projectMonthTotals.invoiced})`,
        paid: sql<string>`sum(${projectMonthTotals.paid})`,
      })
      .from(projectMonthTotals)
      .where(eq(projectMonthTotals.projectId, projectId))
      .groupBy(projectMonthTotals.currency);
    const byCurrency = new Map<Currency, Figures>();
    const figures = (c: Currency) => {
      let f = byCurrency.get(c);
      if (!f) byCurrency.set(c, (f = { cost: 0, expenses: 0, invoiced: 0, paid: 0, margin: 0 }));
      return f;
    };
    let minutes = 0;
    let unpriced = 0;
    for (const row of rows) {
      minutes += Number(row.minutes);
      unpriced += Number(row.unpriced);
      const f = figures(row.currency);
      f.cost += Number(row.cost);
      f.expenses += Number(row.expenses);
      f.invoiced += Number(row.invoiced);
      f.paid += Number(row.paid);
    }
    for (const f of byCurrency.values()) f.margin = f.invoiced - f.cost - f.expenses;
    const own = figures(currency);
    const budget = project.budgetMinor;
    const spend = own.cost + own.expenses;
    const hasBudget = budget !== null && budget > 0;
    const used = hasBudget ? Math.round((spend * 1000) / budget) / 10 : null;
    const warning = hasBudget ? ([...BUDGET_WARNING_PERCENTS].reverse().find((p) => spend * 100 >= budget * p) ?? null) : null;
    return {
      project_id: String(projectId),
      currency,
      budget,
      minutes,
      unpriced_minutes: unpriced,
      ...own,
      budget_used_percent: used,
      warning,
      other_currencies: [...byCurrency.entries()]
        .filter(([c]) => c !== currency)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([c, f]) => ({ currency: c, ...f })),
    };
  };
}
