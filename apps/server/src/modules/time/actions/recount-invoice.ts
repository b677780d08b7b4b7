import { eq } from 'drizzle-orm';
import { invoices } from '../../../db/schema.js';
import type { TimeDeps } from '../deps.js';
import { refreshTotals, totalsKey } from '../totals.js';

/**
 * An invoice was created, changed status or had money recorded: its project-month of issue is recounted, after the
 * commit that changed it (the invoice's events are the seam; the invoices module knows nothing of these totals).
 */
export function recountInvoice(deps: TimeDeps) {
  const { ctx } = deps;
  return async (invoiceId: number) => {
    const [row] = await ctx.db
      .select({ projectId: invoices.projectId, issueDate: invoices.issueDate })
      .from(invoices)
      .where(eq(invoices.id, invoiceId));
    // An invoice without a project belongs to no project-month.
    if (!row || row.projectId === null) return;
    const projectId = row.projectId;
    await ctx.transaction((tx, publish) => refreshTotals(deps, tx, publish, [totalsKey(projectId, row.issueDate)]));
  };
}
