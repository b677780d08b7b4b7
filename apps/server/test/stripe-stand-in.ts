// A stand-in for the Stripe API, reached by the app through STRIPE_API_URL: customers, Checkout Sessions (payment
// and setup mode), setup intents, off-session payment intents, refunds and detaching a payment method. A reply is
// kept under its idempotency key and replayed for the same key, as Stripe does.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Setup intents the stand-in knows, and the card each saved (Stripe's own test payment methods). */
const SETUPS: Record<string, { pm: string; brand: string; last4: string }> = {
  seti_visa: { pm: 'pm_card_visa', brand: 'visa', last4: '4242' },
  seti_funds: { pm: 'pm_card_visa_chargeDeclinedInsufficientFunds', brand: 'visa', last4: '9995' },
  seti_auth: { pm: 'pm_card_authenticationRequired', brand: 'visa', last4: '3184' },
};

export type StandInRequest = {
  method: string;
  path: string;
  form: Record<string, string>;
  idempotencyKey: string | undefined;
  auth: string | undefined;
};
export type StripeStandIn = {
  url: string;
  /** Every request received, in order. */
  requests: StandInRequest[];
  /** `failNext`: the next request is refused with a card error (and not kept under its idempotency key). */
  state: { failNext: boolean };
  close: () => Promise<void>;
};

/** The app's settings that send its Stripe calls to the stand-in. */
export function stripeSettings(standIn: StripeStandIn, webhookSecret: string) {
  return { PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_stand_in', STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_URL: standIn.url };
}

export function startStripeStandIn(): Promise<StripeStandIn> {
  const requests: StandInRequest[] = [];
  const state = { failNext: false };
  let seq = 0;
  const replies = new Map<string, { status: number; json: unknown }>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(body));
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      const path = req.url!.split('?')[0];
      requests.push({ method: req.method!, path, form, idempotencyKey, auth: req.headers.authorization });
      const reply = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${crypto.randomBytes(4).toString('hex')}` });
        res.end(JSON.stringify(json));
      };
      if (state.failNext) {
        state.failNext = false;
        return reply(402, { error: { type: 'card_error', message: 'The stand-in refused this request.' } });
      }
      const replay = idempotencyKey ? replies.get(`${path}:${idempotencyKey}`) : undefined;
      if (replay) return reply(replay.status, replay.json);
      const send = (status: number, json: unknown) => {
        if (idempotencyKey) replies.set(`${path}:${idempotencyKey}`, { status, json });
        reply(status, json);
      };
      const id = (prefix: string) => `${prefix}_${crypto.randomBytes(8).toString('hex')}`;
      if (req.method === 'POST' && path === '/v1/customers') return send(200, { id: id('cus_test'), object: 'customer', name: form.name });
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        const session = id('cs_test');
        const setupMode = form.mode === 'setup';
        return send(200, {
          id: session,
          object: 'checkout.session',
          mode: form.mode,
          url: `https://checkout.stripe.test/c/${setupMode ? 'setup' : 'pay'}/${session}`,
          expires_at: Math.floor(Date.now() / 1000) + 86_400,
          ...(!setupMode && {
            amount_total: Number(form['line_items[0][price_data][unit_amount]']),
            currency: form['line_items[0][price_data][currency]'],
            client_reference_id: form.client_reference_id,
            metadata: { invoice_no: form['metadata[invoice_no]'], invoice_id: form['metadata[invoice_id]'] },
            payment_status: 'unpaid',
            status: 'open',
          }),
        });
      }
      const setup = /^\/v1\/setup_intents\/(seti_\w+)$/.exec(path);
      if (req.method === 'GET' && setup && SETUPS[setup[1]]) {
        const s = SETUPS[setup[1]];
        // Each setup saves a payment method of its own, as Stripe's do; its name says how it behaves.
        seq += 1;
        return send(200, {
          id: setup[1],
          object: 'setup_intent',
          status: 'succeeded',
          customer: 'cus_from_setup',
          payment_method: {
            id: `${s.pm}X${seq}`,
            object: 'payment_method',
            type: 'card',
            card: { brand: s.brand, last4: s.last4, exp_month: 12, exp_year: 2040 },
          },
        });
      }
      if (req.method === 'POST' && path === '/v1/payment_intents') {
        const pi = id('pi_test');
        const kind = form.payment_method.split('X')[0];
        if (kind === 'pm_card_visa') return send(200, { id: pi, object: 'payment_intent', status: 'succeeded', amount: Number(form.amount) });
        const auth = kind === 'pm_card_authenticationRequired';
        return send(402, {
          error: {
            type: 'card_error',
            code: auth ? 'authentication_required' : 'card_declined',
            ...(auth ? {} : { decline_code: 'insufficient_funds' }),
            message: auth ? 'This payment requires authentication.' : 'Your card has insufficient funds.',
            payment_intent: { id: pi, object: 'payment_intent', status: 'requires_payment_method' },
          },
        });
      }
      if (req.method === 'POST' && path === '/v1/refunds') {
        return send(200, {
          id: id('re_test'),
          object: 'refund',
          amount: Number(form.amount),
          payment_intent: form.payment_intent,
          status: 'succeeded',
        });
      }
      if (req.method === 'POST' && /^\/v1\/payment_methods\/[\w]+\/detach$/.test(path))
        return send(200, { id: path.split('/')[3], object: 'payment_method' });
      reply(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path})` } });
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, requests, state, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}
