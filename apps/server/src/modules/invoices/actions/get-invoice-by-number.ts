import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { AppError } from '../../../core/errors.js';
import { assertCan } from '../../../core/policy.js';
import { invoices } from '../../../db/schema.js';
import type { InvoiceDeps } from '../deps.js';
import { factsOf } from '../helpers.js';
import { present } from '../queries.js';

export function getInvoiceByNumber({ ctx }: InvoiceDeps) {
  return async (actor: Actor, invoiceNo: string) => {
    const [row] = await ctx.db.select().from(invoices).where(eq(invoices.invoiceNo, invoiceNo)).limit(1);
    if (!row) throw new AppError('NOT_FOUND', 'Invoice not found');
    assertCan(actor, 'invoice:read', factsOf(row), 'Invoice not found');
    return present(ctx, row, actor);
  };
}
