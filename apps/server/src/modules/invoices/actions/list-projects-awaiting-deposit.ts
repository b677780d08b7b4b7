import { and, asc, eq, exists, gt, lt, notExists, sql } from 'drizzle-orm';
import { contracts, invoices, projectBilling, projects } from '../../../db/schema.js';
import type { InvoiceDeps } from '../deps.js';

/**
 * Projects whose deposit a crash left unraised: the client contract was signed before `signedBefore`, the
 * automatic deposit is on, the project still waits in `approved` for its deposit, and it has no deposit invoice.
 * The deposit job is queued again for each; the invoice itself stays unique per project.
 */
export function listProjectsAwaitingDeposit({ ctx }: InvoiceDeps) {
  return async (signedBefore: Date): Promise<number[]> => {
    const rows = await ctx.db
      .select({ id: projects.id })
      .from(projects)
      .where(
        and(
          eq(projects.status, 'approved'),
          gt(projects.budgetMinor, 0),
          exists(
            ctx.db
              .select({ one: sql`1` })
              .from(contracts)
              .where(
                and(
                  eq(contracts.projectId, projects.id),
                  eq(contracts.kind, 'client'),
                  eq(contracts.status, 'signed'),
                  lt(contracts.signedAt, signedBefore),
                ),
              ),
          ),
          notExists(
            ctx.db
              .select({ one: sql`1` })
              .from(invoices)
              .where(and(eq(invoices.projectId, projects.id), eq(invoices.kind, 'deposit'))),
          ),
          notExists(
            ctx.db
              .select({ one: sql`1` })
              .from(projectBilling)
              .where(and(eq(projectBilling.projectId, projects.id), eq(projectBilling.autoDeposit, false))),
          ),
        ),
      )
      .orderBy(asc(projects.id))
      .limit(100);
    return rows.map((r) => r.id);
  };
}
