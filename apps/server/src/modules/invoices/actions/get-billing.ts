import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { AppError } from '../../../core/errors.js';
import { assertCan } from '../../../core/policy.js';
import { invoices, projectBilling, projects } from '../../../db/schema.js';
import type { InvoiceDeps } from '../deps.js';

export function getBilling({ ctx }: InvoiceDeps) {
  return async (actor: Actor, projectId: number) => {
    assertCan(actor, 'invoice:manage', null);
    const [project] = await ctx.db.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).limit(1);
    if (!project) throw new AppError('NOT_FOUND', 'Project not found');
    const [billing] = await ctx.db.select().from(projectBilling).where(eq(projectBilling.projectId, projectId)).limit(1);
    const [deposit] = await ctx.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.projectId, projectId), eq(invoices.kind, 'deposit')))
      .limit(1);
    return {
      project_id: String(projectId),
      auto_deposit: billing?.autoDeposit ?? true,
      deposit_percent: ctx.config.payments.depositPercent,
      deposit_invoice_id: deposit ? String(deposit.id) : null,
    };
  };
}
