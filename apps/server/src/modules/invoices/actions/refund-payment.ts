import type { RefundData } from '@agency/schema';
import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { recordAudit } from '../../../core/audit.js';
import { AppError } from '../../../core/errors.js';
import { assertCan } from '../../../core/policy.js';
import { payments } from '../../../db/schema.js';
import type { InvoiceDeps } from '../deps.js';
import { isoDay, money } from '../helpers.js';
import { settle } from '../ledger.js';
import { lockInvoice, present, refundedOf } from '../queries.js';

/**
 * Refunds a card payment (all of what is left of it, or part) through the provider. The invoice stays locked
 * while the provider is asked, so two refunds never both spend the same money; the idempotency key makes a
 * retried request the same refund.
 */
export function refundPayment(deps: InvoiceDeps) {
  const { ctx } = deps;
  return async (actor: Actor, id: number, input: RefundData) => {
    assertCan(actor, 'invoice:manage', null);
    const row = await ctx.transaction(async (tx, publish) => {
      const current = await lockInvoice(tx, id);
      const [payment] = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.id, Number(input.payment_id)), eq(payments.invoiceId, id), eq(payments.kind, 'payment')))
        .limit(1);
      if (!payment) throw new AppError('NOT_FOUND', 'Payment not found');
      if (payment.method !== 'card' || !payment.providerPaymentId) {
        throw new AppError('CONFLICT', 'Only card payments are refunded here; return a bank transfer from the bank');
      }
      if (payment.provider !== ctx.payments.name) {
        throw new AppError('CONFLICT', `This payment was taken by the ${payment.provider} provider, which is not the one configured`);
      }
      const refunded = await refundedOf(tx, payment.id);
      const refundable = payment.amount - refunded;
      const amount = input.amount ?? refundable;
      if (amount <= 0 || amount > refundable) {
        throw new AppError('REFUND_EXCEEDS_PAYMENT', `At most ${money(Math.max(0, refundable), current.currency)} of this payment can be refunded`);
      }
      const result = await ctx.payments.refund({
        paymentIntent: payment.providerPaymentId,
        amount,
        idempotencyKey: `refund:${payment.id}:${refunded}:${amount}`,
        invoiceNo: current.invoiceNo,
      });
      const [refund] = await tx
        .insert(payments)
        .values({
          invoiceId: id,
          kind: 'refund',
          method: 'card',
          amount,
          currency: current.currency,
          reference: input.reason || `Refund ${result.refundId}`,
          provider: ctx.payments.name,
          providerRef: result.refundId,
          providerPaymentId: payment.providerPaymentId,
          refundOf: payment.id,
          receivedOn: isoDay(ctx.now()),
          createdBy: actor.id,
          createdAt: ctx.now(),
        })
        .onConflictDoNothing()
        .returning();
      if (!refund) return current;
      await recordAudit(
        tx,
        actor,
        'invoice.refunded',
        {
          type: 'invoice',
          id,
          after: { payment_id: String(payment.id), refund_id: String(refund.id), amount, currency: current.currency, reason: input.reason ?? null },
        },
        ctx.now(),
      );
      return settle(deps, tx, publish, current, { kind: 'refund', amount, paymentId: refund.id }, actor.id);
    });
    return present(ctx, row, actor);
  };
}
