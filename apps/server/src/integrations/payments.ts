import crypto from 'node:crypto';
import { cardAmountProblem, type Currency, type PaymentProviderName } from '@agency/schema';
import type Stripe from 'stripe';
import type { Config } from '../config.js';
import { AppError } from '../core/errors.js';

/** A hosted checkout page for one amount of one invoice. */
export type CheckoutRequest = {
  invoiceId: number;
  invoiceNo: string;
  amount: number;
  currency: Currency;
  description: string;
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
  /** One per invoice and amount: asking twice gives the same session. */
  idempotencyKey: string;
};
export type CheckoutSession = { sessionId: string; url: string; expiresAt: Date };

export type RefundRequest = { paymentIntent: string; amount: number; idempotencyKey: string; invoiceNo: string };
export type RefundResult = { refundId: string; amount: number };

/** A card saved at the provider: its reference and what may be shown of it (never the number). */
export type SavedCard = { paymentMethodId: string; brand: string; last4: string; expMonth: number; expYear: number };
export type CustomerRequest = { companyId: number; name: string; email: string | null };
export type SetupRequest = {
  companyId: number;
  customerId: string;
  currency: Currency;
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
};
/** An off-session charge of a saved card for what an invoice asks; the key is per invoice and attempt. */
export type ChargeRequest = {
  invoiceId: number;
  invoiceNo: string;
  attempt: number;
  amount: number;
  currency: Currency;
  customerId: string;
  paymentMethodId: string;
  idempotencyKey: string;
};
/**
 * What the provider answered at once. `succeeded` is not yet a payment: only the signed `payment_intent.succeeded`
 * event records one. `requires_action`: the bank wants the cardholder (3-D Secure); `failed`: declined.
 */
export type ChargeResult =
  | { status: 'succeeded' | 'processing'; paymentIntentId: string }
  | { status: 'requires_action' | 'failed'; paymentIntentId: string | null; code: string; message: string };

/** A verified event, in Stripe's shape whichever provider sent it, so one fulfilment reads both. */
export type ProviderEvent = Stripe.Event;

/**
 * A card payment provider (DESIGN sections 1 and 6). Only its signed events mark an invoice paid: the checkout
 * page and its redirects never do.
 */
export type PaymentProvider = {
  name: PaymentProviderName;
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  refund(request: RefundRequest): Promise<RefundResult>;
  /** The company's customer at the provider (Stripe: a Customer), made once per company (idempotent by company). */
  createCustomer(request: CustomerRequest): Promise<{ customerId: string }>;
  /** A hosted page that saves a card for later off-session charges (Checkout in setup mode). */
  createSetup(request: SetupRequest): Promise<CheckoutSession>;
  /** The card a completed setup saved, and the customer it belongs to. */
  retrieveSetup(setupIntentId: string): Promise<SavedCard & { customerId: string | null }>;
  chargeSaved(request: ChargeRequest): Promise<ChargeResult>;
  /** Forgets a saved card at the provider. */
  detachCard(paymentMethodId: string): Promise<void>;
  /** Verifies the signature over the raw body before anything is parsed; a bad one throws WEBHOOK_SIGNATURE_INVALID. */
  verifyEvent(rawBody: Buffer | string, signature: string | undefined, receivedAt: Date): Promise<ProviderEvent>;
};

/** Stripe's SDK, loaded with the first payment request (webhook, checkout or refund), not with every start. */
let stripeModule: Promise<typeof Stripe> | null = null;
const loadStripe = () => (stripeModule ??= import('stripe').then((m) => m.default));

/** Stripe's signature tolerance: an event signed longer ago than this, or dated further ahead, is refused (replay). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

async function verifyStripeSignature(
  rawBody: Buffer | string,
  signature: string | undefined,
  secret: string,
  receivedAt: Date,
): Promise<ProviderEvent> {
  if (!signature) throw new AppError('WEBHOOK_SIGNATURE_INVALID', 'The Stripe-Signature header is missing');
  // Stripe's check bounds only the age of a signature; one dated ahead of the clock is refused with the same
  // tolerance, or a signature made now for the future would stay replayable for as long as it claims.
  const signedAt = Number(/(?:^|,)\s*t=(\d{1,12})(?:,|$)/.exec(signature)?.[1]);
  if (Number.isFinite(signedAt) && signedAt - Math.floor(receivedAt.getTime() / 1000) > WEBHOOK_TOLERANCE_SECONDS) {
    throw new AppError('WEBHOOK_SIGNATURE_INVALID', 'The webhook signature is not valid (its timestamp is in the future)');
  }
  const Stripe = await loadStripe();
  try {
    return Stripe.webhooks.constructEvent(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS, undefined, receivedAt.getTime());
  } catch (err) {
    const reason = err instanceof Error ? err.message.split('\n')[0] : 'unreadable';
    throw new AppError('WEBHOOK_SIGNATURE_INVALID', `The webhook signature is not valid (${reason})`);
  }
}

/** 400 for an amount the card networks refuse in its currency (Stripe's rule for three-decimal currencies). */
export function assertCardAmount(amount: number, currency: Currency): void {
  const problem = cardAmountProblem(amount, currency);
  if (problem) throw new AppError('VALIDATION_FAILED', `${problem}. Pay this amount by bank transfer, or ask the agency to adjust the invoice.`);
}

/** Days a checkout page stays usable: Stripe's own default for Checkout Sessions. */
const CHECKOUT_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** The secret the local provider signs its events with: derived from the installation's key, never a constant. */
export function localWebhookSecret(signingKey: string): string {
  return `whsec_local_${crypto.createHmac('sha256', signingKey).update('local-payment-events').digest('hex')}`;
}

/** Signs a payload the way Stripe does (`t=<unix>,v1=<hmac>`): the local checkout's events take Stripe's path. */
export async function signLikeStripe(payload: string, secret: string, at: Date): Promise<string> {
  const Stripe = await loadStripe();
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: Math.floor(at.getTime() / 1000) });
}

/**
 * `local`: the built-in test checkout (served by this app, works offline). Sessions are pages of this server;
 * paying there signs a Stripe-shaped event with the local secret and hands it to the same fulfilment.
 */
export function createLocalProvider(appUrl: string, secret: string, now: () => Date): PaymentProvider {
  const randomId = (prefix: string) => `${prefix}_${crypto.randomBytes(18).toString('base64url')}`;
  return {
    name: 'local',
    // The test checkout holds amounts to Stripe's rules, so what works here works with Stripe.
    async createCheckout(request) {
      assertCardAmount(request.amount, request.currency);
      const sessionId = randomId('cs_local');
      return {
        sessionId,
        url: `${appUrl}/api/payments/local/checkout/${sessionId}`,
        expiresAt: new Date(now().getTime() + CHECKOUT_LIFETIME_MS),
      };
    },
    async createCustomer(request) {
      return { customerId: `cus_local_${request.companyId}` };
    },
    async createSetup() {
      const sessionId = randomId('cs_local_setup');
      return {
        sessionId,
        url: `${appUrl}/api/payments/local/setup/${sessionId}`,
        expiresAt: new Date(now().getTime() + CHECKOUT_LIFETIME_MS),
      };
    },
    // The local setup page saves its card itself (it is this server); there is nothing to look up.
    async retrieveSetup() {
      throw new AppError('NOT_FOUND', 'The local provider keeps no setup intents');
    },
    async chargeSaved(request) {
      const paymentIntentId = `pi_local_${crypto.createHash('sha256').update(request.idempotencyKey).digest('hex').slice(0, 24)}`;
      const outcome = localCardOutcome(request.paymentMethodId);
      if (outcome === 'ok') return { status: 'succeeded', paymentIntentId };
      if (outcome === 'auth') {
        return {
          status: 'requires_action',
          paymentIntentId,
          code: 'authentication_required',
          message: 'Your bank asks you to confirm this payment.',
        };
      }
      if (outcome === 'funds') return { status: 'failed', paymentIntentId, code: 'insufficient_funds', message: 'Your card has insufficient funds.' };
      return { status: 'failed', paymentIntentId, code: 'card_declined', message: 'Your card was declined.' };
    },
    async detachCard() {},
    async refund(request) {
      return {
        refundId: `re_local_${crypto.createHash('sha256').update(request.idempotencyKey).digest('hex').slice(0, 24)}`,
        amount: request.amount,
      };
    },
    verifyEvent: (rawBody, signature, receivedAt) => verifyStripeSignature(rawBody, signature, secret, receivedAt),
  };
}

/**
 * How a saved test card of the local provider behaves when charged off-session, carried in its reference the way
 * Stripe's own test payment methods name theirs (`pm_card_authenticationRequired`): `pm_local_<outcome>_<random>`.
 */
export type LocalCardOutcome = 'ok' | 'auth' | 'funds' | 'declined';
export function localCardOutcome(paymentMethodId: string): LocalCardOutcome {
  const outcome = /^pm_local_(ok|auth|funds|declined)_/.exec(paymentMethodId)?.[1];
  return (outcome as LocalCardOutcome | undefined) ?? 'declined';
}

/** The Stripe client: Stripe's API, or another base address (a Stripe-compatible stand-in) from STRIPE_API_URL. */
export async function createStripeClient(secretKey: string, apiUrl: string | undefined): Promise<Stripe> {
  const Stripe = await loadStripe();
  const base = apiUrl ? new URL(apiUrl) : null;
  return new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'http:' ? 80 : 443),
          protocol: base.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });
}

function providerError(err: unknown): AppError {
  const message = err instanceof Error ? err.message : String(err);
  return new AppError('PAYMENT_PROVIDER_ERROR', `The payment provider refused or could not be reached: ${message.split('\n')[0].slice(0, 200)}`);
}

/** `stripe`: Checkout Sessions through the official SDK, webhooks verified with Stripe's signature scheme. */
export function createStripeProvider(options: { secretKey: string; webhookSecret: string; apiUrl?: string }): PaymentProvider {
  let client: Promise<Stripe> | null = null;
  const stripeClient = () => (client ??= createStripeClient(options.secretKey, options.apiUrl));
  return {
    name: 'stripe',
    async createCheckout(request) {
      assertCardAmount(request.amount, request.currency);
      try {
        const stripe = await stripeClient();
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            client_reference_id: String(request.invoiceId),
            metadata: { invoice_no: request.invoiceNo, invoice_id: String(request.invoiceId) },
            payment_intent_data: { metadata: { invoice_no: request.invoiceNo, invoice_id: String(request.invoiceId) } },
            customer_email: request.customerEmail,
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: request.currency.toLowerCase(),
                  unit_amount: request.amount,
                  product_data: { name: `Invoice ${request.invoiceNo}`, description: request.description.slice(0, 500) },
                },
              },
            ],
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
          },
          { idempotencyKey: request.idempotencyKey },
        );
        if (!session.url) throw new Error('Stripe returned a session without a URL');
        return { sessionId: session.id, url: session.url, expiresAt: new Date(session.expires_at * 1000) };
      } catch (err) {
        throw providerError(err);
      }
    },
    async createCustomer(request) {
      try {
        const stripe = await stripeClient();
        const customer = await stripe.customers.create(
          { name: request.name, ...(request.email ? { email: request.email } : {}), metadata: { company_id: String(request.companyId) } },
          { idempotencyKey: `customer:company:${request.companyId}` },
        );
        return { customerId: customer.id };
      } catch (err) {
        throw providerError(err);
      }
    },
    async createSetup(request) {
      try {
        const stripe = await stripeClient();
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'setup',
            customer: request.customerId,
            currency: request.currency.toLowerCase(),
            client_reference_id: `company:${request.companyId}`,
            metadata: { company_id: String(request.companyId) },
            setup_intent_data: { metadata: { company_id: String(request.companyId) } },
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
          },
          { idempotencyKey: request.idempotencyKey },
        );
        if (!session.url) throw new Error('Stripe returned a session without a URL');
        return { sessionId: session.id, url: session.url, expiresAt: new Date(session.expires_at * 1000) };
      } catch (err) {
        throw providerError(err);
      }
    },
    async retrieveSetup(setupIntentId) {
      try {
        const stripe = await stripeClient();
        const intent = await stripe.setupIntents.retrieve(setupIntentId, { expand: ['payment_method'] });
        const method = intent.payment_method;
        if (!method || typeof method === 'string' || !method.card) throw new Error('the setup saved no card');
        return {
          paymentMethodId: method.id,
          brand: method.card.brand,
          last4: method.card.last4,
          expMonth: method.card.exp_month,
          expYear: method.card.exp_year,
          customerId: typeof intent.customer === 'string' ? intent.customer : (intent.customer?.id ?? null),
        };
      } catch (err) {
        throw providerError(err);
      }
    },
    async chargeSaved(request) {
      const stripe = await stripeClient();
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amount,
            currency: request.currency.toLowerCase(),
            customer: request.customerId,
            payment_method: request.paymentMethodId,
            off_session: true,
            confirm: true,
            description: `Invoice ${request.invoiceNo}`,
            metadata: { invoice_no: request.invoiceNo, invoice_id: String(request.invoiceId), attempt: String(request.attempt) },
          },
          { idempotencyKey: request.idempotencyKey },
        );
        if (intent.status === 'succeeded' || intent.status === 'processing') {
          return { status: intent.status === 'succeeded' ? 'succeeded' : 'processing', paymentIntentId: intent.id };
        }
        if (intent.status === 'requires_action') {
          return {
            status: 'requires_action',
            paymentIntentId: intent.id,
            code: 'authentication_required',
            message: 'The bank asks the cardholder to confirm.',
          };
        }
        return { status: 'failed', paymentIntentId: intent.id, code: intent.status, message: `The payment is ${intent.status}` };
      } catch (err) {
        // A declined card is an answer, not a fault: Stripe says why and names the payment intent it made.
        const card = err as { type?: string; code?: string; decline_code?: string; message?: string; payment_intent?: { id?: string } };
        if (card.type === 'StripeCardError') {
          const code = card.code === 'authentication_required' ? 'authentication_required' : (card.decline_code ?? card.code ?? 'card_declined');
          return {
            status: code === 'authentication_required' ? 'requires_action' : 'failed',
            paymentIntentId: card.payment_intent?.id ?? null,
            code,
            message: (card.message ?? 'The card was declined.').split('\n')[0].slice(0, 300),
          };
        }
        throw providerError(err);
      }
    },
    async detachCard(paymentMethodId) {
      try {
        const stripe = await stripeClient();
        await stripe.paymentMethods.detach(paymentMethodId);
      } catch (err) {
        throw providerError(err);
      }
    },
    async refund(request) {
      try {
        const stripe = await stripeClient();
        const refund = await stripe.refunds.create(
          { payment_intent: request.paymentIntent, amount: request.amount, metadata: { invoice_no: request.invoiceNo } },
          { idempotencyKey: request.idempotencyKey },
        );
        if (refund.status === 'failed' || refund.status === 'canceled') throw new Error(`the refund ${refund.status}`);
        return { refundId: refund.id, amount: refund.amount };
      } catch (err) {
        throw providerError(err);
      }
    },
    verifyEvent: (rawBody, signature, receivedAt) => verifyStripeSignature(rawBody, signature, options.webhookSecret, receivedAt),
  };
}

export function createPaymentProvider(config: Config, signingKey: string, now: () => Date): PaymentProvider {
  const p = config.payments;
  if (p.provider === 'stripe' && p.stripeSecretKey && p.stripeWebhookSecret) {
    return createStripeProvider({ secretKey: p.stripeSecretKey, webhookSecret: p.stripeWebhookSecret, apiUrl: p.stripeApiUrl });
  }
  return createLocalProvider(config.appUrl, localWebhookSecret(signingKey), now);
}
