import { computeInvoiceTotals, type CreateInvoiceData } from '@agency/schema';
import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { recordAudit } from '../../../core/audit.js';
import { AppError } from '../../../core/errors.js';
import { assertCan } from '../../../core/policy.js';
import { invoices, projects } from '../../../db/schema.js';
import type { InvoiceDeps } from '../deps.js';
import { addDays, assertCardPayableTotal, assertOpenProject, auditState, isoDay, projectCurrency } from '../helpers.js';
import { nextInvoiceNo, present } from '../queries.js';

export function createInvoice({ ctx }: InvoiceDeps) {
  return async (actor: Actor, input: CreateInvoiceData) => {
    assertCan(actor, 'invoice:manage', null);
    const projectId = Number(input.project_id);
    const [project] = await ctx.db.select().from(projects).where(eq(projects.id, projectId)).limit(1);
    if (!project) throw new AppError('NOT_FOUND', 'Project not found');
    assertOpenProject(project.status);
    const totals = computeInvoiceTotals(input.lines, input.discount);
    const currency = input.currency ?? projectCurrency(project.currency);
    assertCardPayableTotal(totals.total, currency);
    const issue = input.issue_date ?? isoDay(ctx.now());
    const due = input.due_date ?? addDays(issue, ctx.config.payments.invoiceDueDays);
    if (due < issue) throw new AppError('VALIDATION_FAILED', 'due_date: The due date cannot be before the issue date');
    const row = await ctx.transaction(async (tx, publish) => {
      const now = ctx.now();
      const [created] = await tx
        .insert(invoices)
        .values({
          invoiceNo: await nextInvoiceNo(tx, ctx.now()),
          projectId,
          clientId: project.clientId,
          companyId: project.companyId,
          kind: 'standard',
          status: 'draft',
          currency,
          lines: totals.lines,
          discount: totals.discount,
          subtotal: totals.subtotal,
          taxTotal: totals.tax_total,
          total: totals.total,
          issueDate: issue,
          dueDate: due,
          notes: input.notes || null,
          autoCharge: input.auto_charge ?? false,
          createdBy: actor.id,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      publish({ type: 'invoice.created', invoiceId: created.id, projectId, kind: 'standard' });
      await recordAudit(tx, actor, 'invoice.created', { type: 'invoice', id: created.id, after: auditState(created) }, now);
      return created;
    });
    return present(ctx, row, actor);
  };
}
