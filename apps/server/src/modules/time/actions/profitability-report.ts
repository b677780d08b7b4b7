import { type Currency, type ProfitabilityReport, type ProfitabilityReportData, type ProfitabilityRow } from '@agency/schema';
import { sql } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { assertCan } from '../../../core/policy.js';
import { clientCompanies, projectMonthTotals, projects } from '../../../db/schema.js';
import type { TimeDeps } from '../deps.js';

type Row = {
  key: string;
  label: string;
  currency: Currency;
  budget: string | null;
  minutes: string;
  cost: string;
  expenses: string;
  invoiced: string;
  paid: string;
};

/**
 * The agency's profitability by project, client company or month, from the monthly totals alone (a few rows per project and
 * month, never the entries or the invoices themselves): time and expenses by the day they count on, invoices by
 * their issue date, each row per currency (amounts are never converted). Staff only. Summed per project or month
 * first, then named: the sort and the joins see thousands of rows, not every month of every project.
 */
export function profitabilityReport({ ctx }: TimeDeps) {
  return async (actor: Actor, query: ProfitabilityReportData): Promise<ProfitabilityReport> => {
    assertCan(actor, 'profitability:report', null);
    const from = query.from ? `${query.from}-01` : null;
    const to = query.to ? `${query.to}-01` : null;
    const byMonth = query.group_by === 'month';
    const summed = sql`
      select ${byMonth ? sql`t.month` : sql`t.project_id`} as k, t.currency,
             sum(t.minutes) as minutes, sum(t.cost) as cost, sum(t.expenses) as expenses, sum(t.invoiced) as invoiced, sum(t.paid) as paid
      from ${projectMonthTotals} t
      where (${from}::date is null or t.month >= ${from}::date) and (${to}::date is null or t.month <= ${to}::date)
      group by 1, 2`;
    const figures = sql`a.minutes::text as minutes, a.cost::text as cost, a.expenses::text as expenses, a.invoiced::text as invoiced, a.paid::text as paid`;
    const statement = {
      month: sql`with a as (${summed})
        select to_char(a.k, 'YYYY-MM') as key, to_char(a.k, 'YYYY-MM') as label, a.currency, null as budget, ${figures}
        from a order by 1, 3`,
      // A project's budget is shown on the row of its own currency.
      project: sql`with a as (${summed})
        select p.id::text as key, p.title as label, a.currency, (case when p.currency = a.currency then p.budget_minor end)::text as budget, ${figures}
        from a join ${projects} p on p.id = a.k order by 2, 1, 3`,
      // By the client company the project is for (every project has one): its people's projects count together.
      client: sql`with a as (${summed})
        select c.id::text as key, c.name as label, a.currency, null as budget,
               sum(a.minutes)::text as minutes, sum(a.cost)::text as cost, sum(a.expenses)::text as expenses,
               sum(a.invoiced)::text as invoiced, sum(a.paid)::text as paid
        from a join ${projects} p on p.id = a.k join ${clientCompanies} c on c.id = p.company_id
        group by 1, 2, 3 order by 2, 1, 3`,
    }[query.group_by];
    const result = (await ctx.db.execute(statement)) as unknown as { rows: Row[] };
    const rows: ProfitabilityRow[] = result.rows.map((r) => {
      const figures = { cost: Number(r.cost), expenses: Number(r.expenses), invoiced: Number(r.invoiced), paid: Number(r.paid) };
      return {
        key: r.key,
        label: r.label,
        currency: r.currency,
        budget: r.budget === null ? null : Number(r.budget),
        minutes: Number(r.minutes),
        ...figures,
        margin: figures.invoiced - figures.cost - figures.expenses,
      };
    });
    const totals = new Map<Currency, ProfitabilityReport['totals'][number]>();
    for (const r of rows) {
      const t = totals.get(r.currency) ?? { currency: r.currency, minutes: 0, cost: 0, expenses: 0, invoiced: 0, paid: 0, margin: 0 };
      t.minutes += r.minutes;
      t.cost += r.cost;
      t.expenses += r.expenses;
      t.invoiced += r.invoiced;
      t.paid += r.paid;
      t.margin += r.margin;
      totals.set(r.currency, t);
    }
    return { group_by: query.group_by, rows, totals: [...totals.values()].sort((a, b) => a.currency.localeCompare(b.currency)) };
  };
}
