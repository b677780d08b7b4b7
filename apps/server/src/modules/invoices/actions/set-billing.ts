import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { AppError } from '../../../core/errors.js';
import { assertCan } from '../../../core/policy.js';
import { projectBilling, projects } from '../../../db/schema.js';
import type { InvoiceDeps } from '../deps.js';
import { getBilling } from './get-billing.js';

export function setBilling(deps: InvoiceDeps) {
  const { ctx } = deps;
  const billing = getBilling(deps);
  return async (actor: Actor, projectId: number, autoDeposit: boolean) => {
    assertCan(actor, 'invoice:manage', null);
    const [project] = await ctx.db.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).limit(1);
    if (!project) throw new AppError('NOT_FOUND', 'Project not found');
    const now = ctx.now();
    await ctx.db
      .insert(projectBilling)
      .values({ projectId, autoDeposit, updatedBy: actor.id, updatedAt: now })
      .onConflictDoUpdate({ target: projectBilling.projectId, set: { autoDeposit, updatedBy: actor.id, updatedAt: now } });
    return billing(actor, projectId);
  };
}
