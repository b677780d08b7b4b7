import crypto from 'node:crypto';
import { isPayable, type Currency, type PaymentMethodList, type SavedPaymentMethod } from '@agency/schema';
import { and, asc, desc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Actor } from '../../core/actor.js';
import { AppError } from '../../core/errors.js';
import { assertCan } from '../../core/policy.js';
import type { AppContext } from '../../context.js';
import {
  autopayAttempts,
  autopayPauses,
  checkoutSessions,
  clientCompanies,
  invoices,
  paymentCustomers,
  paymentMethods,
  paymentSetups,
} from '../../db/schema.js';
import { localWebhookSecret, signLikeStripe, type ChargeResult } from '../../integrations/payments.js';
import { billingAddresses } from '../companies/queries.js';
import { amountDueOf, money } from '../invoices/helpers.js';
import { notifyCompany } from '../invoices/recipients.js';
import type { NotificationService } from '../notifications/service.js';
import type { PaymentService } from '../payments/service.js';
import { checkSetupCard } from '../payments/test-cards.js';
import { makeDefault, saveCard, type PaymentMethodRow } from './cards.js';
import { recordChargeFailure, type AttemptRow } from './dunning.js';

export type ChargeOutcome = 'charged' | 'processing' | 'requires_action' | 'failed' | 'not_due' | 'paused' | 'no_card' | 'taken';

function present(row: PaymentMethodRow): SavedPaymentMethod {
  return { id: String(row.id), brand: row.brand, last4: row.last4, exp_month: row.expMonth, exp_year: row.expYear, is_default: row.isDefault };
}

/**
 * Saved cards and autopay (issue 33): a company's owners and billing people save cards through the provider's setup
 * page, list, remove and choose the default; an invoice with `auto_charge` is charged off-session when sent, and a
 * failed charge is retried per DUNNING_RETRY_DAYS (modules/payment-methods/dunning.ts).
 */
export function createPaymentMethodService(ctx: AppContext, notifications: NotificationService, payments: PaymentService) {
  const provider = () => ctx.payments;

  /** The company the caller acts on: a client's own (another company's is not known to exist); staff name one. */
  function companyOf(actor: Actor, requested: string | undefined, action: 'payment_method:read' | 'payment_method:manage'): number {
    const companyId = actor.role === 'client' ? (actor.companyId ?? 0) : Number(requested);
    if (actor.role !== 'client' && !requested) throw new AppError('VALIDATION_FAILED', 'company_id: Choose a company');
    if (actor.role === 'client' && requested && Number(requested) !== actor.companyId) throw new AppError('NOT_FOUND', 'Company not found');
    assertCan(actor, action, { companyId }, 'Company not found');
    return companyId;
  }

  async function methodFor(actor: Actor, id: number): Promise<PaymentMethodRow> {
    const [row] = await ctx.db.select().from(paymentMethods).where(eq(paymentMethods.id, id)).limit(1);
    if (!row) throw new AppError('NOT_FOUND', 'Card not found');
    assertCan(actor, 'payment_method:manage', { companyId: row.companyId }, 'Card not found');
    return row;
  }

  async function customerOf(companyId: number): Promise<string> {
    const name = provider().name;
    const [known] = await ctx.db
      .select()
      .from(paymentCustomers)
      .where(and(eq(paymentCustomers.companyId, companyId), eq(paymentCustomers.provider, name)))
      .limit(1);
    if (known) return known.customerId;
    const [company] = await ctx.db.select().from(clientCompanies).where(eq(clientCompanies.id, companyId)).limit(1);
    if (!company) throw new AppError('NOT_FOUND', 'Company not found');
    const email = company.billingEmail ?? (await billingAddresses(ctx.db, companyId))[0] ?? null;
    const { customerId } = await provider().createCustomer({ companyId, name: company.name, email });
    await ctx.db.insert(paymentCustomers).values({ companyId, provider: name, customerId, createdAt: ctx.now() }).onConflictDoNothing();
    const [row] = await ctx.db
      .select()
      .from(paymentCustomers)
      .where(and(eq(paymentCustomers.companyId, companyId), eq(paymentCustomers.provider, name)))
      .limit(1);
    return row.customerId;
  }

  async function localSetupRow(sessionId: string) {
    if (provider().name !== 'local') throw new AppError('NOT_FOUND', 'The test setup page is not enabled');
    const [row] = await ctx.db
      .select({ setup: paymentSetups, companyName: clientCompanies.name })
      .from(paymentSetups)
      .innerJoin(clientCompanies, eq(clientCompanies.id, paymentSetups.companyId))
      .where(and(eq(paymentSetups.provider, 'local'), eq(paymentSetups.sessionId, sessionId)))
      .limit(1);
    if (!row) throw new AppError('NOT_FOUND', 'This page does not exist');
    return row;
  }

  /** Delivers the local provider's signed payment-intent event to the one fulfilment, as the checkout page does. */
  async function deliverLocalIntent(type: 'payment_intent.succeeded', attempt: AttemptRow, invoiceNo: string, paymentIntentId: string) {
    const now = ctx.now();
    const event = {
      id: `evt_local_${crypto.randomBytes(16).toString('hex')}`,
      object: 'event',
      api_version: null,
      created: Math.floor(now.getTime() / 1000),
      livemode: false,
      pending_webhooks: 0,
      request: { id: null, idempotency_key: null },
      type,
      data: {
        object: {
          id: paymentIntentId,
          object: 'payment_intent',
          amount: attempt.amount,
          amount_received: attempt.amount,
          currency: attempt.currency.toLowerCase(),
          status: 'succeeded',
          metadata: { invoice_no: invoiceNo, invoice_id: String(attempt.invoiceId), attempt: String(attempt.attempt) },
        },
      },
    };
    const payload = JSON.stringify(event);
    await payments.receive('local', payload, await signLikeStripe(payload, localWebhookSecret(ctx.signingKey), now));
  }

  /**
   * One off-session charge of an invoice: the attempt's row is claimed first (one per invoice and attempt), then the
   * provider is asked with the key `autopay:<invoice>:<attempt>`, so a runner that stopped half-way asks again
   * without charging twice. Only the provider's signed event records the payment.
   */
  async function charge(invoiceId: number, attemptNo: number): Promise<ChargeOutcome> {
    const [invoice] = await ctx.db.select().from(invoices).where(eq(invoices.id, invoiceId)).limit(1);
    if (!invoice || !invoice.autoCharge || !isPayable(invoice.status)) return 'not_due';
    const amount = amountDueOf(invoice);
    if (amount <= 0) return 'not_due';
    const [paused] = await ctx.db.select().from(autopayPauses).where(eq(autopayPauses.companyId, invoice.companyId)).limit(1);
    if (paused) return 'paused';
    const name = provider().name;
    const [card] = await ctx.db
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.companyId, invoice.companyId), eq(paymentMethods.provider, name), eq(paymentMethods.isDefault, true)))
      .limit(1);
    if (!card) return 'no_card';
    const customerId = await customerOf(invoice.companyId);
    await ctx.db
      .insert(autopayAttempts)
      .values({
        invoiceId,
        companyId: invoice.companyId,
        attempt: attemptNo,
        paymentMethodId: card.id,
        provider: name,
        amount,
        currency: invoice.currency,
        createdAt: ctx.now(),
        updatedAt: ctx.now(),
      })
      .onConflictDoNothing();
    const [attempt] = await ctx.db
      .select()
      .from(autopayAttempts)
      .where(and(eq(autopayAttempts.invoiceId, invoiceId), eq(autopayAttempts.attempt, attemptNo)))
      .limit(1);
    if (attempt.status !== 'processing' || attempt.paymentIntentId) return 'taken';
    const [method] = attempt.paymentMethodId
      ? await ctx.db.select().from(paymentMethods).where(eq(paymentMethods.id, attempt.paymentMethodId)).limit(1)
      : [];
    if (!method) return 'no_card';
    const result: ChargeResult = await provider().chargeSaved({
      invoiceId,
      invoiceNo: invoice.invoiceNo,
      attempt: attemptNo,
      amount: attempt.amount,
      currency: attempt.currency as Currency,
      customerId,
      paymentMethodId: method.providerMethodId,
      idempotencyKey: `autopay:${invoiceId}:${attemptNo}`,
    });
    if (!('code' in result)) {
      await ctx.db
        .update(autopayAttempts)
        .set({ paymentIntentId: result.paymentIntentId, updatedAt: ctx.now() })
        .where(and(eq(autopayAttempts.id, attempt.id), isNull(autopayAttempts.paymentIntentId)));
      if (name === 'local' && result.status === 'succeeded')
        await deliverLocalIntent('payment_intent.succeeded', attempt, invoice.invoiceNo, result.paymentIntentId);
      return result.status === 'succeeded' ? 'charged' : 'processing';
    }
    const failure = { code: result.code, message: result.message, paymentIntentId: result.paymentIntentId };
    await ctx.transaction((tx, publish) => recordChargeFailure({ ctx, notifications }, tx, publish, attempt, failure));
    if (result.status === 'requires_action') {
      await sendActionLink(attempt.id);
      return 'requires_action';
    }
    return 'failed';
  }

  /** A charge the bank wants the cardholder to confirm: the billing people get a link to the checkout, once. */
  async function sendActionLink(attemptId: number): Promise<boolean> {
    const [attempt] = await ctx.db.select().from(autopayAttempts).where(eq(autopayAttempts.id, attemptId)).limit(1);
    if (!attempt || attempt.status !== 'requires_action' || attempt.actionMailedAt) return false;
    const [invoice] = await ctx.db.select().from(invoices).where(eq(invoices.id, attempt.invoiceId)).limit(1);
    const amount = amountDueOf(invoice);
    if (!isPayable(invoice.status) || amount <= 0) return false;
    const name = provider().name;
    const [open] = await ctx.db
      .select()
      .from(checkoutSessions)
      .where(
        and(
          eq(checkoutSessions.invoiceId, invoice.id),
          eq(checkoutSessions.provider, name),
          eq(checkoutSessions.status, 'open'),
          eq(checkoutSessions.amount, amount),
          gte(checkoutSessions.expiresAt, new Date(ctx.now().getTime() + 60 * 60_000)),
        ),
      )
      .orderBy(desc(checkoutSessions.id))
      .limit(1);
    let url = open?.url;
    if (!url) {
      const successUrl = `${ctx.config.appUrl}/paymentsuccess/${invoice.invoiceNo}`;
      const cancelUrl = `${ctx.config.appUrl}/paymentcancel`;
      const session = await provider().createCheckout({
        invoiceId: invoice.id,
        invoiceNo: invoice.invoiceNo,
        amount,
        currency: invoice.currency,
        description: `Invoice ${invoice.invoiceNo}`,
        customerEmail: (await billingAddresses(ctx.db, invoice.companyId))[0] ?? '',
        successUrl,
        cancelUrl,
        idempotencyKey: `checkout:${invoice.id}:${amount}`,
      });
      await ctx.db
        .insert(checkoutSessions)
        .values({
          provider: name,
          sessionId: session.sessionId,
          invoiceId: invoice.id,
          amount,
          currency: invoice.currency,
          url: session.url,
          successUrl,
          cancelUrl,
          expiresAt: session.expiresAt,
          createdAt: ctx.now(),
        })
        .onConflictDoNothing();
      url = session.url;
    }
    return ctx.transaction(async (tx, publish) => {
      const [claimed] = await tx
        .update(autopayAttempts)
        .set({ actionMailedAt: ctx.now(), updatedAt: ctx.now() })
        .where(and(eq(autopayAttempts.id, attemptId), isNull(autopayAttempts.actionMailedAt)))
        .returning({ id: autopayAttempts.id });
      if (!claimed) return false;
      await notifyCompany(notifications, tx, publish, invoice.companyId, {
        kind: 'invoice_payment_action_required',
        title: `Confirm the payment for ${invoice.invoiceNo}`,
        body: `Your bank asks you to confirm the automatic payment of ${money(amount, invoice.currency)} for ${invoice.invoiceNo}. Nothing was taken yet.`,
        mailText: [
          'Hello,',
          '',
          `We tried to charge ${money(amount, invoice.currency)} to your saved card for invoice ${invoice.invoiceNo}, but your bank asks you to confirm it.`,
          'Nothing was taken yet. Finish the payment on the checkout:',
          url,
          '',
          'The invoice stays open until it is paid.',
        ].join('\n'),
        target: { type: 'invoice', id: String(invoice.id) },
        projectId: invoice.projectId,
      });
      return true;
    });
  }

  return {
    async list(actor: Actor, query: { company_id?: string }): Promise<PaymentMethodList> {
      const companyId = companyOf(actor, query.company_id, 'payment_method:read');
      const [rows, [paused]] = await Promise.all([
        ctx.db
          .select()
          .from(paymentMethods)
          .where(and(eq(paymentMethods.companyId, companyId), eq(paymentMethods.provider, provider().name)))
          .orderBy(desc(paymentMethods.isDefault), asc(paymentMethods.id)),
        ctx.db.select().from(autopayPauses).where(eq(autopayPauses.companyId, companyId)).limit(1),
      ]);
      return {
        items: rows.map(present),
        autopay: { paused: Boolean(paused), paused_at: paused?.pausedAt.toISOString() ?? null, reason: paused?.reason ?? null },
      };
    },

    /** The provider's page that saves a card for the caller's company (a Customer per company). */
    async setup(actor: Actor): Promise<{ url: string }> {
      const companyId = companyOf(actor, undefined, 'payment_method:manage');
      const customerId = await customerOf(companyId);
      const [latest] = await ctx.db
        .select({ currency: invoices.currency })
        .from(invoices)
        .where(eq(invoices.companyId, companyId))
        .orderBy(desc(invoices.id))
        .limit(1);
      const successUrl = `${ctx.config.appUrl}/billing?card=saved`;
      const cancelUrl = `${ctx.config.appUrl}/billing?card=cancelled`;
      const session = await provider().createSetup({
        companyId,
        customerId,
        currency: latest?.currency ?? 'GBP',
        successUrl,
        cancelUrl,
        idempotencyKey: `setup:${companyId}:${actor.id}:${crypto.randomBytes(8).toString('hex')}`,
      });
      await ctx.db.insert(paymentSetups).values({
        provider: provider().name,
        sessionId: session.sessionId,
        companyId,
        url: session.url,
        successUrl,
        cancelUrl,
        expiresAt: session.expiresAt,
        createdBy: actor.id,
        createdAt: ctx.now(),
      });
      return { url: session.url };
    },

    async setDefault(actor: Actor, id: number): Promise<{ payment_method: SavedPaymentMethod }> {
      const row = await methodFor(actor, id);
      const updated = await ctx.transaction((tx) => makeDefault(tx, row));
      return { payment_method: present(updated) };
    },

    /** Forgets a card here and at the provider; when it was the default, the newest other card takes its place. */
    async remove(actor: Actor, id: number): Promise<void> {
      const row = await methodFor(actor, id);
      await provider().detachCard(row.providerMethodId);
      await ctx.transaction(async (tx) => {
        const [gone] = await tx.delete(paymentMethods).where(eq(paymentMethods.id, id)).returning();
        if (!gone?.isDefault) return;
        const [next] = await tx
          .select()
          .from(paymentMethods)
          .where(and(eq(paymentMethods.companyId, row.companyId), eq(paymentMethods.provider, row.provider)))
          .orderBy(desc(paymentMethods.id))
          .limit(1);
        if (next) await makeDefault(tx, next);
      });
    },

    async localSetup(sessionId: string) {
      const row = await localSetupRow(sessionId);
      const expired = row.setup.status === 'expired' || row.setup.expiresAt < ctx.now();
      return {
        brand: ctx.brand.current().agencyName,
        companyName: row.companyName,
        state: row.setup.status === 'complete' ? ('complete' as const) : expired ? ('expired' as const) : ('open' as const),
        successUrl: row.setup.successUrl,
        cancelUrl: row.setup.cancelUrl,
      };
    },

    /** The local setup page's Save button: a test card is checked as Stripe's test mode would, then kept (brand, last four, expiry). */
    async saveLocalCard(sessionId: string, card: { number: string; expiry: string; cvc: string }) {
      const row = await localSetupRow(sessionId);
      if (row.setup.status === 'complete') return { ok: true as const, redirect: row.setup.successUrl };
      if (row.setup.status === 'expired' || row.setup.expiresAt < ctx.now()) {
        return { ok: false as const, error: 'This page has expired. Go back and press Add card again.' };
      }
      const verdict = checkSetupCard(card, ctx.now());
      if (!verdict.ok) return { ok: false as const, error: verdict.error };
      const paymentMethodId = `pm_local_${verdict.outcome}_${crypto.randomBytes(12).toString('base64url')}`;
      await ctx.transaction((tx) =>
        saveCard(tx, {
          companyId: row.setup.companyId,
          provider: 'local',
          card: { paymentMethodId, brand: verdict.brand, last4: verdict.last4, expMonth: verdict.expMonth, expYear: verdict.expYear },
          createdBy: row.setup.createdBy,
          setupSessionId: sessionId,
          now: ctx.now(),
        }),
      );
      return { ok: true as const, redirect: row.setup.successUrl };
    },

    charge,
    sendActionLink,

    /** An invoice just sent: its first charge, when it asks for autopay. */
    async invoiceSent(invoiceId: number) {
      const [row] = await ctx.db.select({ autoCharge: invoices.autoCharge }).from(invoices).where(eq(invoices.id, invoiceId)).limit(1);
      return row?.autoCharge ? charge(invoiceId, 1) : 'not_due';
    },

    /**
     * The schedule's sweep: the retries that are due, first charges a lost event left undone, and the links to
     * finish a payment the bank wants confirmed that were not mailed yet. Each step is keyed, so two nodes sweeping
     * at once change nothing twice.
     */
    async sweep() {
      const now = ctx.now();
      const done: { retried: number[]; first: number[]; links: number[] } = { retried: [], first: [], links: [] };
      const due = await ctx.db
        .select({ invoiceId: autopayAttempts.invoiceId, attempt: autopayAttempts.attempt })
        .from(autopayAttempts)
        .where(
          and(
            eq(autopayAttempts.status, 'failed'),
            lte(autopayAttempts.nextRetryAt, now),
            sql`not exists (select 1 from autopay_attempts later where later.invoice_id = ${autopayAttempts.invoiceId} and later.attempt > ${autopayAttempts.attempt})`,
          ),
        )
        .limit(500);
      for (const row of due) {
        const outcome = await charge(row.invoiceId, row.attempt + 1);
        if (outcome === 'not_due' || outcome === 'paused' || outcome === 'no_card') {
          // Paid meanwhile, or nothing to charge with: the retry is dropped rather than asked for again each sweep.
          await ctx.db
            .update(autopayAttempts)
            .set({ nextRetryAt: null, updatedAt: now })
            .where(and(eq(autopayAttempts.invoiceId, row.invoiceId), eq(autopayAttempts.attempt, row.attempt)));
        } else done.retried.push(row.invoiceId);
      }
      const missed = await ctx.db
        .select({ id: invoices.id })
        .from(invoices)
        .innerJoin(paymentMethods, and(eq(paymentMethods.companyId, invoices.companyId), eq(paymentMethods.isDefault, true)))
        .where(
          and(
            eq(invoices.autoCharge, true),
            inArray(invoices.status, ['sent', 'partially_paid', 'overdue']),
            lte(invoices.sentAt, new Date(now.getTime() - 5 * 60_000)),
            sql`not exists (select 1 from autopay_attempts a where a.invoice_id = ${invoices.id})`,
            sql`not exists (select 1 from autopay_pauses p where p.company_id = ${invoices.companyId})`,
          ),
        )
        .limit(500);
      for (const row of missed) if ((await charge(row.id, 1)) !== 'taken') done.first.push(row.id);
      const waiting = await ctx.db
        .select({ id: autopayAttempts.id })
        .from(autopayAttempts)
        .where(and(eq(autopayAttempts.status, 'requires_action'), isNull(autopayAttempts.actionMailedAt)))
        .limit(500);
      for (const row of waiting) if (await sendActionLink(row.id)) done.links.push(row.id);
      return done;
    },
  };
}

export type PaymentMethodService = ReturnType<typeof createPaymentMethodService>;
