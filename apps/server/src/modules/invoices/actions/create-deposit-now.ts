import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { AppError } from '../../../core/errors.js';
import { assertCan } from '../../../core/policy.js';
import { projects } from '../../../db/schema.js';
import type { InvoiceDeps } from '../deps.js';
import { raiseDeposit } from '../deposit.js';
import { assertOpenProject } from '../helpers.js';
import { getInvoice } from './get-invoice.js';

/** Staff raise the deposit invoice by hand (the automatic one is off, or the contract was signed on paper). */
export function createDepositNow(deps: InvoiceDeps) {
  const { ctx } = deps;
  const get = getInvoice(deps);
  return async (actor: Actor, projectId: number) => {
    assertCan(actor, 'invoice:manage', null);
    const [project] = await ctx.db.select().from(projects).where(eq(projects.id, projectId)).limit(1);
    if (!project) throw new AppError('NOT_FOUND', 'Project not found');
    assertOpenProject(project.status);
    const result = await raiseDeposit(deps, projectId, actor);
    if (result.outcome === 'exists') throw new AppError('CONFLICT', 'This project already has a deposit invoice');
    if (result.outcome === 'no_budget' || !result.invoiceId) throw new AppError('UNPROCESSABLE', 'The project has no budget to take a deposit from');
    return get(actor, result.invoiceId);
  };
}
