import { isPayable, type RecordPaymentInput } from '@agency/schema';
import type { Actor } from '../../../core/actor.js';
import { recordAudit } from '../../../core/audit.js';
import { AppError } from '../../../core/errors.js';
import { assertCan } from '../../../core/policy.js';
import { payments } from '../../../db/schema.js';
import type { InvoiceDeps } from '../deps.js';
import { amountDueOf, isoDay, money } from '../helpers.js';
import { settle } from '../ledger.js';
import { lockInvoice, present } from '../queries.js';

/** An offline payment (a bank transfer) that staff record by hand. */
export function recordPayment(deps: InvoiceDeps) {
  const { ctx } = deps;
  return async (actor: Actor, id: number, input: RecordPaymentInput) => {
    assertCan(actor, 'invoice:manage', null);
    if (input.date > isoDay(ctx.now())) throw new AppError('VALIDATION_FAILED', 'date: A payment cannot be dated in the future');
    const row = await ctx.transaction(async (tx, publish) => {
      const current = await lockInvoice(tx, id);
      if (current.status === 'paid') throw new AppError('INVOICE_ALREADY_PAID');
      if (!isPayable(current.status)) throw new AppError('INVOICE_NOT_DUE', 'Only sent invoices take payments');
      const due = amountDueOf(current);
      if (input.amount > due) {
        throw new AppError('PAYMENT_EXCEEDS_DUE', `The payment is more than the amount due (${money(due, current.currency)})`);
      }
      const [payment] = await tx
        .insert(payments)
        .values({
          invoiceId: id,
          kind: 'payment',
          method: 'bank_transfer',
          amount: input.amount,
          currency: current.currency,
          reference: input.reference,
          receivedOn: input.date,
          createdBy: actor.id,
          createdAt: ctx.now(),
        })
        .returning();
      await recordAudit(
        tx,
        actor,
        'invoice.payment_recorded',
        {
          type: 'invoice',
          id,
          after: { payment_id: String(payment.id), amount: input.amount, currency: current.currency, reference: input.reference, date: input.date },
        },
        ctx.now(),
      );
      return settle(deps, tx, publish, current, { kind: 'payment', amount: input.amount, paymentId: payment.id }, actor.id);
    });
    return present(ctx, row, actor);
  };
}
