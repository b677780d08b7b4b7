// The Stripe provider's saved cards and off-session charges, against a stand-in of the Stripe API reached through
// STRIPE_API_URL: customers, Checkout Sessions in setup mode, setup intents, payment intents, detaching.
import crypto from 'node:crypto';
import type { Invoice } from '@agency/schema';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autopayAttempts, paymentMethods } from '../src/db/schema.js';
import { startStripeStandIn, stripeSettings, type StripeStandIn } from './stripe-stand-in.js';
import { call, createTestApp, signupClient, type TestApp } from './helpers.js';
import { approvedProject, createInvoice, eventually, getInvoice, LINE, mailsTo, makeWorld, type World } from './invoice-helpers.js';

const WEBHOOK_SECRET = 'whsec_test_cards_0123456789';
let stub: StripeStandIn;
let t: TestApp;
let w: World;
let projectId: string;

beforeAll(async () => {
  stub = await startStripeStandIn();
  t = await createTestApp(stripeSettings(stub, WEBHOOK_SECRET));
  w = await makeWorld(t.app);
  projectId = await approvedProject(t.app, w, { budget: 1_000_000 });
});
afterAll(async () => {
  await t.close();
  await stub.close();
});

function event(type: string, object: Record<string, unknown>) {
  return {
    id: `evt_test_${crypto.randomBytes(10).toString('hex')}`,
    object: 'event',
    created: Math.floor(t.clock.now().getTime() / 1000),
    livemode: false,
    type,
    data: { object },
  };
}

async function deliver(body: unknown, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(body);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: Math.floor(t.clock.now().getTime() / 1000) });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
  return { status: res.statusCode, body: res.json() };
}

/** The client opens the setup page; Stripe then reports the completed session with the setup intent named. */
async function saveCard(setupIntent: string, secret = WEBHOOK_SECRET, token = w.client.token) {
  const res = await call(t.app, 'POST', '/payment-methods/setup', { token });
  expect(res.status, res.text).toBe(200);
  const sessionId = new URL(res.body.url).pathname.split('/').at(-1)!;
  return deliver(
    event('checkout.session.completed', { id: sessionId, object: 'checkout.session', mode: 'setup', status: 'complete', setup_intent: setupIntent }),
    secret,
  );
}

async function sendAutoCharged(): Promise<Invoice> {
  const draft = await createInvoice(t.app, w.owner.token, { project_id: projectId, auto_charge: true, lines: [LINE] });
  const sent = await call(t.app, 'POST', `/invoices/${draft.id}/send`, { token: w.owner.token });
  expect(sent.status, sent.text).toBe(200);
  return sent.body.invoice;
}

describe('Stripe: saved cards', () => {
  it('makes one Customer per company, opens Checkout in setup mode, and keeps the card its signed event reports', async () => {
    const client = await signupClient(t.app, { name: 'Sam Stripe' });
    const saved = await saveCard('seti_visa', WEBHOOK_SECRET, client.token);
    expect(saved).toMatchObject({ status: 200, body: { outcome: 'card_saved' } });
    const key = `customer:company:${client.user.company_id}`;
    expect(stub.requests.filter((r) => r.path === '/v1/customers' && r.idempotencyKey === key)).toHaveLength(1);
    const session = stub.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    expect(session.form).toMatchObject({
      mode: 'setup',
      customer: expect.stringMatching(/^cus_test_/),
      'metadata[company_id]': client.user.company_id,
      success_url: 'http://app.test/billing?card=saved',
      cancel_url: 'http://app.test/billing?card=cancelled',
    });
    const list = await call(t.app, 'GET', '/payment-methods', { token: client.token });
    expect(list.body.items).toEqual([{ id: expect.any(String), brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2040, is_default: true }]);
    // A second setup reuses the company's Customer.
    await call(t.app, 'POST', '/payment-methods/setup', { token: client.token });
    expect(stub.requests.filter((r) => r.path === '/v1/customers' && r.idempotencyKey === key)).toHaveLength(1);
  });

  it('changes nothing for a webhook with a bad signature', async () => {
    const before = await t.app.ctx.db.select().from(paymentMethods);
    const res = await saveCard('seti_funds', 'whsec_not_the_secret');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('WEBHOOK_SIGNATURE_INVALID');
    expect(await t.app.ctx.db.select().from(paymentMethods)).toEqual(before);
  });
});

describe('Stripe: autopay', () => {
  it('charges off-session with a key per invoice and attempt; only the signed payment_intent.succeeded pays', async () => {
    await saveCard('seti_visa');
    const invoice = await sendAutoCharged();
    const charge = await eventually(async () => {
      const found = stub.requests.find((r) => r.path === '/v1/payment_intents' && r.idempotencyKey === `autopay:${invoice.id}:1`);
      expect(found).toBeDefined();
      return found!;
    });
    expect(charge.form).toMatchObject({
      amount: String(invoice.total),
      currency: 'gbp',
      payment_method: expect.stringMatching(/^pm_card_visaX\d+$/),
      off_session: 'true',
      confirm: 'true',
      'metadata[invoice_id]': invoice.id,
      'metadata[attempt]': '1',
    });
    expect((await getInvoice(t.app, w.client.token, invoice.id)).status).toBe('sent');
    const [attempt] = await eventually(async () => {
      const rows = await t.app.ctx.db
        .select()
        .from(autopayAttempts)
        .where(eq(autopayAttempts.invoiceId, Number(invoice.id)));
      expect(rows[0]?.paymentIntentId).toMatch(/^pi_test_/);
      return rows;
    });
    const succeeded = event('payment_intent.succeeded', {
      id: attempt.paymentIntentId,
      object: 'payment_intent',
      amount: invoice.total,
      amount_received: invoice.total,
      currency: 'gbp',
      status: 'succeeded',
      metadata: { invoice_id: invoice.id, invoice_no: invoice.invoice_no, attempt: '1' },
    });
    expect((await deliver(succeeded)).body.outcome).toBe('paid');
    expect((await deliver(succeeded)).body.outcome).toBe('duplicate');
    const paid = await getInvoice(t.app, w.client.token, invoice.id);
    expect(paid.status).toBe('paid');
    expect(paid.payments).toHaveLength(1);
  });

  it('a decline fails the attempt once, whether the answer or the payment_failed event comes first', async () => {
    await saveCard('seti_funds');
    const invoice = await sendAutoCharged();
    const [attempt] = await eventually(async () => {
      const rows = await t.app.ctx.db
        .select()
        .from(autopayAttempts)
        .where(eq(autopayAttempts.invoiceId, Number(invoice.id)));
      expect(rows[0]?.status).toBe('failed');
      return rows;
    });
    expect(attempt.failureCode).toBe('insufficient_funds');
    const failed = event('payment_intent.payment_failed', {
      id: attempt.paymentIntentId,
      object: 'payment_intent',
      status: 'requires_payment_method',
      last_payment_error: { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
      metadata: { invoice_id: invoice.id, invoice_no: invoice.invoice_no, attempt: '1' },
    });
    expect((await deliver(failed)).body.outcome).toBe('payment_failed');
    const mails = await mailsTo(t.app, w.client.user.email, `Automatic payment for ${invoice.invoice_no} failed`);
    expect(mails).toHaveLength(1);
    expect((await getInvoice(t.app, w.client.token, invoice.id)).status).toBe('sent');
  });

  it('a card that needs its holder leaves the invoice open and mails a Checkout link', async () => {
    await saveCard('seti_auth');
    const invoice = await sendAutoCharged();
    await eventually(async () => {
      const mails = await mailsTo(t.app, w.client.user.email, `Confirm the payment for ${invoice.invoice_no}`);
      expect(mails).toHaveLength(1);
      expect(mails[0].text).toMatch(/https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    });
    expect((await getInvoice(t.app, w.client.token, invoice.id)).status).toBe('sent');
  });

  it('removing a card detaches it at Stripe', async () => {
    await saveCard('seti_visa');
    const list = await call(t.app, 'GET', '/payment-methods', { token: w.client.token });
    const card = list.body.items[0];
    expect((await call(t.app, 'DELETE', `/payment-methods/${card.id}`, { token: w.client.token })).status).toBe(204);
    expect(stub.requests.some((r) => r.method === 'POST' && /^\/v1\/payment_methods\/pm_\w+\/detach$/.test(r.path))).toBe(true);
  });
});
