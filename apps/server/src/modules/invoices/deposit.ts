import { computeInvoiceTotals, depositAmount } from '@agency/schema';
import { and, desc, eq } from 'drizzle-orm';
import type { Actor } from '../../core/actor.js';
import { invoices, projectBilling, projects, proposals } from '../../db/schema.js';
import { announceSent } from './announce.js';
import type { InvoiceDeps } from './deps.js';
import { addDays, isoDay, isUniqueViolation, projectCurrency } from './helpers.js';
import { nextInvoiceNo } from './queries.js';

/**
 * Raises a project's deposit invoice, sent at once, unless it has one: by staff (`by`), or by the product for a
 * signed client contract (`by` null), which also respects the project's automatic-deposit setting.
 */
export async function raiseDeposit(deps: InvoiceDeps, projectId: number, by: Actor | null): Promise<{ invoiceId: number | null; outcome: string }> {
  const { ctx } = deps;
  const [project] = await ctx.db.select().from(projects).where(eq(projects.id, projectId)).limit(1);
  if (!project) return { invoiceId: null, outcome: 'no_project' };
  const [existing] = await ctx.db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.projectId, projectId), eq(invoices.kind, 'deposit')))
    .limit(1);
  if (existing) return { invoiceId: existing.id, outcome: 'exists' };
  if (!by) {
    const [billing] = await ctx.db.select().from(projectBilling).where(eq(projectBilling.projectId, projectId)).limit(1);
    if (billing && !billing.autoDeposit) return { invoiceId: null, outcome: 'disabled' };
  }
  // An accepted proposal sets the deposit: its share of the accepted total; otherwise DEPOSIT_PERCENT of the budget.
  const [accepted] = await ctx.db
    .select({ total: proposals.acceptedTotal, percent: proposals.depositPercent, title: proposals.title })
    .from(proposals)
    .where(and(eq(proposals.projectId, projectId), eq(proposals.status, 'accepted')))
    .orderBy(desc(proposals.id))
    .limit(1);
  const percent = accepted ? accepted.percent : ctx.config.payments.depositPercent;
  const base = accepted?.total ?? project.budgetMinor;
  const currency = projectCurrency(project.currency);
  // The client pays the deposit by card: in KWD, BHD or OMR its share is rounded to what a card takes.
  const amount = base ? depositAmount(base, percent, currency) : 0;
  if (amount <= 0) return { invoiceId: null, outcome: 'no_budget' };
  const what = accepted ? `the accepted proposal "${accepted.title}"` : `"${project.title}"`;
  const lines = [{ description: `Deposit (${percent} %) for ${what}`, quantity: 1, unit_price: amount, tax_rate: 0 }];
  const totals = computeInvoiceTotals(lines, 0);
  const issue = isoDay(ctx.now());
  try {
    const created = await ctx.transaction(async (tx, publish) => {
      const now = ctx.now();
      const [row] = await tx
        .insert(invoices)
        .values({
          invoiceNo: await nextInvoiceNo(tx, ctx.now()),
          projectId,
          clientId: project.clientId,
          companyId: project.companyId,
          kind: 'deposit',
          status: 'sent',
          currency,
          lines: totals.lines,
          discount: 0,
          subtotal: totals.subtotal,
          taxTotal: totals.tax_total,
          total: totals.total,
          issueDate: issue,
          dueDate: addDays(issue, ctx.config.payments.invoiceDueDays),
          // No note: the PDF and the web say the work waits for the deposit while it does (invoiceStateNote).
          notes: null,
          sentAt: now,
          createdBy: by?.id ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      publish({ type: 'invoice.created', invoiceId: row.id, projectId, kind: 'deposit' });
      await announceSent(deps, tx, publish, row);
      return row;
    });
    return { invoiceId: created.id, outcome: 'created' };
  } catch (err) {
    // Two announcements of one signature raced: the other one created it.
    if (isUniqueViolation(err, 'invoices_deposit_project_key')) {
      const [row] = await ctx.db
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(eq(invoices.projectId, projectId), eq(invoices.kind, 'deposit')))
        .limit(1);
      return { invoiceId: row?.id ?? null, outcome: 'exists' };
    }
    throw err;
  }
}
