import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { buildApp } from '../src/app.js';
import { invitations, mailOutbox, messageUploads, paymentEvents, projectAttachments, users } from '../src/db/schema.js';
import {
  call,
  createTestApp,
  multipart,
  PASSWORD,
  RELAXED_LIMITS,
  SETUP_KEY,
  signupClient,
  signupSuperadmin,
  signupToken,
  uniqueEmail,
  type TestApp,
} from './helpers.js';
import { logSink } from './log-sink.js';

// The real door limits (not the relaxed ones the other suites use), counted in the database.
let t: TestApp;
const DEFAULTS = Object.fromEntries(Object.keys(RELAXED_LIMITS).map((k) => [k, ''])) as Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ ...DEFAULTS, RATE_LIMIT_ANONYMOUS_PER_MINUTE: '1000' });
});
afterAll(async () => t.close());

let ipSeq = 0;
const newIp = () => `198.51.100.${(ipSeq += 1)}`;

function post(path: string, body: unknown, ip: string, token?: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api${path}`,
    payload: body as object,
    remoteAddress: ip,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

const login = (email: string, password: string, ip: string) => post('/auth/login', { email, password }, ip);

/** A client signs up from `ip` and opens the link mailed to them there: their first session is from that address. */
async function signupFrom(name: string, email: string, ip: string) {
  expect((await post('/auth/signup/client', { name, email, password: PASSWORD }, ip)).statusCode).toBe(202);
  return post('/auth/signup/confirm', { token: await signupToken(t.app, email) }, ip);
}

describe('door limits', () => {
  it('allow 20 sign-ups an hour from one address, then answer 429 with Retry-After; another address is unaffected', async () => {
    const ip = newIp();
    for (let i = 0; i < 20; i += 1) {
      const res = await post('/auth/signup/client', { name: 'Burst', email: uniqueEmail('burst'), password: PASSWORD }, ip);
      expect(res.statusCode).toBe(202);
    }
    const refused = await post('/auth/signup/client', { name: 'Burst', email: uniqueEmail('burst'), password: PASSWORD }, ip);
    expect(refused.statusCode).toBe(429);
    expect(JSON.parse(refused.body).code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const elsewhere = await post('/auth/signup/client', { name: 'Calm', email: uniqueEmail('calm'), password: PASSWORD }, newIp());
    expect(elsewhere.statusCode).toBe(202);
  });

  it('limit setup-key guesses to 10 an hour from one address', async () => {
    await signupSuperadmin(t.app).catch(() => undefined);
    const ip = newIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const res = await post(
        '/auth/signup/superadmin',
        { name: 'Guess', email: uniqueEmail('guess'), password: PASSWORD, setup_key: `guess-${i}` },
        ip,
      );
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 403)).toBe(true);
    expect(statuses[10]).toBe(429);
    // The right key from another address still works.
    const owner = await post(
      '/auth/signup/superadmin',
      { name: 'New owner', email: uniqueEmail('owner'), password: PASSWORD, setup_key: SETUP_KEY },
      newIp(),
    );
    expect(owner.statusCode).toBe(201);
  });

  it('limit sending messages to 60 a minute per person', async () => {
    await signupSuperadmin(t.app).catch(() => undefined);
    const [owner] = await t.app.ctx.db.select({ id: users.id }).from(users).where(eq(users.role, 'superadmin'));
    const client = await signupClient(t.app);
    const project = await call(t.app, 'POST', '/projects', {
      token: client.token,
      body: { title: 'Chatty', description: 'A project with many messages.' },
    });
    const body = {
      sender_id: client.user.id,
      receiver_id: String(owner.id),
      message_content: 'hi',
      conversation_id: `${project.body.project.id}:${client.user.id}`,
    };
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1) statuses.push((await post('/client/send-message', body, newIp(), client.token)).statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(60);
    expect(statuses[60]).toBe(429);
  });

  it('count in the database: a second node on the same database sees the first node’s count', async () => {
    const second = await buildApp(t.config, { database: t.app.ctx.database, now: t.clock.now, logStream: logSink });
    await second.ready();
    try {
      const ip = newIp();
      for (let i = 0; i < 15; i += 1) {
        await (i % 2 ? second : t.app).inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: uniqueEmail('nobody'), password: 'x' },
          remoteAddress: ip,
        });
      }
      const seconds: number[] = [];
      for (let i = 0; i < 16; i += 1) {
        const res = await second.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: uniqueEmail('nobody'), password: 'x' },
          remoteAddress: ip,
        });
        seconds.push(res.statusCode);
      }
      // 30 a minute from one address across both nodes: 15 + 15 answered, the 31st refused.
      expect(seconds.slice(0, 15).every((s) => s === 401)).toBe(true);
      expect(seconds[15]).toBe(429);
    } finally {
      await second.close();
    }
  });
});

describe('the sign-in lock-out', () => {
  it('counts a parallel burst exactly: of 15 wrong passwords at once, 10 are checked and 5 refused', async () => {
    const client = await signupClient(t.app);
    const ip = newIp();
    const results = await Promise.all(Array.from({ length: 15 }, () => login(client.user.email, 'wrong-password', ip)));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  });

  it('does not let a stranger elsewhere lock the owner out', async () => {
    const email = uniqueEmail('owner-like');
    const home = newIp();
    expect((await signupFrom('Owner Like', email, home)).statusCode).toBe(201);
    const stranger = newIp();
    for (let i = 0; i < 12; i += 1) await login(email, 'wrong-password', stranger);
    expect((await login(email, PASSWORD, stranger)).statusCode).toBe(429);
    expect((await login(email, PASSWORD, home)).statusCode).toBe(200);
    expect((await login(email, PASSWORD, newIp())).statusCode).toBe(200);
  });

  it('still stops a guess spread over many addresses, except from the owner’s own', async () => {
    const email = uniqueEmail('target');
    const home = newIp();
    expect((await signupFrom('Target', email, home)).statusCode).toBe(201);
    for (let i = 0; i < 50; i += 1) expect((await login(email, `guess-${i}`, newIp())).statusCode).toBe(401);
    const fromNew = await login(email, PASSWORD, newIp());
    expect(fromNew.statusCode).toBe(429);
    expect(JSON.parse(fromNew.body).code).toBe('TOO_MANY_ATTEMPTS');
    expect((await login(email, PASSWORD, home)).statusCode).toBe(200);
  });
});

describe('signed-out requests as a whole', () => {
  it('are limited per address; signed-in requests are not counted', async () => {
    const small = await createTestApp({ RATE_LIMIT_ANONYMOUS_PER_MINUTE: '5' });
    try {
      const client = await signupClient(small.app);
      const ip = newIp();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) statuses.push((await small.app.inject({ method: 'GET', url: '/api/projects', remoteAddress: ip })).statusCode);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
      // What every public page and load balancer asks for is not counted (security-defaults.int.test.ts).
      expect((await small.app.inject({ method: 'GET', url: '/api/config', remoteAddress: ip })).statusCode).toBe(200);
      for (let i = 0; i < 10; i += 1) {
        const res = await small.app.inject({
          method: 'GET',
          url: '/api/auth/me',
          remoteAddress: ip,
          headers: { authorization: `Bearer ${client.token}` },
        });
        expect(res.statusCode).toBe(200);
      }
      expect((await small.app.inject({ method: 'GET', url: '/api/health', remoteAddress: newIp() })).statusCode).toBe(200);
    } finally {
      await small.close();
    }
  });
});

// The doors whose limits are counted per hour or carry a high default, on an app configured with small limits: past
// the limit each answers 429 with Retry-After, and the refused request changes nothing.
describe('the invitation, upload and payment webhook limits', () => {
  const WEBHOOK_SECRET = 'whsec_limits_0123456789abcdef';
  let small: TestApp;

  beforeAll(async () => {
    small = await createTestApp({
      RATE_LIMIT_INVITATIONS_PER_HOUR: '3',
      RATE_LIMIT_UPLOADS_PER_HOUR: '3',
      RATE_LIMIT_WEBHOOKS_PER_MINUTE: '3',
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_limits_stand_in',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    });
    expect(small.config.rateLimits.invitationsPerHour).toBe(3);
    expect(small.config.rateLimits.uploadsPerHour).toBe(3);
    expect(small.config.payments.webhooksPerMinute).toBe(3);
  });
  afterAll(async () => small?.close());

  const rows = async (table: typeof invitations | typeof messageUploads | typeof projectAttachments | typeof paymentEvents) =>
    Number((await small.app.ctx.db.select({ n: count() }).from(table))[0].n);
  const refusedWithRetryAfter = (res: { status: number; headers: Record<string, unknown>; body: any }) => {
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('RATE_LIMITED');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  };

  it('invitations: 3 an hour per inviter, then 429 with Retry-After; no invitation and no mail for the refused one', async () => {
    const owner = await signupSuperadmin(small.app);
    const sent: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const email = uniqueEmail('invitee');
      const res = await call(small.app, 'POST', '/invitations', { token: owner.token, body: { email, role: 'teammember' } });
      expect(res.status, res.text).toBe(201);
      sent.push(res.body.invitation.id);
    }
    const before = await rows(invitations);
    const refusedEmail = uniqueEmail('refused');
    refusedWithRetryAfter(await call(small.app, 'POST', '/invitations', { token: owner.token, body: { email: refusedEmail, role: 'teammember' } }));
    // Resending sends a mail too: the same door, the same count.
    refusedWithRetryAfter(await call(small.app, 'POST', `/invitations/${sent[0]}/resend`, { token: owner.token }));
    expect(await rows(invitations)).toBe(before);
    expect(await small.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, refusedEmail))).toEqual([]);
    const listed = await call(small.app, 'GET', '/invitations', { token: owner.token });
    expect(JSON.stringify(listed.body)).not.toContain(refusedEmail);
  });

  it('uploads: 3 an hour per person across the upload doors, then 429 with Retry-After; nothing stored', async () => {
    const client = await signupClient(small.app);
    const upload = (url: string) => {
      const form = multipart([{ name: 'note.txt', content: Buffer.from('a small file'), type: 'text/plain' }]);
      return small.app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${client.token}`, ...form.headers },
        payload: form.body,
      });
    };
    for (let i = 0; i < 3; i += 1) expect((await upload('/api/messages/uploads')).statusCode).toBe(201);
    const project = await call(small.app, 'POST', '/projects', {
      token: client.token,
      body: { title: 'Limited', description: 'Files past the limit.' },
    });
    const before = { uploads: await rows(messageUploads), attachments: await rows(projectAttachments), files: await storedFiles(small) };
    for (const url of ['/api/messages/uploads', `/api/projects/${project.body.project.id}/attachments`]) {
      const res = await upload(url);
      refusedWithRetryAfter({ status: res.statusCode, headers: res.headers, body: res.json() });
    }
    expect({ uploads: await rows(messageUploads), attachments: await rows(projectAttachments), files: await storedFiles(small) }).toEqual(before);
  });

  it('payment webhooks: 3 a minute per address, then 429 with Retry-After; the refused event is not recorded', async () => {
    const ip = '203.0.113.77';
    const deliver = (id: string) => {
      const payload = JSON.stringify({
        id,
        object: 'event',
        created: Math.floor(small.clock.now().getTime() / 1000),
        type: 'customer.created',
        data: { object: { id: 'cus_limits', object: 'customer' } },
      });
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: WEBHOOK_SECRET,
        timestamp: Math.floor(small.clock.now().getTime() / 1000),
      });
      return small.app.inject({
        method: 'POST',
        url: '/api/payments/stripe/webhook',
        remoteAddress: ip,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      });
    };
    const eventId = () => `evt_limits_${crypto.randomBytes(8).toString('hex')}`;
    for (let i = 0; i < 3; i += 1) expect((await deliver(eventId())).statusCode).toBe(200);
    const before = await rows(paymentEvents);
    const refusedId = eventId();
    const refused = await deliver(refusedId);
    refusedWithRetryAfter({ status: refused.statusCode, headers: refused.headers, body: refused.json() });
    expect(await rows(paymentEvents)).toBe(before);
    expect(await small.app.ctx.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, refusedId))).toEqual([]);
  });
});

async function storedFiles(app: TestApp): Promise<string[]> {
  const keys: string[] = [];
  for await (const file of app.app.ctx.storage.list()) keys.push(file.key);
  return keys.sort();
}
