import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox, paymentEvents } from '../src/db/schema.js';
import { approvedProject, makeWorld, pdfText, sentInvoice } from './invoice-helpers.js';
import {
  call,
  createTestApp,
  eventually,
  inviteAndSignup,
  multipart,
  PASSWORD,
  signupClient,
  signupSuperadmin,
  uniqueEmail,
  type TestApp,
} from './helpers.js';

// The probes of a red-team pass against a server started as the README says, kept as tests: each finding stays
// fixed. (Proxy addresses through the shipped nginx are in the cluster suite; production refusals at start-up and
// trickled headers in the system suite.)

describe('event streams', () => {
  let t: TestApp;
  let base: string;
  const controllers: AbortController[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterEach(() => {
    for (const c of controllers.splice(0)) c.abort();
  });
  afterAll(async () => t.close());

  async function openStream(token: string) {
    const controller = new AbortController();
    controllers.push(controller);
    const res = await fetch(`${base}/api/events`, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal });
    if (res.status !== 200) return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as { code: string } };
    return { status: 200, retryAfter: null, body: null };
  }

  it('are bounded per session (4) and per person (16): one client opening 50 gets 429 past the bounds', async () => {
    const client = await signupClient(t.app);
    const results = [];
    for (let i = 0; i < 50; i += 1) results.push(await openStream(client.token));
    expect(results.filter((r) => r.status === 200)).toHaveLength(4);
    const refused = results.filter((r) => r.status === 429);
    expect(refused).toHaveLength(46);
    expect(refused[0]).toMatchObject({ retryAfter: '30', body: { code: 'RATE_LIMITED' } });
    expect(t.app.realtime.openStreams()).toBe(4);

    // Other sessions of the same person (other devices) add up to 16 in all.
    const sessions = await Promise.all(
      Array.from({ length: 5 }, () => call(t.app, 'POST', '/auth/login', { body: { email: client.user.email, password: PASSWORD } })),
    );
    let opened = 4;
    for (const session of sessions) {
      expect(session.status).toBe(200);
      for (let i = 0; i < 4; i += 1) if ((await openStream(session.body.token)).status === 200) opened += 1;
    }
    expect(opened).toBe(16);

    // A stream that closes frees its place.
    for (const c of controllers.splice(0)) c.abort();
    await eventually('streams closed', () => t.app.realtime.openStreams() === 0);
    expect((await openStream(client.token)).status).toBe(200);
  });
});

describe('the Stripe webhook', () => {
  const secret = `whsec_test_${crypto.randomBytes(8).toString('hex')}`;
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_unused',
      STRIPE_WEBHOOK_SECRET: secret,
      STRIPE_API_URL: 'http://127.0.0.1:9',
    });
  });
  afterAll(async () => t.close());

  async function deliver(event: unknown, timestamp: number) {
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
    return { status: res.statusCode, body: res.json() };
  }
  const now = () => Math.floor(t.clock.now().getTime() / 1000);
  const event = (type: string, object: unknown) => ({ id: `evt_${crypto.randomBytes(8).toString('hex')}`, object: 'event', type, data: { object } });

  it('refuses a signature dated beyond the 300 s tolerance in the future, as it refuses an old one', async () => {
    const expired = event('checkout.session.expired', { id: 'cs_test_unknown' });
    expect((await deliver(expired, now() + 600)).status).toBe(400);
    expect((await deliver(expired, now() + 600)).body.code).toBe('WEBHOOK_SIGNATURE_INVALID');
    expect((await deliver(expired, now() - 600)).status).toBe(400);
    expect((await deliver(expired, now() + 120)).status).toBe(200);
  });

  it('answers a signed but malformed event 400, records it once, and changes nothing else', async () => {
    const broken = event('checkout.session.completed', null);
    const res = await deliver(broken, now());
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'BAD_REQUEST', error: expect.stringContaining('data.object is missing') });
    const rows = await t.app.ctx.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, broken.id));
    expect(rows).toMatchObject([{ outcome: 'malformed', invoiceId: null }]);
    // Stripe's retry of it is a duplicate: 200, nothing more.
    expect((await deliver(broken, now())).body).toMatchObject({ outcome: 'duplicate' });
    const noId = event('charge.refunded', { amount: 5 });
    expect((await deliver(noId, now())).body.error).toContain('data.object.id is missing');
  });
});

describe('file storage down', () => {
  let t: TestApp;
  beforeAll(async () => {
    // An S3 store nobody answers at: what an upload meets while the store is down.
    t = await createTestApp({
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9',
      S3_BUCKET: 'down',
      S3_ACCESS_KEY_ID: 'x',
      S3_SECRET_ACCESS_KEY: 'y',
      S3_FORCE_PATH_STYLE: 'true',
    });
  });
  afterAll(async () => t.close());

  it('answers an upload 503 with Retry-After, not 400', async () => {
    const client = await signupClient(t.app);
    const project = await call(t.app, 'POST', '/projects', {
      token: client.token,
      body: { title: 'Files', description: 'While the store is down.' },
    });
    const body = multipart([{ name: 'plan.pdf', content: Buffer.from('%PDF-1.4 a plan') }]);
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${project.body.project.id}/attachments`,
      headers: { ...body.headers, authorization: `Bearer ${client.token}` },
      payload: body.body,
    });
    expect(up.statusCode).toBe(503);
    expect(up.headers['retry-after']).toBe('30');
    expect(up.json()).toMatchObject({ code: 'UNAVAILABLE', error: expect.stringContaining('File storage is unavailable') });
  });
});

describe('health, readiness and the public config', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ANONYMOUS_PER_MINUTE: '20', TRUST_PROXY: '1' });
  });
  afterAll(async () => t.close());

  it('are not counted against the anonymous limit: 300 calls from one proxy address all answer, other calls are limited', async () => {
    const from = { 'x-forwarded-for': '203.0.113.7' };
    for (const url of ['/api/health', '/api/ready', '/api/config']) {
      const statuses = new Set<number>();
      for (let i = 0; i < 100; i += 1) statuses.add((await t.app.inject({ method: 'GET', url, headers: from })).statusCode);
      expect([...statuses], url).toEqual([200]);
    }
    const limited = [];
    for (let i = 0; i < 25; i += 1) limited.push((await t.app.inject({ method: 'GET', url: '/api/projects', headers: from })).statusCode);
    expect(limited).toContain(429);
  });
});

describe('mail printed by the log transport in production', () => {
  let t: TestApp;
  const printed: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({
      NODE_ENV: 'production',
      SESSION_SECRET: crypto.randomBytes(32).toString('hex'),
      MAIL_TRANSPORT: 'log',
      ALLOW_TEST_PAYMENTS: 'true',
    });
    const write = process.stdout.write.bind(process.stdout);
    vi.spyOn(process.stdout, 'write').mockImplementation(((chunk: string | Uint8Array, ...rest: unknown[]) => {
      if (typeof chunk === 'string' && chunk.includes('--- mail to ')) {
        printed.push(chunk);
        return true;
      }
      return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof process.stdout.write);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await t.close();
  });

  it('shows every mail without its links, and the outbox keeps no body once it is sent', async () => {
    const owner = await signupSuperadmin(t.app);
    const email = uniqueEmail('admin');
    const invite = await call(t.app, 'POST', '/invitations', { token: owner.token, body: { email, role: 'admin' } });
    expect(invite.status).toBe(201);
    const token = new URL(invite.body.link).searchParams.get('token')!;
    const mail = await eventually('the invitation printed', () => printed.find((text) => text.includes(`--- mail to ${email}`)));
    expect(mail).toContain('[link redacted]');
    expect(mail).not.toContain(token);
    expect(mail).not.toMatch(/https?:\/\//);
    const rows = await t.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.sentAt).not.toBeNull();
    expect(rows[0]!.text).toBe('');
    // The admin still signs up from the link the API answered to the inviter.
    await inviteAndSignup(t.app, owner.token, 'teamlead');
  });
});

describe('the built-in test checkout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('says "Test mode: no money moves" on the public config, the invoice PDF and the checkout page', async () => {
    expect((await call(t.app, 'GET', '/config')).body.test_payments).toBe(true);
    const world = await makeWorld(t.app);
    const projectId = await approvedProject(t.app, world);
    const invoice = await sentInvoice(t.app, world, projectId);
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/invoices/${invoice.id}/pdf`,
      headers: { authorization: `Bearer ${world.client.token}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdfText(pdf.rawPayload).replace(/\s+/g, ' ')).toContain('Test mode: no money moves.');
    const checkout = await call(t.app, 'POST', `/invoices/${invoice.id}/checkout`, { token: world.client.token });
    expect(checkout.status, checkout.text).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: new URL(checkout.body.url).pathname });
    expect(page.body).toContain('Test mode: no money moves.');
  });
});
