import { eq, inArray } from 'drizzle-orm';
import { billedItems, invoices } from '../../../db/schema.js';
import type { TimeDeps } from '../deps.js';

/** Void invoices that still hold time or expenses: what the sweep releases when the void event was missed (a crash). */
export function invoicesToRelease({ ctx }: TimeDeps) {
  return async () => {
    const rows = await ctx.db
      .selectDistinct({ id: billedItems.invoiceId })
      .from(billedItems)
      .where(inArray(billedItems.invoiceId, ctx.db.select({ id: invoices.id }).from(invoices).where(eq(invoices.status, 'void'))));
    return rows.map((r) => r.id);
  };
}
