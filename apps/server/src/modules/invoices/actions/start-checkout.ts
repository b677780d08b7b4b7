import { isPayable } from '@agency/schema';
import { and, desc, eq, gte } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { AppError } from '../../../core/errors.js';
import { checkoutSessions } from '../../../db/schema.js';
import type { InvoiceDeps } from '../deps.js';
import { amountDueOf } from '../helpers.js';
import { load, partyOf } from '../queries.js';

/** The client's card checkout for what is due now: the provider's page, the same one while it is open. */
export function startCheckout({ ctx }: InvoiceDeps) {
  return async (actor: Actor, id: number) => {
    const row = await load(ctx, actor, 'invoice:pay', id);
    if (row.status === 'paid') throw new AppError('INVOICE_ALREADY_PAID');
    const amount = amountDueOf(row);
    if (!isPayable(row.status) || amount <= 0) throw new AppError('INVOICE_NOT_DUE');
    const provider = ctx.payments;
    const [open] = await ctx.db
      .select()
      .from(checkoutSessions)
      .where(
        and(
          eq(checkoutSessions.invoiceId, id),
          eq(checkoutSessions.provider, provider.name),
          eq(checkoutSessions.status, 'open'),
          eq(checkoutSessions.amount, amount),
          eq(checkoutSessions.currency, row.currency),
          gte(checkoutSessions.expiresAt, new Date(ctx.now().getTime() + 60_000)),
        ),
      )
      .orderBy(desc(checkoutSessions.id))
      .limit(1);
    if (open) return { url: open.url };
    const party = await partyOf(ctx.db, row);
    const successUrl = `${ctx.config.appUrl}/paymentsuccess/${row.invoiceNo}`;
    const cancelUrl = `${ctx.config.appUrl}/paymentcancel`;
    const session = await provider.createCheckout({
      invoiceId: row.id,
      invoiceNo: row.invoiceNo,
      amount,
      currency: row.currency,
      description: `${row.kind === 'deposit' ? 'Deposit' : 'Invoice'} ${party.projectTitle === null ? row.invoiceNo : `for ${party.projectTitle}`}`,
      // The person paying: whoever of the company's owners and billing people opened the checkout.
      customerEmail: actor.email,
      successUrl,
      cancelUrl,
      idempotencyKey: `checkout:${row.id}:${amount}`,
    });
    await ctx.db
      .insert(checkoutSessions)
      .values({
        provider: provider.name,
        sessionId: session.sessionId,
        invoiceId: row.id,
        amount,
        currency: row.currency,
        url: session.url,
        successUrl,
        cancelUrl,
        expiresAt: session.expiresAt,
        createdAt: ctx.now(),
      })
      .onConflictDoNothing();
    return { url: session.url };
  };
}
