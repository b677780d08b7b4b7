import { minorToDecimalString, type CompaniesQuery } from '@agency/schema';
import type { Actor } from '../../../core/actor.js';
import { assertCan } from '../../../core/policy.js';
import { csvField } from '../../../lib/csv.js';
import type { CompanyDeps } from '../deps.js';
import { matching, summaryPage } from '../directory.js';

const COMPANY_CSV_HEADER = [
  'id',
  'name',
  'billing_address',
  'country',
  'tax_number',
  'billing_email',
  'people_count',
  'projects_count',
  'open_invoices_count',
  'open_invoices_total',
  'last_activity_at',
  'created_at',
];
const BATCH = 500;

/**
 * Staff: the companies the search selects as CSV, the clients screen's columns (open totals as "GBP 1200.00; EUR
 * 50.00"), a batch at a time. Cells a spreadsheet would run as formulas are kept as text.
 */
export function exportCompaniesCsv({ ctx }: CompanyDeps) {
  return async function* (actor: Actor, query: Pick<CompaniesQuery, 'q'>): AsyncGenerator<string> {
    assertCan(actor, 'company:browse', null);
    yield `${COMPANY_CSV_HEADER.join(',')}\r\n`;
    const where = matching(query.q);
    let before: number | undefined;
    for (;;) {
      const rows = await summaryPage(ctx.db, where, before, BATCH);
      if (rows.length === 0) return;
      yield rows
        .map(({ item: c }) =>
          [
            c.id,
            c.name,
            c.billing_address,
            c.country,
            c.tax_number,
            c.billing_email,
            c.people_count,
            c.projects_count,
            c.open_invoices_count,
            c.open_invoices_total.map((t) => `${t.currency} ${minorToDecimalString(t.amount, t.currency)}`).join('; '),
            c.last_activity_at,
            c.created_at,
          ]
            .map(csvField)
            .join(','),
        )
        .map((line) => `${line}\r\n`)
        .join('');
      before = rows[rows.length - 1].id;
      if (rows.length < BATCH) return;
    }
  };
}
