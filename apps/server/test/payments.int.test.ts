import crypto from 'node:crypto';
import type { Invoice } from '@agency/schema';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutSessions, invoices, notifications, paymentEvents, payments } from '../src/db/schema.js';
import { startStripeStandIn, stripeSettings, type StripeStandIn } from './stripe-stand-in.js';
import { call, createTestApp, type TestApp } from './helpers.js';
import { approvedProject, eventually, getInvoice, mailsTo, makeWorld, sentInvoice, type World } from './invoice-helpers.js';

const WEBHOOK_SECRET = 'whsec_test_0123456789abcdef';

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

function eventId() {
  return `evt_test_${crypto.randomBytes(10).toString('hex')}`;
}

type SessionFields = { amount?: number; currency?: string; payment_status?: string; invoice?: Invoice; session?: string; payment_intent?: string };
function sessionEvent(type: string, f: SessionFields & { invoice: Invoice }, id = eventId()) {
  return {
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(t.clock.now().getTime() / 1000),
    livemode: false,
    type,
    data: {
      object: {
        id: f.session ?? `cs_test_${crypto.randomBytes(8).toString('hex')}`,
        object: 'checkout.session',
        amount_total: f.amount ?? f.invoice.amount_due,
        currency: (f.currency ?? f.invoice.currency).toLowerCase(),
        payment_status: f.payment_status ?? 'paid',
        status: 'complete',
        client_reference_id: f.invoice.id,
        metadata: { invoice_no: f.invoice.invoice_no, invoice_id: f.invoice.id },
        payment_intent: f.payment_intent ?? `pi_test_${crypto.randomBytes(8).toString('hex')}`,
      },
    },
  };
}

function chargeRefunded(paymentIntent: string, amountRefunded: number, currency = 'gbp', id = eventId()) {
  return {
    id,
    object: 'event',
    created: Math.floor(t.clock.now().getTime() / 1000),
    type: 'charge.refunded',
    data: {
      object: { id: `ch_${paymentIntent.slice(3)}`, object: 'charge', payment_intent: paymentIntent, amount_refunded: amountRefunded, currency },
    },
  };
}

/** Posts an event to the webhook, signed the way Stripe signs (`stripe.webhooks.generateTestHeaderString`). */
async function deliver(
  event: unknown,
  options: { secret?: string; timestamp?: number; tamper?: (payload: string) => string; signature?: string | null } = {},
) {
  const payload = JSON.stringify(event);
  const signature =
    options.signature === null
      ? undefined
      : (options.signature ??
        Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: options.secret ?? WEBHOOK_SECRET,
          timestamp: options.timestamp ?? Math.floor(t.clock.now().getTime() / 1000),
        }));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    payload: options.tamper ? options.tamper(payload) : payload,
  });
  return { status: res.statusCode, body: res.json() };
}

async function paymentsOf(invoice: Invoice) {
  return t.app.ctx.db
    .select()
    .from(payments)
    .where(eq(payments.invoiceId, Number(invoice.id)));
}

describe('Stripe Checkout through the official SDK', () => {
  it('creates a session for the amount due with the invoice named, the success and cancel pages, and an idempotency key', async () => {
    const invoice = await sentInvoice(t.app, w, projectId);
    const res = await call(t.app, 'POST', `/invoices/${invoice.id}/checkout`, { token: w.client.token });
    expect(res.status, res.text).toBe(200);
    expect(res.body.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const sent = stub.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    expect(sent.auth).toBe('Bearer sk_test_stand_in');
    expect(sent.form).toMatchObject({
      mode: 'payment',
      client_reference_id: invoice.id,
      'metadata[invoice_no]': invoice.invoice_no,
      'line_items[0][price_data][unit_amount]': String(invoice.amount_due),
      'line_items[0][price_data][currency]': 'gbp',
      'line_items[0][quantity]': '1',
      success_url: `http://app.test/paymentsuccess/${invoice.invoice_no}`,
      cancel_url: 'http://app.test/paymentcancel',
      customer_email: w.client.user.email,
    });
    expect(sent.idempotencyKey).toBe(`checkout:${invoice.id}:${invoice.amount_due}`);
    // The redirect to the success page changes nothing: only the webhook pays.
    expect((await getInvoice(t.app, w.client.token, invoice.id)).status).toBe('sent');
  });

  it('answers 502 when Stripe refuses, and the invoice is unchanged', async () => {
    const invoice = await sentInvoice(t.app, w, projectId);
    stub.state.failNext = true;
    const res = await call(t.app, 'POST', `/invoices/${invoice.id}/checkout`, { token: w.client.token });
    expect(res.status).toBe(502);
    expect(res.body.code).toBe('PAYMENT_PROVIDER_ERROR');
    expect((await getInvoice(t.app, w.client.token, invoice.id)).status).toBe('sent');
  });
});

describe('the webhook', () => {
  it('marks the invoice paid on checkout.session.completed with payment_status paid, with one receipt', async () => {
    const invoice = await sentInvoice(t.app, w, projectId);
    const res = await deliver(sessionEvent('checkout.session.completed', { invoice }));
    expect(res).toMatchObject({ status: 200, body: { received: true, outcome: 'paid' } });
    const paid = await getInvoice(t.app, w.client.token, invoice.id);
    expect(paid).toMatchObject({ status: 'paid', amount_paid: invoice.total, amount_due: 0 });
    expect(paid.payments).toEqual([expect.objectContaining({ kind: 'payment', method: 'card', amount: invoice.total })]);
    // The receipt of the card payment, with the paid invoice, is mailed by a job right after.
    const receipts = await eventually(async () => {
      const found = await mailsTo(t.app, w.client.user.email, `Payment received for ${invoice.invoice_no}`);
      expect(found).toHaveLength(1);
      return found;
    });
    expect(receipts[0].attachments).toEqual([
      expect.objectContaining({ filename: `receipt-${invoice.invoice_no}-P${paid.payments[0].id}.pdf` }),
      expect.objectContaining({ filename: `${invoice.invoice_no}.pdf` }),
    ]);
  });

  it('twenty copies of one event, at once: one payment and one receipt', async () => {
    const invoice = await sentInvoice(t.app, w, projectId);
    const event = sessionEvent('checkout.session.completed', { invoice });
    const results = await Promise.all(Array.from({ length: 20 }, () => deliver(event)));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    const outcomes = results.map((r) => r.body.outcome).sort();
    expect(outcomes.filter((o) => o === 'paid')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(19);
    expect(await paymentsOf(invoice)).toHaveLength(1);
    await eventually(async () => expect(await mailsTo(t.app, w.client.user.email, `Payment received for ${invoice.invoice_no}`)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await mailsTo(t.app, w.client.user.email, `Payment received for ${invoice.invoice_no}`)).toHaveLength(1);
    expect(await t.app.ctx.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, event.id))).toHaveLength(1);
  });

  it('refuses a bad signature with 400 and changes nothing', async () => {
    const invoice = await sentInvoice(t.app, w, projectId);
    const event = sessionEvent('checkout.session.completed', { invoice });
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const attempts = [
      await deliver(event, { secret: 'whsec_somebody_else' }),
      await deliver(event, { tamper: (p) => p.replace(`"amount_total":${invoice.amount_due}`, '"amount_total":1') }),
      await deliver(event, { signature: null }),
      await deliver(event, { signature: 't=1,v1=deadbeef' }),
      await deliver(event, { timestamp: now - 301 }),
    ];
    for (const [i, res] of attempts.entries()) {
      expect(res.status, `attempt ${i}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.code).toBe('WEBHOOK_SIGNATURE_INVALID');
    }
    expect((await getInvoice(t.app, w.client.token, invoice.id)).status).toBe('sent');
    expect(await paymentsOf(invoice)).toHaveLength(0);
    expect(await t.app.ctx.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, event.id))).toHaveLength(0);
    // The same event, properly signed, still works afterwards: nothing about it was recorded.
    expect((await deliver(event)).body.outcome).toBe('paid');
  });

  it('out of order: a failure after the success never undoes the payment', async () => {
    const invoice = await sentInvoice(t.app, w, projectId);
    const session = `cs_test_${crypto.randomBytes(8).toString('hex')}`;
    expect((await deliver(sessionEvent('checkout.session.async_payment_succeeded', { invoice, session }))).body.outcome).toBe('paid');
    expect((await deliver(sessionEvent('checkout.session.async_payment_failed', { invoice, session }))).body.outcome).toBe('failure_after_success');
    expect((await deliver(sessionEvent('checkout.session.completed', { invoice, session }))).body.outcome).toBe('already_recorded');
    const after = await getInvoice(t.app, w.client.token, invoice.id);
    expect(after).toMatchObject({ status: 'paid', amount_paid: invoice.total });
    expect(await paymentsOf(invoice)).toHaveLength(1);
  });

  it('a delayed payment: completed unpaid waits; async succeeded pays; a failure on its own changes nothing', async () => {
    const invoice = await sentInvoice(t.app, w, projectId);
    const session = `cs_test_${crypto.randomBytes(8).toString('hex')}`;
    expect((await deliver(sessionEvent('checkout.session.completed', { invoice, session, payment_status: 'unpaid' }))).body.outcome).toBe(
      'awaiting_payment',
    );
    expect((await getInvoice(t.app, w.client.token, invoice.id)).status).toBe('sent');
    expect((await deliver(sessionEvent('checkout.session.async_payment_succeeded', { invoice, session }))).body.outcome).toBe('paid');

    const other = await sentInvoice(t.app, w, projectId);
    expect((await deliver(sessionEvent('checkout.session.async_payment_failed', { invoice: other }))).body.outcome).toBe('payment_failed');
    expect((await getInvoice(t.app, w.client.token, other.id)).status).toBe('sent');
  });

  it('flags an amount or currency that does not match for staff, and never marks the invoice paid', async () => {
    const invoice = await sentInvoice(t.app, w, projectId);
    expect((await deliver(sessionEvent('checkout.session.completed', { invoice, amount: invoice.amount_due - 1 }))).body.outcome).toBe('flagged');
    expect((await deliver(sessionEvent('checkout.session.completed', { invoice, currency: 'eur' }))).body.outcome).toBe('flagged');
    const asClient = await getInvoice(t.app, w.client.token, invoice.id);
    expect(asClient).toMatchObject({ status: 'sent', amount_paid: 0, needs_attention: false });
    const asStaff = await getInvoice(t.app, w.admin.token, invoice.id);
    expect(asStaff.needs_attention).toBe(true);
    expect(asStaff.attention_note).toContain('EUR');
    const flagged = await call(t.app, 'GET', '/invoices', { token: w.admin.token, query: { attention: 'true' } });
    expect(flagged.body.items.map((i: Invoice) => i.id)).toContain(invoice.id);
    const staffNotes = await t.app.ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, Number(w.admin.user.id)));
    expect(staffNotes.some((n) => n.kind === 'payment_flagged' && n.targetId === invoice.id)).toBe(true);
    const recorded = await t.app.ctx.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.invoiceId, Number(invoice.id)));
    expect(recorded.map((e) => [e.outcome, e.amount, e.currency])).toEqual([
      ['flagged', invoice.amount_due - 1, 'GBP'],
      ['flagged', invoice.amount_due, 'EUR'],
    ]);
    const cleared = await call(t.app, 'POST', `/invoices/${invoice.id}/attention/clear`, { token: w.owner.token });
    expect(cleared.body.invoice.needs_attention).toBe(false);

    // A payment for an invoice that is not ours, or an unrelated event: 200, recorded, nothing else.
    const stranger = { ...invoice, id: '999999' };
    expect((await deliver(sessionEvent('checkout.session.completed', { invoice: stranger }))).body.outcome).toBe('flagged');
    expect((await deliver({ id: eventId(), object: 'event', type: 'customer.created', data: { object: {} } })).body.outcome).toBe('ignored');
  });

  it('refunds a card payment in part through Stripe; the charge.refunded event that follows does not count it twice', async () => {
    const invoice = await sentInvoice(t.app, w, projectId);
    const intent = `pi_test_${crypto.randomBytes(8).toString('hex')}`;
    await deliver(sessionEvent('checkout.session.completed', { invoice, payment_intent: intent }));
    const paid = await getInvoice(t.app, w.admin.token, invoice.id);
    const payment = paid.payments[0];

    expect((await call(t.app, 'POST', `/invoices/${invoice.id}/refunds`, { token: w.client.token, body: { payment_id: payment.id } })).status).toBe(
      403,
    );
    const tooMuch = await call(t.app, 'POST', `/invoices/${invoice.id}/refunds`, {
      token: w.admin.token,
      body: { payment_id: payment.id, amount: invoice.total + 1 },
    });
    expect(tooMuch.body.code).toBe('REFUND_EXCEEDS_PAYMENT');

    const refund = await call(t.app, 'POST', `/invoices/${invoice.id}/refunds`, {
      token: w.admin.token,
      body: { payment_id: payment.id, amount: 2000, reason: 'Goodwill' },
    });
    expect(refund.status, refund.text).toBe(201);
    const sent = stub.requests.filter((r) => r.path === '/v1/refunds').at(-1)!;
    expect(sent.form).toMatchObject({ payment_intent: intent, amount: '2000' });
    expect(sent.idempotencyKey).toBe(`refund:${payment.id}:0:2000`);
    expect(refund.body.invoice).toMatchObject({ status: 'paid', amount_paid: invoice.total - 2000, amount_refunded: 2000, amount_due: 0 });
    expect(refund.body.invoice.payments.find((p: { id: string }) => p.id === payment.id).refundable).toBe(invoice.total - 2000);

    // Stripe then reports the charge's refunded total: already counted.
    expect((await deliver(chargeRefunded(intent, 2000))).body.outcome).toBe('refund_already_recorded');
    // A further refund made in Stripe's dashboard arrives only as an event, and is counted once however often it comes.
    const event = chargeRefunded(intent, 5000);
    expect((await deliver(event)).body.outcome).toBe('refunded');
    expect((await deliver(event)).body.outcome).toBe('duplicate');
    expect((await deliver(chargeRefunded(intent, 2000))).body.outcome).toBe('refund_already_recorded');
    const after = await getInvoice(t.app, w.admin.token, invoice.id);
    expect(after).toMatchObject({ status: 'paid', amount_refunded: 5000, amount_paid: invoice.total - 5000 });
    expect(after.payments.filter((p) => p.kind === 'refund').map((p) => p.amount)).toEqual([2000, 3000]);

    const rest = await call(t.app, 'POST', `/invoices/${invoice.id}/refunds`, { token: w.admin.token, body: { payment_id: payment.id } });
    expect(rest.body.invoice).toMatchObject({ amount_refunded: invoice.total, amount_paid: 0, status: 'paid' });
    expect(stub.requests.filter((r) => r.path === '/v1/refunds').at(-1)!.form.amount).toBe(String(invoice.total - 5000));
    expect(await mailsTo(t.app, w.client.user.email, `Refund issued for ${invoice.invoice_no}`)).toHaveLength(3);
  });

  it('does not refund a bank transfer through the provider', async () => {
    const invoice = await sentInvoice(t.app, w, projectId);
    const today = t.clock.now().toISOString().slice(0, 10);
    const paid = await call(t.app, 'POST', `/invoices/${invoice.id}/payments`, {
      token: w.admin.token,
      body: { amount: 100, date: today, reference: 'BANK' },
    });
    const res = await call(t.app, 'POST', `/invoices/${invoice.id}/refunds`, {
      token: w.admin.token,
      body: { payment_id: paid.body.invoice.payments[0].id },
    });
    expect(res.status).toBe(409);
  });
});

describe('the local provider', () => {
  let local: TestApp;
  let lw: World;
  let project: string;
  beforeAll(async () => {
    local = await createTestApp();
    lw = await makeWorld(local.app);
    project = await approvedProject(local.app, lw, { budget: 100_000 });
  });
  afterAll(async () => local.close());

  async function checkoutPath(invoice: Invoice) {
    const res = await call(local.app, 'POST', `/invoices/${invoice.id}/checkout`, { token: lw.client.token });
    expect(res.status, res.text).toBe(200);
    return new URL(res.body.url).pathname;
  }
  const pay = (path: string, form: Record<string, string>) =>
    local.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });

  it('serves its own checkout page; a declined card leaves the invoice unpaid; 4242 pays through a signed event', async () => {
    const invoice = await sentInvoice(local.app, lw, project);
    const path = await checkoutPath(invoice);
    const page = await local.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('£120.00');
    expect(page.body).toContain(invoice.invoice_no);
    expect(page.body).toContain('href="http://app.test/paymentcancel"');

    const declined = await pay(path, { number: '4000 0000 0000 0002', expiry: '12/40', cvc: '123' });
    expect(declined.statusCode).toBe(200);
    expect(declined.body).toContain('Your card was declined.');
    const badExpiry = await pay(path, { number: '4242 4242 4242 4242', expiry: '01/20', cvc: '123' });
    expect(badExpiry.body).toContain('expiration date is in the past');
    expect((await getInvoice(local.app, lw.client.token, invoice.id)).status).toBe('sent');

    const ok = await pay(path, { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' });
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe(`http://app.test/paymentsuccess/${invoice.invoice_no}`);
    expect((await getInvoice(local.app, lw.client.token, invoice.id)).status).toBe('paid');
    const events = await local.app.ctx.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.invoiceId, Number(invoice.id)));
    expect(events.map((e) => [e.provider, e.type, e.outcome])).toEqual([['local', 'checkout.session.completed', 'paid']]);

    // Paying the same page again does nothing more.
    expect((await pay(path, { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' })).statusCode).toBe(303);
    expect(
      await local.app.ctx.db
        .select()
        .from(payments)
        .where(eq(payments.invoiceId, Number(invoice.id))),
    ).toHaveLength(1);
    const done = await local.app.inject({ method: 'GET', url: path });
    expect(done.body).toContain('has been paid');
  });

  it('refunds a local card payment; an unknown page is 404; the Stripe webhook is closed', async () => {
    const invoice = await sentInvoice(local.app, lw, project);
    await pay(await checkoutPath(invoice), { number: '4242424242424242', expiry: '12/40', cvc: '123' });
    const paid = await getInvoice(local.app, lw.admin.token, invoice.id);
    const refund = await call(local.app, 'POST', `/invoices/${invoice.id}/refunds`, {
      token: lw.admin.token,
      body: { payment_id: paid.payments[0].id },
    });
    expect(refund.status, refund.text).toBe(201);
    expect(refund.body.invoice).toMatchObject({ amount_refunded: invoice.total, amount_paid: 0 });

    expect((await local.app.inject({ method: 'GET', url: '/api/payments/local/checkout/cs_local_doesnotexist123' })).statusCode).toBe(404);
    const forged = JSON.stringify(sessionEvent('checkout.session.completed', { invoice }));
    const res = await local.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload: forged, secret: WEBHOOK_SECRET }),
      },
      payload: forged,
    });
    expect(res.statusCode).toBe(404);
  });

  it('KWD: an invoice or a card payment whose last decimal is not 0 is refused with 400 (Stripe three-decimal rule)', async () => {
    const kwdProject = await approvedProject(local.app, lw, { budget: 500_000, currency: 'KWD' });
    const line = { description: 'Design work', quantity: 1, unit_price: 1234, tax_rate: 0 };
    const odd = await call(local.app, 'POST', '/invoices', {
      token: lw.owner.token,
      body: { project_id: kwdProject, currency: 'KWD', lines: [line] },
    });
    expect(odd.status).toBe(400);
    expect(odd.body.error).toContain('KWD 1.234 cannot be paid by card');
    expect(odd.body.error).toContain('such as KWD 1.230 or KWD 1.240');

    const invoice = await sentInvoice(local.app, lw, kwdProject, { currency: 'KWD', lines: [{ ...line, unit_price: 1230 }] });
    expect(invoice).toMatchObject({ currency: 'KWD', total: 1230 });
    // A bank transfer of 0.005 leaves 1.225 due: a card cannot pay that, and no checkout is opened.
    const today = local.clock.now().toISOString().slice(0, 10);
    const part = await call(local.app, 'POST', `/invoices/${invoice.id}/payments`, {
      token: lw.admin.token,
      body: { amount: 5, date: today, reference: 'BANK-5' },
    });
    expect(part.status, part.text).toBe(201);
    const refused = await call(local.app, 'POST', `/invoices/${invoice.id}/checkout`, { token: lw.client.token });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(refused.body.error).toBe(
      'KWD 1.225 cannot be paid by card: card payments in KWD need an amount whose last decimal is 0, such as KWD 1.220 or KWD 1.230. ' +
        'Pay this amount by bank transfer, or ask the agency to adjust the invoice.',
    );
    expect(
      await local.app.ctx.db
        .select()
        .from(checkoutSessions)
        .where(eq(checkoutSessions.invoiceId, Number(invoice.id))),
    ).toEqual([]);

    // Another 0.005 by transfer: 1.220 is due, and the card checkout opens for exactly that.
    await call(local.app, 'POST', `/invoices/${invoice.id}/payments`, {
      token: lw.admin.token,
      body: { amount: 5, date: today, reference: 'BANK-6' },
    });
    await checkoutPath(invoice);
    const [session] = await local.app.ctx.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.invoiceId, Number(invoice.id)));
    expect(session).toMatchObject({ amount: 1220, currency: 'KWD' });
  });

  it('KWD from the project: a total a card cannot pay is refused on create, edit and send; the deposit is rounded', async () => {
    const kwdProject = await approvedProject(local.app, lw, { budget: 5_015, currency: 'KWD' });
    const refusal =
      'lines: The invoice total KWD 1.234 cannot be paid by card: card payments in KWD need an amount whose last decimal is 0, ' +
      'such as KWD 1.230 or KWD 1.240; change a line or the discount';
    const line = { description: 'Design work', quantity: 1, unit_price: 1234, tax_rate: 0 };
    const invoicesOf = async () =>
      (await call(local.app, 'GET', '/invoices', { token: lw.owner.token, query: { project_id: kwdProject } })).body.items as Invoice[];

    // No currency in the request: the project's KWD applies, and the rule with it.
    const created = await call(local.app, 'POST', '/invoices', { token: lw.owner.token, body: { project_id: kwdProject, lines: [line] } });
    expect(created.status).toBe(400);
    expect(created.body).toMatchObject({ code: 'VALIDATION_FAILED', error: refusal });
    expect(await invoicesOf()).toEqual([]);

    const draft = await call(local.app, 'POST', '/invoices', {
      token: lw.owner.token,
      body: { project_id: kwdProject, lines: [{ ...line, unit_price: 1230 }] },
    });
    expect(draft.status, draft.text).toBe(201);
    expect(draft.body.invoice).toMatchObject({ currency: 'KWD', total: 1230 });
    const id = draft.body.invoice.id as string;
    const edited = await call(local.app, 'PATCH', `/invoices/${id}`, { token: lw.owner.token, body: { lines: [line] } });
    expect(edited.status).toBe(400);
    expect(edited.body.error).toBe(refusal);
    const discounted = await call(local.app, 'PATCH', `/invoices/${id}`, { token: lw.owner.token, body: { discount: 5 } });
    expect(discounted.status).toBe(400);
    expect(discounted.body.error).toContain('The invoice total KWD 1.225 cannot be paid by card');
    expect(await getInvoice(local.app, lw.owner.token, id)).toMatchObject({ total: 1230, discount: 0, status: 'draft' });

    // A draft saved before the rule: sending it is refused, and nothing reaches the client.
    await local.app.ctx.db
      .update(invoices)
      .set({ lines: [{ ...line, amount: 1234, discount: 0, tax: 0 }], subtotal: 1234, total: 1234 })
      .where(eq(invoices.id, Number(id)));
    const sent = await call(local.app, 'POST', `/invoices/${id}/send`, { token: lw.owner.token });
    expect(sent.status).toBe(400);
    expect(sent.body.error).toBe(refusal);
    expect(await getInvoice(local.app, lw.owner.token, id)).toMatchObject({ status: 'draft', sent_at: null });
    expect(await mailsTo(local.app, lw.client.user.email, `New invoice ${draft.body.invoice.invoice_no}`)).toEqual([]);

    // 30 % of KWD 5.015 is 1.5045: the deposit asks KWD 1.510, which a card pays.
    const deposit = await call(local.app, 'POST', `/projects/${kwdProject}/deposit-invoice`, { token: lw.admin.token });
    expect(deposit.status, deposit.text).toBe(201);
    expect(deposit.body.invoice).toMatchObject({ kind: 'deposit', currency: 'KWD', total: 1510 });
    await checkoutPath(deposit.body.invoice);
    const [session] = await local.app.ctx.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.invoiceId, Number(deposit.body.invoice.id)));
    expect(session).toMatchObject({ amount: 1510, currency: 'KWD' });
  });
});
