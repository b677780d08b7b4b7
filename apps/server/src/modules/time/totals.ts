import { BUDGET_WARNING_PERCENTS, CURRENCY_DECIMALS, DATE_LOCALE, monthOf, type Currency } from '@agency/schema';
import { and, eq, sql } from 'drizzle-orm';
import type { Publish } from '../../core/events.js';
import type { Tx } from '../../db/client.js';
import { budgetAlerts, invoices, projectMonthTotals, projects } from '../../db/schema.js';
import type { TimeDeps } from './deps.js';
import { invoicedNet, issued, paidNet } from './money-sql.js';
import { currencyOf, staffIds } from './queries.js';

/** A project's month: what one row group of `project_month_totals` is about. */
export type TotalsKey = { projectId: number; month: string };

export function totalsKey(projectId: number, day: string): TotalsKey {
  return { projectId, month: monthOf(day) };
}

/** An amount as people read it in notifications: "£1,200.00", "JP¥330,000". */
export function money(minor: number, currency: Currency) {
  return new Intl.NumberFormat(DATE_LOCALE, { style: 'currency', currency }).format(minor / 10 ** CURRENCY_DECIMALS[currency]);
}

/**
 * Recounts the monthly totals of the project-months a change touched, from their entries, expenses and invoices, in
 * the change's transaction. Each project-month is recounted by one transaction at a time (an advisory lock taken in
 * one order by all), and the recount is a fresh statement, so it sees what the previous holder committed: the
 * totals never lose a concurrent change. Then the budget of each project touched is checked.
 */
export async function refreshTotals(deps: TimeDeps, tx: Tx, publish: Publish, keys: readonly TotalsKey[]) {
  const unique = [...new Map(keys.map((k) => [`${k.projectId}:${k.month}`, k])).values()].sort(
    (a, b) => a.projectId - b.projectId || a.month.localeCompare(b.month),
  );
  for (const key of unique) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('time-totals'), hashtext(${`${key.projectId}:${key.month}`}))`);
  }
  for (const key of unique) await recount(tx, key);
  for (const projectId of new Set(unique.map((k) => k.projectId))) await checkBudget(deps, tx, publish, projectId);
}

/** The SQL of one project-month's totals, from its time, expenses and issued invoices. */
export function recountStatement(projectId: number, month: string) {
  return sql`
    insert into ${projectMonthTotals} (project_id, month, currency, minutes, unpriced_minutes, cost, expenses, invoiced, paid)
    select ${projectId}, ${month}::date, currency, sum(minutes), sum(unpriced), sum(cost), sum(spent), sum(invoiced), sum(paid)
    from (
      select coalesce(e.cost_currency, p.currency) as currency, e.minutes::bigint as minutes,
             case when e.cost_currency is null then e.minutes else 0 end::bigint as unpriced, e.cost as cost, 0::bigint as spent,
             0::bigint as invoiced, 0::bigint as paid
      from time_entries e join projects p on p.id = e.project_id
      where e.project_id = ${projectId} and e.work_date >= ${month}::date and e.work_date < ${month}::date + interval '1 month'
      union all
      select x.currency, 0, 0, 0, x.amount, 0, 0
      from expenses x
      where x.project_id = ${projectId} and x.date >= ${month}::date and x.date < ${month}::date + interval '1 month'
      union all
      select ${invoices.currency}, 0, 0, 0, 0, ${invoicedNet}, ${paidNet}
      from ${invoices}
      where ${invoices.projectId} = ${projectId} and ${issued}
        and ${invoices.issueDate} >= ${month}::date and ${invoices.issueDate} < ${month}::date + interval '1 month'
    ) spent
    group by currency`;
}

async function recount(tx: Tx, key: TotalsKey) {
  await tx.delete(projectMonthTotals).where(and(eq(projectMonthTotals.projectId, key.projectId), eq(projectMonthTotals.month, key.month)));
  await tx.execute(recountStatement(key.projectId, key.month));
}

/** Cost and expenses so far in the project's own currency (other currencies are never converted). */
export async function spendOf(tx: Tx, projectId: number, currency: Currency): Promise<number> {
  const [row] = await tx
    .select({ spend: sql<string>`coalesce(sum(${projectMonthTotals.cost} + ${projectMonthTotals.expenses}), 0)` })
    .from(projectMonthTotals)
    .where(and(eq(projectMonthTotals.projectId, projectId), eq(projectMonthTotals.currency, currency)));
  return Number(row?.spend ?? 0);
}

/**
 * Tells the project's lead and staff when cost and expenses pass 80 % and 100 % of the budget: once per threshold and
 * budget (a row under a primary key claims it, in this transaction), so a retried or concurrent change never warns
 * twice, and a raised budget may warn again.
 */
async function checkBudget({ ctx, notifications }: TimeDeps, tx: Tx, publish: Publish, projectId: number) {
  const [project] = await tx
    .select({ title: projects.title, budget: projects.budgetMinor, currency: projects.currency, teamLeadId: projects.teamLeadId })
    .from(projects)
    .where(eq(projects.id, projectId));
  if (!project?.budget || project.budget <= 0) return;
  const currency = currencyOf(project.currency);
  const spend = await spendOf(tx, projectId, currency);
  const passed = BUDGET_WARNING_PERCENTS.filter((percent) => spend * 100 >= project.budget! * percent);
  let highest: number | null = null;
  for (const percent of passed) {
    const claimed = await tx
      .insert(budgetAlerts)
      .values({ projectId, percent, budgetMinor: project.budget, sentAt: ctx.now() })
      .onConflictDoNothing()
      .returning({ percent: budgetAlerts.percent });
    if (claimed.length > 0) highest = percent;
  }
  if (highest === null) return;
  const recipients = [...(project.teamLeadId ? [project.teamLeadId] : []), ...(await staffIds(tx))];
  await notifications.notify(tx, publish, recipients, {
    kind: 'budget_warning',
    title: `"${project.title}" has used ${highest} % of its budget`,
    body: `Cost and expenses so far: ${money(spend, currency)} of a budget of ${money(project.budget, currency)}.`,
    target: { type: 'project', id: String(projectId) },
    projectId,
  });
}
