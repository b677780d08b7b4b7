import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { AppError } from '../../../core/errors.js';
import { payments } from '../../../db/schema.js';
import { readerLocale } from '../../../i18n/index.js';
import type { InvoiceDeps } from '../deps.js';
import { receiptPdf } from '../documents.js';
import { load } from '../queries.js';

/**
 * The receipt PDF of one payment of an invoice, for whoever may read the invoice (its client and staff). A refund, or
 * a payment of another invoice, is not found. In the reader's language.
 */
export function getPaymentReceipt({ ctx }: InvoiceDeps) {
  return async (actor: Actor, invoiceId: number, paymentId: number): Promise<{ receiptNo: string; bytes: Buffer }> => {
    const row = await load(ctx, actor, 'invoice:read', invoiceId);
    const [payment] = await ctx.db
      .select()
      .from(payments)
      .where(and(eq(payments.id, paymentId), eq(payments.invoiceId, invoiceId), eq(payments.kind, 'payment')))
      .limit(1);
    if (!payment) throw new AppError('NOT_FOUND', 'Payment not found');
    return receiptPdf(ctx, ctx.db, row, payment, readerLocale(actor.locale, ctx.config.defaultLocale));
  };
}
