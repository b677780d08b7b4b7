import { PAYABLE_INVOICE_STATUSES, type CompanyListItem, type Currency } from '@agency/schema';
import { and, count, desc, exists, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { clientCompanies, invoices } from '../../db/schema.js';
import { presentCompany, type CompanyRow } from './queries.js';

/**
 * The companies as staff see them on the clients screen: each with its people, projects, open invoices and last
 * activity, counted by the database for one page of companies at a time.
 */

// Subqueries name their tables and columns by hand: Drizzle leaves columns unqualified in a single-table select, and
// an unqualified "id" inside a subquery would be the subquery's own.
const COMPANY_ID = sql.raw('"client_companies"."id"');

/** A company name, billing e-mail, or the name or e-mail of one of its people, containing `q`. */
export function matching(q: string | undefined): SQL | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  const like = `%${text}%`;
  return or(
    ilike(clientCompanies.name, like),
    ilike(clientCompanies.billingEmail, like),
    exists(sql`(select 1 from users u where u.company_id = ${COMPANY_ID} and (u.name ilike ${like} or u.email ilike ${like}))`),
  );
}

const summaryColumns = {
  company: clientCompanies,
  peopleCount: sql<number>`(select count(*) from users u where u.company_id = ${COMPANY_ID} and u.status = 'active')`.mapWith(Number),
  projectsCount: sql<number>`(select count(*) from projects p where p.company_id = ${COMPANY_ID})`.mapWith(Number),
  // The latest change to anything of the company: its details, projects, invoices, tool requests or messages.
  lastActivityAt: sql<string>`to_char(greatest(
    "client_companies"."updated_at",
    (select max(p.updated_at) from projects p where p.company_id = ${COMPANY_ID}),
    (select max(i.updated_at) from invoices i where i.company_id = ${COMPANY_ID}),
    (select max(r.updated_at) from tool_requests r where r.company_id = ${COMPANY_ID}),
    (select max(c.last_message_time) from conversations c where c.company_id = ${COMPANY_ID})
  ) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
};
type SummaryRow = { company: CompanyRow; peopleCount: number; projectsCount: number; lastActivityAt: string | null };

/** Companies, newest first, after the cursor's id. */
export function summaries(db: DbOrTx, where: SQL | undefined, beforeId: number | undefined, limit: number): Promise<SummaryRow[]> {
  return db
    .select(summaryColumns)
    .from(clientCompanies)
    .where(and(where, beforeId ? lt(clientCompanies.id, beforeId) : undefined))
    .orderBy(desc(clientCompanies.id))
    .limit(limit);
}

export type OpenInvoices = { count: number; totals: { currency: Currency; amount: number }[] };

/** What each company's open invoices (sent, partly paid, overdue) still ask for, per currency. */
export async function openInvoicesOf(db: DbOrTx, companyIds: number[]): Promise<Map<number, OpenInvoices>> {
  const byCompany = new Map<number, OpenInvoices>();
  if (companyIds.length === 0) return byCompany;
  const rows = await db
    .select({
      companyId: invoices.companyId,
      currency: invoices.currency,
      n: count(),
      due: sql<string>`sum(greatest(${invoices.total} - ${invoices.amountPaid}, 0))`,
    })
    .from(invoices)
    .where(and(inArray(invoices.companyId, companyIds), inArray(invoices.status, [...PAYABLE_INVOICE_STATUSES])))
    .groupBy(invoices.companyId, invoices.currency)
    .orderBy(invoices.companyId, invoices.currency);
  for (const row of rows) {
    const open = byCompany.get(row.companyId) ?? { count: 0, totals: [] };
    open.count += Number(row.n);
    open.totals.push({ currency: row.currency, amount: Number(row.due) });
    byCompany.set(row.companyId, open);
  }
  return byCompany;
}

export function presentSummary(row: SummaryRow, open: OpenInvoices | undefined): CompanyListItem {
  return {
    ...presentCompany(row.company),
    people_count: row.peopleCount,
    projects_count: row.projectsCount,
    open_invoices_count: open?.count ?? 0,
    open_invoices_total: open?.totals ?? [],
    last_activity_at: row.lastActivityAt,
  };
}

/** A page of companies with their figures. */
export async function summaryPage(db: DbOrTx, where: SQL | undefined, beforeId: number | undefined, limit: number) {
  const rows = await summaries(db, where, beforeId, limit);
  const open = await openInvoicesOf(
    db,
    rows.map((r) => r.company.id),
  );
  return rows.map((r) => ({ id: r.company.id, item: presentSummary(r, open.get(r.company.id)) }));
}
