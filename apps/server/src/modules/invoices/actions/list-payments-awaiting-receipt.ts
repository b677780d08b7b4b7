import { and, eq, isNull, lt } from 'drizzle-orm';
import { payments } from '../../../db/schema.js';
import type { InvoiceDeps } from '../deps.js';

/** Payments whose receipt job never ran (a crash between commit and queueing), for the sweep to queue again. */
export function listPaymentsAwaitingReceipt({ ctx }: InvoiceDeps) {
  return async (olderThan: Date): Promise<number[]> => {
    const rows = await ctx.db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.kind, 'payment'), isNull(payments.receiptSentAt), lt(payments.createdAt, olderThan)))
      .limit(500);
    return rows.map((r) => r.id);
  };
}
