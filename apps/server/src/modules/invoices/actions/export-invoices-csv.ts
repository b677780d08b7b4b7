import { minorToDecimalString, type InvoiceListQuery } from '@agency/schema';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { assertCan } from '../../../core/policy.js';
import { invoices } from '../../../db/schema.js';
import type { InvoiceDeps } from '../deps.js';
import { amountDueOf } from '../helpers.js';
import { baseList, type ListRow } from '../queries.js';

const INVOICE_CSV_HEADER = [
  'invoice_no',
  'status',
  'kind',
  'client',
  'client_email',
  'project',
  'currency',
  'issue_date',
  'due_date',
  'subtotal',
  'discount',
  'tax_total',
  'total',
  'amount_paid',
  'amount_refunded',
  'amount_due',
  'sent_at',
  'paid_at',
];

function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  // A cell a spreadsheet would run as a formula is kept as text.
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Every invoice the list's filters select, as CSV rows (amounts in major units of their currency), a page at a time. */
export function exportInvoicesCsv({ ctx }: InvoiceDeps) {
  return async function* (actor: Actor, query: Pick<InvoiceListQuery, 'status' | 'client_id' | 'project_id' | 'attention'>): AsyncGenerator<string> {
    assertCan(actor, 'invoice:report', null);
    yield `${INVOICE_CSV_HEADER.join(',')}\r\n`;
    let after: number | undefined;
    for (;;) {
      const rows = await baseList(ctx.db)
        .where(
          and(
            query.project_id ? eq(invoices.projectId, Number(query.project_id)) : undefined,
            query.client_id ? eq(invoices.clientId, Number(query.client_id)) : undefined,
            query.status ? eq(invoices.status, query.status) : undefined,
            query.attention === 'true' ? eq(invoices.needsAttention, true) : undefined,
            after ? lt(invoices.id, after) : undefined,
          ),
        )
        .orderBy(desc(invoices.id))
        .limit(1000);
      if (rows.length === 0) return;
      const m = (minor: number, r: ListRow) => minorToDecimalString(minor, r.currency);
      yield rows
        .map((r) =>
          [
            r.invoiceNo,
            r.status,
            r.kind,
            r.clientName,
            r.clientEmail,
            r.projectTitle,
            r.currency,
            r.issueDate,
            r.dueDate,
            m(r.subtotal, r),
            m(r.discount, r),
            m(r.taxTotal, r),
            m(r.total, r),
            m(r.amountPaid, r),
            m(r.amountRefunded, r),
            m(amountDueOf(r), r),
            r.sentAt?.toISOString() ?? null,
            r.paidAt?.toISOString() ?? null,
          ]
            .map(csvCell)
            .join(','),
        )
        .map((line) => `${line}\r\n`)
        .join('');
      after = rows[rows.length - 1].id;
      if (rows.length < 1000) return;
    }
  };
}
