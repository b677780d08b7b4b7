import { computeInvoiceTotals, FINAL_INVOICE_STATUSES, invoiceAmountProblem, type UpdateInvoiceData } from '@agency/schema';
import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { recordAudit } from '../../../core/audit.js';
import { AppError } from '../../../core/errors.js';
import { assertCan } from '../../../core/policy.js';
import type { Tx } from '../../../db/client.js';
import { invoices } from '../../../db/schema.js';
import type { InvoiceDeps } from '../deps.js';
import { assertCardPayableTotal, auditState } from '../helpers.js';
import { lockInvoice, present } from '../queries.js';

/**
 * Edits a draft. `within` runs the edit in a transaction the caller holds (billing time adds its lines in the
 * transaction that marks the entries billed), so both commit or neither does.
 */
export function updateInvoice({ ctx }: InvoiceDeps) {
  return async (actor: Actor, id: number, input: UpdateInvoiceData, within?: Tx) => {
    assertCan(actor, 'invoice:manage', null);
    const edit = async (tx: Tx) => {
      const current = await lockInvoice(tx, id);
      if (FINAL_INVOICE_STATUSES.includes(current.status)) throw new AppError('INVOICE_IMMUTABLE');
      if (current.status !== 'draft') throw new AppError('INVALID_TRANSITION', 'Only drafts can be edited; void this invoice and raise a new one');
      const lines = (input.lines ?? current.lines).map(({ description, quantity, unit_price, tax_rate }) => ({
        description,
        quantity,
        unit_price,
        tax_rate,
      }));
      const discount = input.discount ?? current.discount;
      const problem = invoiceAmountProblem(lines, discount);
      if (problem) throw new AppError('VALIDATION_FAILED', `${problem.path}: ${problem.message}`);
      const issue = input.issue_date ?? current.issueDate;
      const due = input.due_date ?? current.dueDate;
      if (due < issue) throw new AppError('VALIDATION_FAILED', 'due_date: The due date cannot be before the issue date');
      const totals = computeInvoiceTotals(lines, discount);
      const currency = input.currency ?? current.currency;
      assertCardPayableTotal(totals.total, currency);
      const [updated] = await tx
        .update(invoices)
        .set({
          lines: totals.lines,
          discount: totals.discount,
          subtotal: totals.subtotal,
          taxTotal: totals.tax_total,
          total: totals.total,
          currency,
          issueDate: issue,
          dueDate: due,
          notes: input.notes === undefined ? current.notes : input.notes || null,
          autoCharge: input.auto_charge ?? current.autoCharge,
          updatedAt: ctx.now(),
        })
        .where(and(eq(invoices.id, id), eq(invoices.status, 'draft')))
        .returning();
      if (!updated) throw new AppError('STALE_STATE');
      await recordAudit(tx, actor, 'invoice.updated', { type: 'invoice', id, before: auditState(current), after: auditState(updated) }, ctx.now());
      return updated;
    };
    const row = within ? await edit(within) : await ctx.transaction(edit);
    return present(ctx, row, actor, within);
  };
}
