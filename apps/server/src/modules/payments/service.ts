import crypto from 'node:crypto';
import { isPayable, minorToDecimalString, type Currency, type PaymentProviderName } from '@agency/schema';
import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { AppError } from '../../core/errors.js';
import type { Publish } from '../../core/events.js';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { checkoutSessions, invoices, paymentEvents, paymentSetups, payments } from '../../db/schema.js';
import { localWebhookSecret, signLikeStripe, type ProviderEvent, type SavedCard } from '../../integrations/payments.js';
import { notifyCompany } from '../invoices/recipients.js';
import { saveCard } from '../payment-methods/cards.js';
import { attemptOf, markAttemptSucceeded, recordChargeFailure } from '../payment-methods/dunning.js';
import type { InvoiceService } from '../invoices/service.js';
import type { NotificationService } from '../notifications/service.js';
import { checkCard } from './test-cards.js';

/** What one provider event did; a copy of an event already handled is a `duplicate` that changed nothing. */
export type FulfilmentOutcome =
  | 'duplicate'
  | 'paid'
  | 'partially_paid'
  | 'already_recorded'
  | 'awaiting_payment'
  | 'payment_failed'
  | 'failure_after_success'
  | 'refunded'
  | 'refund_already_recorded'
  | 'expired'
  | 'flagged'
  | 'malformed'
  | 'card_saved'
  | 'ignored';

type SetupCard = SavedCard & { customerId: string | null };

const HANDLED = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  'charge.refunded',
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
]);

/** What makes a signed event unusable, or null: an id and a type, and for the handled types an object to act on. */
function malformation(event: ProviderEvent): string | null {
  const e = event as unknown as { id?: unknown; type?: unknown; data?: { object?: unknown } | null };
  if (typeof e.id !== 'string' || e.id === '') return 'id is missing';
  if (typeof e.type !== 'string' || e.type === '') return 'type is missing';
  if (!HANDLED.has(e.type)) return null;
  const object = e.data?.object;
  if (object === null || typeof object !== 'object' || Array.isArray(object)) return 'data.object is missing';
  if (typeof (object as { id?: unknown }).id !== 'string') return 'data.object.id is missing';
  return null;
}

type Result = { outcome: FulfilmentOutcome; invoiceId?: number | null; amount?: number | null; currency?: string | null; note?: string };

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

export function createPaymentService(ctx: AppContext, invoiceService: InvoiceService, notifications: NotificationService) {
  const today = () => ctx.now().toISOString().slice(0, 10);

  /** Money arrived that does not fit the invoice: recorded on the event and the invoice, and staff are told. */
  async function flag(tx: Tx, publish: Publish, invoiceId: number | null, eventId: string, reason: string): Promise<Result> {
    if (invoiceId !== null) {
      await tx
        .update(invoices)
        .set({ needsAttention: true, attentionNote: reason.slice(0, 500), updatedAt: ctx.now() })
        .where(eq(invoices.id, invoiceId));
    }
    await notifications.notify(tx, publish, await invoiceService.staffIds(tx), {
      kind: 'payment_flagged',
      title: 'Payment needs attention',
      body: reason,
      ...(invoiceId !== null ? { target: { type: 'invoice' as const, id: String(invoiceId) } } : {}),
    });
    publish({ type: 'payment.event_flagged', invoiceId, eventId, reason });
    return { outcome: 'flagged', invoiceId, note: reason };
  }

  /** The invoice a checkout session names (its id and number must agree), locked for the change. */
  async function invoiceOfSession(tx: Tx, session: Stripe.Checkout.Session) {
    const id = Number(session.client_reference_id);
    if (!Number.isSafeInteger(id) || id <= 0) return null;
    const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update').limit(1);
    if (!row || (session.metadata?.invoice_no && session.metadata.invoice_no !== row.invoiceNo)) return null;
    return row;
  }

  async function capture(
    tx: Tx,
    publish: Publish,
    provider: PaymentProviderName,
    event: ProviderEvent,
    session: Stripe.Checkout.Session,
  ): Promise<Result> {
    const amount = session.amount_total ?? 0;
    const currency = (session.currency ?? '').toUpperCase();
    const row = await invoiceOfSession(tx, session);
    if (!row) {
      return {
        ...(await flag(tx, publish, null, event.id, `A card payment of ${amount} ${currency} (session ${session.id}) names no invoice of ours`)),
        amount,
        currency,
      };
    }
    const base = { invoiceId: row.id, amount, currency };
    // Another event of the same session (completed, then async succeeded) already recorded it.
    const [known] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.provider, provider), eq(payments.providerRef, session.id)))
      .limit(1);
    if (known) return { ...base, outcome: 'already_recorded' };
    await tx
      .update(checkoutSessions)
      .set({ status: 'complete' })
      .where(and(eq(checkoutSessions.provider, provider), eq(checkoutSessions.sessionId, session.id)));
    const due = invoiceService.amountDueOf(row);
    const problem =
      currency !== row.currency
        ? `paid in ${currency || 'an unknown currency'}, but the invoice is in ${row.currency}`
        : !isPayable(row.status)
          ? `paid while the invoice is ${row.status}`
          : amount !== due
            ? `paid ${minorToDecimalString(amount, row.currency)}, but ${minorToDecimalString(due, row.currency)} is due`
            : null;
    if (problem) {
      const reason = `${row.invoiceNo}: a card payment (session ${session.id}) ${problem}. It was not applied; refund or reconcile it with the provider.`;
      return { ...(await flag(tx, publish, row.id, event.id, reason)), ...base };
    }
    const [payment] = await tx
      .insert(payments)
      .values({
        invoiceId: row.id,
        kind: 'payment',
        method: 'card',
        amount,
        currency: row.currency,
        reference: idOf(session.payment_intent) ?? session.id,
        provider,
        providerRef: session.id,
        providerPaymentId: idOf(session.payment_intent),
        receivedOn: today(),
        createdAt: ctx.now(),
      })
      .returning();
    const updated = await invoiceService.settle(tx, publish, row, { kind: 'payment', amount, paymentId: payment.id }, null);
    return { ...base, outcome: updated.status === 'paid' ? 'paid' : 'partially_paid' };
  }

  async function failed(tx: Tx, publish: Publish, provider: PaymentProviderName, session: Stripe.Checkout.Session): Promise<Result> {
    const row = await invoiceOfSession(tx, session);
    if (!row) return { outcome: 'ignored', note: 'no invoice of ours' };
    const [known] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.provider, provider), eq(payments.providerRef, session.id)))
      .limit(1);
    // Events can arrive out of order: a failure never undoes a payment already recorded.
    if (known) return { outcome: 'failure_after_success', invoiceId: row.id };
    await notifyCompany(notifications, tx, publish, row.companyId, {
      kind: 'invoice_payment_failed',
      title: `Payment for ${row.invoiceNo} did not go through`,
      body: `Your bank did not confirm the payment for ${row.invoiceNo}. Nothing was taken; you can try again.`,
      target: { type: 'invoice', id: String(row.id) },
      projectId: row.projectId,
    });
    return { outcome: 'payment_failed', invoiceId: row.id };
  }

  /** A charge's refunds, counted by the running total the provider reports, so each refund is counted once. */
  async function refunded(tx: Tx, publish: Publish, provider: PaymentProviderName, event: ProviderEvent, charge: Stripe.Charge): Promise<Result> {
    const intent = idOf(charge.payment_intent);
    const [payment] = intent
      ? await tx
          .select()
          .from(payments)
          .where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, intent), eq(payments.kind, 'payment')))
          .limit(1)
      : [];
    if (!payment) {
      return flag(
        tx,
        publish,
        null,
        event.id,
        `A refund of ${charge.amount_refunded} ${charge.currency.toUpperCase()} (charge ${charge.id}) matches no recorded card payment`,
      );
    }
    const row = await invoiceService.lockInvoice(tx, payment.invoiceId);
    const recorded = await invoiceService.refundedOf(tx, payment.id);
    const delta = Math.min(charge.amount_refunded, payment.amount) - recorded;
    const base = { invoiceId: row.id, amount: charge.amount_refunded, currency: charge.currency.toUpperCase() };
    if (delta <= 0) return { ...base, outcome: 'refund_already_recorded' };
    const [refund] = await tx
      .insert(payments)
      .values({
        invoiceId: row.id,
        kind: 'refund',
        method: 'card',
        amount: delta,
        currency: row.currency,
        reference: `Refund on ${charge.id}`,
        provider,
        providerRef: `${charge.id}:refunded:${charge.amount_refunded}`,
        providerPaymentId: intent,
        refundOf: payment.id,
        receivedOn: today(),
        createdAt: ctx.now(),
      })
      .onConflictDoNothing()
      .returning();
    if (!refund) return { ...base, outcome: 'refund_already_recorded' };
    await invoiceService.settle(tx, publish, row, { kind: 'refund', amount: delta, paymentId: refund.id }, null);
    return { ...base, outcome: 'refunded' };
  }

  /**
   * An off-session charge of a saved card (autopay) that went through: recorded once per payment intent, like a
   * checkout's payment. Intents without an autopay attempt in their metadata are a checkout's own (its session
   * records them) and are ignored here.
   */
  async function intentSucceeded(
    tx: Tx,
    publish: Publish,
    provider: PaymentProviderName,
    event: ProviderEvent,
    intent: Stripe.PaymentIntent,
  ): Promise<Result> {
    const invoiceId = Number(intent.metadata?.invoice_id);
    const attemptNo = Number(intent.metadata?.attempt);
    if (!intent.metadata?.attempt) return { outcome: 'ignored', note: 'not an autopay charge' };
    const amount = intent.amount_received ?? intent.amount;
    const currency = (intent.currency ?? '').toUpperCase();
    const [row] =
      Number.isSafeInteger(invoiceId) && invoiceId > 0
        ? await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update').limit(1)
        : [];
    if (!row || (intent.metadata.invoice_no && intent.metadata.invoice_no !== row.invoiceNo)) {
      return {
        ...(await flag(tx, publish, null, event.id, `An automatic card payment of ${amount} ${currency} (${intent.id}) names no invoice of ours`)),
        amount,
        currency,
      };
    }
    const base = { invoiceId: row.id, amount, currency };
    const attempt = await attemptOf(tx, row.id, attemptNo);
    const [known] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, intent.id)))
      .limit(1);
    if (known) return { ...base, outcome: 'already_recorded' };
    if (attempt) await markAttemptSucceeded(tx, attempt, intent.id, ctx.now());
    const due = invoiceService.amountDueOf(row);
    const problem =
      currency !== row.currency
        ? `paid in ${currency || 'an unknown currency'}, but the invoice is in ${row.currency}`
        : !isPayable(row.status)
          ? `paid while the invoice is ${row.status}`
          : amount !== due
            ? `paid ${minorToDecimalString(amount, row.currency)}, but ${minorToDecimalString(due, row.currency)} is due`
            : null;
    if (problem) {
      const reason = `${row.invoiceNo}: an automatic card payment (${intent.id}) ${problem}. It was not applied; refund or reconcile it with the provider.`;
      return { ...(await flag(tx, publish, row.id, event.id, reason)), ...base };
    }
    const [payment] = await tx
      .insert(payments)
      .values({
        invoiceId: row.id,
        kind: 'payment',
        method: 'card',
        amount,
        currency: row.currency,
        reference: intent.id,
        provider,
        providerRef: intent.id,
        providerPaymentId: intent.id,
        receivedOn: today(),
        createdAt: ctx.now(),
      })
      .returning();
    const updated = await invoiceService.settle(tx, publish, row, { kind: 'payment', amount, paymentId: payment.id }, null);
    return { ...base, outcome: updated.status === 'paid' ? 'paid' : 'partially_paid' };
  }

  /** An autopay charge the bank refused or wants the cardholder for: dunning decides what follows, once. */
  async function intentFailed(tx: Tx, publish: Publish, intent: Stripe.PaymentIntent): Promise<Result> {
    const attempt = await attemptOf(tx, Number(intent.metadata?.invoice_id), Number(intent.metadata?.attempt));
    if (!attempt) return { outcome: 'ignored', note: 'not an autopay charge' };
    const error = intent.last_payment_error;
    const code = error?.code === 'authentication_required' ? 'authentication_required' : (error?.decline_code ?? error?.code ?? 'card_declined');
    await recordChargeFailure({ ctx, notifications }, tx, publish, attempt, {
      code,
      message: error?.message ?? 'The card was declined.',
      paymentIntentId: intent.id,
    });
    return { outcome: 'payment_failed', invoiceId: attempt.invoiceId, amount: attempt.amount, currency: attempt.currency };
  }

  /** Checkout in setup mode completed: the card it saved is kept for the company whose customer it is. */
  async function setupCompleted(tx: Tx, provider: PaymentProviderName, session: Stripe.Checkout.Session, card: SetupCard | null): Promise<Result> {
    const [setup] = await tx
      .select()
      .from(paymentSetups)
      .where(and(eq(paymentSetups.provider, provider), eq(paymentSetups.sessionId, session.id)))
      .limit(1);
    if (!setup || !card) return { outcome: 'ignored', note: 'no setup of ours' };
    await saveCard(tx, { companyId: setup.companyId, provider, card, createdBy: setup.createdBy, setupSessionId: session.id, now: ctx.now() });
    return { outcome: 'card_saved' };
  }

  async function apply(tx: Tx, publish: Publish, provider: PaymentProviderName, event: ProviderEvent, card: SetupCard | null): Promise<Result> {
    switch (event.type) {
      case 'payment_intent.succeeded':
        return intentSucceeded(tx, publish, provider, event, event.data.object);
      case 'payment_intent.payment_failed':
        return intentFailed(tx, publish, event.data.object);
      case 'checkout.session.completed': {
        const session = event.data.object;
        if (session.mode === 'setup') return setupCompleted(tx, provider, session, card);
        // Delayed methods (bank debits) complete unpaid; their money arrives with async_payment_succeeded.
        if (session.payment_status !== 'paid') return { outcome: 'awaiting_payment', invoiceId: Number(session.client_reference_id) || null };
        return capture(tx, publish, provider, event, session);
      }
      case 'checkout.session.async_payment_succeeded':
        return capture(tx, publish, provider, event, event.data.object);
      case 'checkout.session.async_payment_failed':
        return failed(tx, publish, provider, event.data.object);
      case 'checkout.session.expired': {
        const session = event.data.object;
        await tx
          .update(checkoutSessions)
          .set({ status: 'expired' })
          .where(and(eq(checkoutSessions.provider, provider), eq(checkoutSessions.sessionId, session.id), eq(checkoutSessions.status, 'open')));
        return { outcome: 'expired' };
      }
      case 'charge.refunded':
        return refunded(tx, publish, provider, event, event.data.object);
      default:
        return { outcome: 'ignored' };
    }
  }

  async function setupCardOf(event: ProviderEvent): Promise<SetupCard | null> {
    if (event.type !== 'checkout.session.completed' || event.data.object.mode !== 'setup') return null;
    const intent = event.data.object.setup_intent;
    const id = typeof intent === 'string' ? intent : intent?.id;
    return id ? ctx.payments.retrieveSetup(id) : null;
  }

  /**
   * Fulfilment, for both providers: the event's id is stored under a unique key in the same transaction as its
   * effect. A copy (a retry, a duplicate delivery, twenty at once) finds the id taken and changes nothing.
   */
  async function fulfil(provider: PaymentProviderName, event: ProviderEvent): Promise<{ outcome: FulfilmentOutcome; event_id: string }> {
    // A copy of an event already handled is answered at once, without a transaction; the unique insert below stays
    // the guard for copies that arrive while the first one is still being handled.
    const [seen] = await ctx.db
      .select({ id: paymentEvents.id })
      .from(paymentEvents)
      .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventId, event.id)))
      .limit(1);
    if (seen) return { outcome: 'duplicate', event_id: event.id };
    const problem = malformation(event);
    if (problem) {
      // Signed, so it came from the provider (or a holder of the secret), but unusable: recorded once for the
      // operator, answered 400 (a retry of it is then a duplicate), and nothing else changes.
      if (typeof event.id === 'string' && event.id) {
        await ctx.db
          .insert(paymentEvents)
          .values({ provider, eventId: event.id, type: String(event.type), outcome: 'malformed', note: problem, createdAt: ctx.now() })
          .onConflictDoNothing();
      }
      ctx.log.warn({ provider, event: { id: event.id, type: event.type }, problem }, 'signed payment event is malformed');
      throw new AppError('BAD_REQUEST', `The event is signed but malformed: ${problem}`);
    }
    // A saved card is read from the provider before the transaction (a network call never holds the rows).
    const card = await setupCardOf(event);
    return ctx.transaction(async (tx, publish) => {
      const [claimed] = await tx
        .insert(paymentEvents)
        .values({ provider, eventId: event.id, type: event.type, outcome: 'received', createdAt: ctx.now() })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id });
      if (!claimed) return { outcome: 'duplicate' as const, event_id: event.id };
      const result = HANDLED.has(event.type) ? await apply(tx, publish, provider, event, card) : { outcome: 'ignored' as const };
      await tx
        .update(paymentEvents)
        .set({
          outcome: result.outcome,
          invoiceId: result.invoiceId ?? null,
          amount: result.amount ?? null,
          currency: result.currency ?? null,
          note: result.note ?? null,
        })
        .where(eq(paymentEvents.id, claimed.id));
      return { outcome: result.outcome, event_id: event.id };
    });
  }

  /** A webhook delivery: the signature over the raw body first (400 and nothing changes when it is wrong), then fulfilment. */
  async function receive(provider: PaymentProviderName, rawBody: Buffer | string, signature: string | undefined) {
    if (ctx.payments.name !== provider) throw new AppError('NOT_FOUND', `The ${provider} payment provider is not enabled`);
    const event = await ctx.payments.verifyEvent(rawBody, signature, ctx.now());
    return fulfil(provider, event);
  }

  async function localSession(sessionId: string) {
    if (ctx.payments.name !== 'local') throw new AppError('NOT_FOUND', 'The test checkout is not enabled');
    const [row] = await ctx.db
      .select({ session: checkoutSessions, invoiceNo: invoices.invoiceNo, invoiceStatus: invoices.status })
      .from(checkoutSessions)
      .innerJoin(invoices, eq(invoices.id, checkoutSessions.invoiceId))
      .where(and(eq(checkoutSessions.provider, 'local'), eq(checkoutSessions.sessionId, sessionId)))
      .limit(1);
    if (!row) throw new AppError('NOT_FOUND', 'This checkout page does not exist');
    return row;
  }

  return {
    fulfil,
    receive,

    /** What the local test checkout page shows. */
    async localCheckout(sessionId: string) {
      const row = await localSession(sessionId);
      const expired = row.session.status === 'expired' || row.session.expiresAt < ctx.now();
      return {
        invoiceNo: row.invoiceNo,
        amount: row.session.amount,
        currency: row.session.currency as Currency,
        state: row.session.status === 'complete' ? ('complete' as const) : expired ? ('expired' as const) : ('open' as const),
        successUrl: row.session.successUrl,
        cancelUrl: row.session.cancelUrl,
        brand: ctx.brand.current().agencyName,
      };
    },

    /**
     * The local checkout's Pay button: a test card is checked like Stripe's test mode would; a good one becomes
     * a signed `checkout.session.completed` event handed to the same verification and fulfilment as a webhook.
     * Nothing here marks an invoice paid by itself.
     */
    async payLocalCheckout(sessionId: string, card: { number: string; expiry: string; cvc: string }) {
      const row = await localSession(sessionId);
      if (row.session.status === 'complete') return { ok: true as const, redirect: row.session.successUrl };
      if (row.session.status === 'expired' || row.session.expiresAt < ctx.now()) {
        return { ok: false as const, error: 'This checkout page has expired. Go back and press Pay again.' };
      }
      const verdict = checkCard(card, ctx.now());
      if (!verdict.ok) return { ok: false as const, error: verdict.error };
      const now = ctx.now();
      const event = {
        id: `evt_local_${crypto.randomBytes(16).toString('hex')}`,
        object: 'event',
        api_version: null,
        created: Math.floor(now.getTime() / 1000),
        livemode: false,
        pending_webhooks: 0,
        request: { id: null, idempotency_key: null },
        type: 'checkout.session.completed',
        data: {
          object: {
            id: sessionId,
            object: 'checkout.session',
            mode: 'payment',
            status: 'complete',
            payment_status: 'paid',
            amount_total: row.session.amount,
            currency: row.session.currency.toLowerCase(),
            client_reference_id: String(row.session.invoiceId),
            metadata: { invoice_no: row.invoiceNo, invoice_id: String(row.session.invoiceId) },
            payment_intent: `pi_local_${crypto.createHash('sha256').update(sessionId).digest('hex').slice(0, 24)}`,
          },
        },
      };
      const payload = JSON.stringify(event);
      await receive('local', payload, await signLikeStripe(payload, localWebhookSecret(ctx.signingKey), now));
      return { ok: true as const, redirect: row.session.successUrl };
    },
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
