import { computeInvoiceTotals, type InvoiceKind, type InvoiceLineInput } from '@agency/schema';
import { AppError } from '../../core/errors.js';
import type { Publish } from '../../core/events.js';
import type { Tx } from '../../db/client.js';
import { invoices, type projects } from '../../db/schema.js';
import { firstOwnerOf } from '../companies/queries.js';
import { announceSent } from './announce.js';
import type { InvoiceDeps } from './deps.js';
import { addDays, assertCardPayableTotal, type InvoiceRow } from './helpers.js';
import { nextInvoiceNo } from './queries.js';

/** An invoice the product raises on its own (a recurring invoice's period, a payment plan's stage). */
export type RaiseInvoice = {
  /** Null for a company's invoice without a project: it is then addressed to `companyId`. */
  project: typeof projects.$inferSelect | null;
  companyId: number;
  kind: InvoiceKind;
  currency: InvoiceRow['currency'];
  lines: readonly InvoiceLineInput[];
  discount: number;
  notes: string | null;
  issueDate: string;
  /** Sent at once (stored PDF, e-mail and notification to the company), or left a draft for staff to send. */
  send: boolean;
  recurringInvoiceId?: number;
  recurringPeriodOn?: string;
  paymentStageId?: number;
  autoCharge?: boolean;
  createdBy: number | null;
};

/**
 * Raises an invoice in the caller's transaction, numbered like every invoice. What makes it happen once is the
 * caller's: the unique keys on (recurring invoice, period) and on the payment stage refuse a second one.
 */
export async function raiseInvoice(deps: InvoiceDeps, tx: Tx, publish: Publish, input: RaiseInvoice): Promise<InvoiceRow> {
  const { ctx } = deps;
  const totals = computeInvoiceTotals(input.lines, input.discount);
  assertCardPayableTotal(totals.total, input.currency);
  const now = ctx.now();
  // The person an invoice names: the project's requester, else the company's first owner.
  const clientId = input.project?.clientId ?? (await firstOwnerOf(tx, input.companyId));
  if (clientId === null) throw new AppError('UNPROCESSABLE', 'This client company has no owner to address the invoice to');
  const [row] = await tx
    .insert(invoices)
    .values({
      invoiceNo: await nextInvoiceNo(tx, now),
      projectId: input.project?.id ?? null,
      clientId,
      companyId: input.companyId,
      kind: input.kind,
      status: input.send ? 'sent' : 'draft',
      currency: input.currency,
      lines: totals.lines,
      discount: totals.discount,
      subtotal: totals.subtotal,
      taxTotal: totals.tax_total,
      total: totals.total,
      issueDate: input.issueDate,
      dueDate: addDays(input.issueDate, ctx.config.payments.invoiceDueDays),
      notes: input.notes,
      sentAt: input.send ? now : null,
      recurringInvoiceId: input.recurringInvoiceId ?? null,
      recurringPeriodOn: input.recurringPeriodOn ?? null,
      paymentStageId: input.paymentStageId ?? null,
      autoCharge: input.autoCharge ?? false,
      createdBy: input.createdBy,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  publish({ type: 'invoice.created', invoiceId: row.id, projectId: row.projectId, kind: row.kind });
  if (input.send) await announceSent(deps, tx, publish, row);
  return row;
}
