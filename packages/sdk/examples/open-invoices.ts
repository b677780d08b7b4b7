// Lists a company's open invoices (sent, partly paid or overdue) with an API token, and what is due in each currency.
//
//   AGENCY_URL=https://agency.example AGENCY_TOKEN=agt_... npx tsx packages/sdk/examples/open-invoices.ts [company_id]
//
// The token needs the `invoices:read` scope. A client's token lists its own company's invoices; a staff token lists
// every company's, or the one whose id is given.
import { createAgencyClient, type paths } from '../src/index.js';

type Invoice = paths['/api/invoices']['get']['responses'][200]['content']['application/json']['items'][number];

const OPEN = new Set(['sent', 'partially_paid', 'overdue']);

const baseUrl = process.env.AGENCY_URL;
const token = process.env.AGENCY_TOKEN;
const companyId = process.argv[2];
if (!baseUrl || !token) {
  console.error('Set AGENCY_URL and AGENCY_TOKEN (a token with the invoices:read scope).');
  process.exit(2);
}

/** An amount in minor units as the currency writes it (GBP 1,200.00; JPY 1,200; KWD 1.200). */
function money(minor: number, currency: string): string {
  const format = new Intl.NumberFormat('en-GB', { style: 'currency', currency });
  return format.format(minor / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
}

const api = createAgencyClient({ baseUrl, token });
const open: Invoice[] = [];
let cursor: string | undefined;
do {
  const { data, error, response } = await api.GET('/api/invoices', { params: { query: { limit: 100, ...(cursor ? { cursor } : {}) } } });
  if (!data) {
    console.error(`GET /api/invoices answered ${response.status}: ${error?.error ?? response.statusText}`);
    process.exit(1);
  }
  open.push(...data.items.filter((i) => OPEN.has(i.status) && (!companyId || i.company.id === companyId)));
  cursor = data.next_cursor ?? undefined;
} while (cursor);

if (open.length === 0) {
  console.log('No open invoices.');
} else {
  const due = new Map<string, number>();
  for (const invoice of open.sort((a, b) => a.due_date.localeCompare(b.due_date) || a.invoice_no.localeCompare(b.invoice_no))) {
    console.log(
      [invoice.invoice_no, invoice.company.name, `due ${invoice.due_date}`, invoice.status, money(invoice.amount_due, invoice.currency)].join('\t'),
    );
    due.set(invoice.currency, (due.get(invoice.currency) ?? 0) + invoice.amount_due);
  }
  for (const [currency, amount] of [...due].sort())
    console.log(`Open in ${currency}: ${money(amount, currency)} over ${open.filter((i) => i.currency === currency).length} invoice(s)`);
}
