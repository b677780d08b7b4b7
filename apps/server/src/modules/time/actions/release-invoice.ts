import { and, eq } from 'drizzle-orm';
import { billedItems, expenses, invoices, timeEntries } from '../../../db/schema.js';
import type { TimeDeps } from '../deps.js';

/**
 * A void invoice gives back the time and expenses billed on it: they are approved and unbilled again, ready for another
 * invoice. Idempotent (a second run finds nothing), so the event that calls it and the sweep that catches a missed
 * event may both run.
 */
export function releaseInvoice({ ctx }: TimeDeps) {
  return async (invoiceId: number) =>
    ctx.transaction(async (tx, publish) => {
      const [invoice] = await tx.select({ status: invoices.status }).from(invoices).where(eq(invoices.id, invoiceId)).for('update');
      if (invoice?.status !== 'void') return { entries: 0, expenses: 0 };
      const items = await tx.delete(billedItems).where(eq(billedItems.invoiceId, invoiceId)).returning();
      if (items.length === 0) return { entries: 0, expenses: 0 };
      const now = ctx.now();
      const entries = await tx
        .update(timeEntries)
        .set({ status: 'approved', invoiceId: null, updatedAt: now })
        .where(and(eq(timeEntries.invoiceId, invoiceId), eq(timeEntries.status, 'billed')))
        .returning({ id: timeEntries.id });
      const spent = await tx
        .update(expenses)
        .set({ status: 'approved', invoiceId: null, updatedAt: now })
        .where(and(eq(expenses.invoiceId, invoiceId), eq(expenses.status, 'billed')))
        .returning({ id: expenses.id });
      publish({ type: 'time.released', invoiceId, entryIds: entries.map((e) => e.id), expenseIds: spent.map((x) => x.id) });
      return { entries: entries.length, expenses: spent.length };
    });
}
