import { and, gte, isNotNull, ne, sql } from 'drizzle-orm';
import { invoices } from '../../../db/schema.js';
import type { TimeDeps } from '../deps.js';
import { refreshTotals, type TotalsKey } from '../totals.js';

/**
 * The project-months of every issued invoice changed since `since`, recounted: what the sweep runs, so that an event a
 * crash lost between its commit and its delivery is made good within minutes.
 */
export function recountInvoicesChangedSince(deps: TimeDeps) {
  const { ctx } = deps;
  return async (since: Date): Promise<number> => {
    const rows = await ctx.db
      .selectDistinct({ projectId: invoices.projectId, month: sql<string>`to_char(date_trunc('month', ${invoices.issueDate}), 'YYYY-MM-DD')` })
      .from(invoices)
      .where(and(gte(invoices.updatedAt, since), ne(invoices.status, 'draft'), isNotNull(invoices.projectId)));
    const keys: TotalsKey[] = rows.flatMap((r) => (r.projectId === null ? [] : [{ projectId: r.projectId, month: r.month }]));
    for (const key of keys) await ctx.transaction((tx, publish) => refreshTotals(deps, tx, publish, [key]));
    return keys.length;
  };
}
