import {
  hoursQuantity,
  minorToDecimalString,
  type Currency,
  type ProfitabilityReport,
  type ProfitabilityReportData,
  type ProfitabilityRow,
} from '@agency/schema';
import { sql } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { assertCan } from '../../../core/policy.js';
import { invoices } from '../../../db/schema.js';
import type { TimeDeps } from '../deps.js';
import { invoicedNet, issued, paidNet } from '../money-sql.js';

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

const GROUPS = {
  // A project's budget is shown on the row of its own currency.
  project: { key: sql`p.id::text`, label: sql`p.title`, budget: sql`max(case when p.currency = u.currency then p.budget_minor end)` },
  // By the project's client; with companies, the client company.
  client: { key: sql`c.id::text`, label: sql`coalesce(nullif(c.company, ''), c.name)`, budget: sql`null::bigint` },
  month: { key: sql`to_char(u.month, 'YYYY-MM')`, label: sql`to_char(u.month, 'YYYY-MM')`, budget: sql`null::bigint` },
} as const;

/**
 * The agency's profitability by project, client or month: time and expenses from the monthly totals (a few rows per
 * project and month, never the entries themselves), invoices by their issue date, each row per currency (amounts are
 * never converted). Staff only.
 */
export function profitabilityReport({ ctx }: TimeDeps) {
  return async (actor: Actor, query: ProfitabilityReportData): Promise<ProfitabilityReport> => {
    assertCan(actor, 'profitability:report', null);
    const group = GROUPS[query.group_by];
    const from = query.from ? `${query.from}-01` : null;
    const to = query.to ? `${query.to}-01` : null;
    const result = (await ctx.db.execute(sql`
      with u as (
        select t.project_id, t.month, t.currency, t.minutes, t.cost, t.expenses, 0::bigint as invoiced, 0::bigint as paid
        from project_month_totals t
        where (${from}::date is null or t.month >= ${from}::date) and (${to}::date is null or t.month <= ${to}::date)
        union all
        select ${invoices.projectId}, date_trunc('month', ${invoices.issueDate})::date, ${invoices.currency}, 0, 0, 0, ${invoicedNet}, ${paidNet}
        from ${invoices}
        where ${issued}
          and (${from}::date is null or ${invoices.issueDate} >= ${from}::date)
          and (${to}::date is null or ${invoices.issueDate} < ${to}::date + interval '1 month')
      )
      select ${group.key} as key, ${group.label} as label, u.currency, ${group.budget}::text as budget,
             sum(u.minutes)::text as minutes, sum(u.cost)::text as cost, sum(u.expenses)::text as expenses,
             sum(u.invoiced)::text as invoiced, sum(u.paid)::text as paid
      from u
      join projects p on p.id = u.project_id
      join users c on c.id = p.client_id
      group by 1, 2, u.currency
      order by 2, 1, 3`)) as unknown as { rows: Row[] };
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

const CSV_HEADER = ['group', 'key', 'label', 'currency', 'budget', 'hours', 'cost', 'expenses', 'invoiced', 'paid', 'margin'];

function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  // A cell a spreadsheet would run as a formula is kept as text.
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The report as CSV: one line per row, amounts in major units of their currency, hours to two decimals. */
export function exportProfitabilityCsv(deps: TimeDeps) {
  const report = profitabilityReport(deps);
  return async (actor: Actor, query: ProfitabilityReportData): Promise<string> => {
    const { rows } = await report(actor, query);
    const m = (minor: number | null, currency: Currency) => (minor === null ? null : minorToDecimalString(minor, currency));
    const lines = rows.map((r) =>
      [
        query.group_by,
        r.key,
        r.label,
        r.currency,
        m(r.budget, r.currency),
        hoursQuantity(r.minutes).toFixed(2),
        m(r.cost, r.currency),
        m(r.expenses, r.currency),
        m(r.invoiced, r.currency),
        m(r.paid, r.currency),
        m(r.margin, r.currency),
      ]
        .map(csvCell)
        .join(','),
    );
    return [CSV_HEADER.join(','), ...lines].map((line) => `${line}\r\n`).join('');
  };
}
