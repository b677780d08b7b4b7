import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AuthResponse } from '@agency/schema';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, webhookAttempts, webhookDeliveries, webhooks } from '../src/db/schema.js';
import { WEBHOOK_PRUNE_QUEUE } from '../src/modules/webhooks/jobs.js';
import { call, createTestApp, deliveredMails, eventually, inviteAndSignup, must, signupClient, signupSuperadmin, type TestApp } from './helpers.js';

/** What the receiver was sent. */
type Received = { path: string; headers: http.IncomingHttpHeaders; body: string };

/**
 * A webhook receiver as an integrator would write one: it answers per path (`/ok`, `/flaky` fails twice first,
 * `/down` fails until told otherwise, `/silent` never answers) and keeps what it was sent.
 */
function startReceiver() {
  const received: Received[] = [];
  const failuresLeft = new Map<string, number>([['/flaky', 2]]);
  const state = { downAnswers: 503 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (path === '/silent') return;
      if (path === '/down') {
        res.writeHead(state.downAnswers).end(state.downAnswers === 200 ? 'back' : 'down for maintenance');
        return;
      }
      const left = failuresLeft.get(path) ?? 0;
      if (left > 0) {
        failuresLeft.set(path, left - 1);
        res.writeHead(500).end('try later');
        return;
      }
      // 2 KB, so that what is kept of it (1 KB) shows.
      res.writeHead(200, { 'content-type': 'text/plain' }).end('k'.repeat(2048));
    });
  });
  return new Promise<{ url: (path: string) => string; received: Received[]; state: typeof state; close: () => Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: (path) => `http://127.0.0.1:${port}${path}`,
        received,
        state,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

/** Checks a delivery's signature as a receiver must: HMAC-SHA256 of "<t>.<body>" with the endpoint's secret. */
function verifySignature(header: string | string[] | undefined, body: string, secret: string): { t: number } {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(header));
  if (!match) throw new Error(`malformed signature header: ${String(header)}`);
  const expected = crypto.createHmac('sha256', secret).update(`${match[1]}.${body}`).digest('hex');
  if (!crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(match[2]!))) throw new Error('signature does not match');
  return { t: Number(match[1]) };
}

let t: TestApp;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let superadmin: AuthResponse;
let admin: AuthResponse;
let client: AuthResponse;

beforeAll(async () => {
  t = await createTestApp({ WEBHOOKS_ALLOW_LOOPBACK: 'true', WEBHOOKS_RETRY_BASE_SECONDS: '1' });
  receiver = await startReceiver();
  superadmin = await signupSuperadmin(t.app);
  admin = await inviteAndSignup(t.app, superadmin.token, 'admin');
  client = await signupClient(t.app);
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

async function subscribe(path: string, events: string[], token = superadmin.token) {
  const res = must(await call(t.app, 'POST', '/webhooks', { token, body: { url: receiver.url(path), events } }), 201, 'subscribe');
  return res.body as { webhook: { id: string; url: string; events: string[]; active: boolean }; secret: string };
}

async function newProject(title = 'Webhook project') {
  const res = await call(t.app, 'POST', '/projects', { token: client.token, body: { title, description: 'Something to announce' } });
  return must(res, 201, 'create project').body.project.id as string;
}

async function deliveries(webhookId: string) {
  return must(await call(t.app, 'GET', `/webhooks/${webhookId}/deliveries`, { token: superadmin.token }), 200, 'deliveries').body.items as {
    id: string;
    event_id: string;
    event: string;
    status: string;
    next_attempt_at: string | null;
    attempts: { status_code: number | null; duration_ms: number; response: string; error: string | null }[];
  }[];
}

const receivedAt = (path: string) => receiver.received.filter((r) => r.path === path);

describe('subscribing', () => {
  it('answers the endpoint and its secret once; the list never shows the secret', async () => {
    const res = await call(t.app, 'POST', '/webhooks', {
      token: admin.token,
      body: { url: receiver.url('/listed'), events: ['project.created', 'invoice.paid'] },
    });
    expect(res.status).toBe(201);
    expect(res.body.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(res.body.webhook).toEqual({
      id: expect.any(String),
      url: receiver.url('/listed'),
      events: ['project.created', 'invoice.paid'],
      active: true,
      disabled_at: null,
      owner_id: admin.user.id,
      created_at: expect.any(String),
    });
    const list = must(await call(t.app, 'GET', '/webhooks', { token: superadmin.token }), 200, 'list');
    expect(list.body.items.map((w: { id: string }) => w.id)).toContain(res.body.webhook.id);
    expect(list.text).not.toContain(res.body.secret);
    must(await call(t.app, 'DELETE', `/webhooks/${res.body.webhook.id}`, { token: admin.token }), 204, 'unsubscribe');
  });

  it('keeps conversations from an admin’s endpoint', async () => {
    const res = await call(t.app, 'POST', '/webhooks', { token: admin.token, body: { url: receiver.url('/ok'), events: ['message.sent'] } });
    expect(res.body).toEqual({ error: 'events: message.sent can only be chosen by the super admin', code: 'VALIDATION_FAILED' });
  });

  it('refuses unknown events', async () => {
    const res = await call(t.app, 'POST', '/webhooks', { token: admin.token, body: { url: receiver.url('/ok'), events: ['project.exploded'] } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
  });

  it.each([
    ['https://10.0.0.1/hook', '10.0.0.1'],
    ['https://192.168.1.20/hook', '192.168.1.20'],
    ['https://172.16.5.4/hook', '172.16.5.4'],
    ['https://169.254.169.254/latest/meta-data', '169.254.169.254'],
    ['https://[fc00::1]/hook', 'fc00::1'],
    ['https://[::ffff:10.0.0.1]/hook', '::ffff:a00:1'],
  ])('refuses the private address %s even with loopback allowed', async (url, address) => {
    const res = await call(t.app, 'POST', '/webhooks', { token: superadmin.token, body: { url, events: ['project.created'] } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('WEBHOOK_URL_REFUSED');
    expect(res.body.error).toContain(address);
    const stored = await t.app.ctx.db.select().from(webhooks).where(eq(webhooks.url, url));
    expect(stored).toHaveLength(0);
  });

  it('refuses plain http to a public address', async () => {
    const res = await call(t.app, 'POST', '/webhooks', {
      token: superadmin.token,
      body: { url: 'http://203.0.114.10/hook', events: ['project.created'] },
    });
    expect(res.body).toEqual({ error: 'url: Only https:// addresses can receive webhooks', code: 'WEBHOOK_URL_REFUSED' });
  });
});

describe('delivering', () => {
  it('signs each delivery like Stripe’s and records the attempt', async () => {
    const { webhook, secret } = await subscribe('/ok', ['project.created']);
    const projectId = await newProject();
    const [request] = await eventually('the delivery', () => receivedAt('/ok').length > 0 && receivedAt('/ok'));
    expect(request!.headers['content-type']).toBe('application/json');
    const { t: signedAt } = verifySignature(request!.headers['agency-signature'], request!.body, secret);
    expect(Math.abs(signedAt - t.clock.now().getTime() / 1000)).toBeLessThan(300);
    expect(() => verifySignature(request!.headers['agency-signature'], `${request!.body} `, secret)).toThrow('does not match');
    const body = JSON.parse(request!.body);
    expect(body).toEqual({
      id: expect.stringMatching(/^evt_/),
      type: 'project.created',
      created_at: expect.any(String),
      data: { project_id: projectId, client_id: client.user.id },
    });

    const [delivery] = await eventually('the delivery settled', async () => {
      const items = await deliveries(webhook.id);
      return items[0]?.status === 'succeeded' && items;
    });
    expect(delivery).toMatchObject({ event_id: body.id, event: 'project.created', status: 'succeeded', next_attempt_at: null });
    expect(delivery!.attempts).toHaveLength(1);
    expect(delivery!.attempts[0]).toMatchObject({ status_code: 200, error: null, response: 'k'.repeat(1024) });
    expect(delivery!.attempts[0]!.duration_ms).toBeGreaterThanOrEqual(0);
    must(await call(t.app, 'DELETE', `/webhooks/${webhook.id}`, { token: superadmin.token }), 204, 'unsubscribe');
  });

  it('tells the super admin’s endpoint of messages', async () => {
    const { webhook, secret } = await subscribe('/messages', ['message.sent']);
    const projectId = await newProject('Talk about it');
    const sent = await call(t.app, 'POST', '/client/send-message', {
      token: client.token,
      body: {
        sender_id: client.user.id,
        receiver_id: superadmin.user.id,
        conversation_id: `${projectId}:${client.user.id}`,
        message_content: 'Hello',
      },
    });
    const messageId = String(must(sent, 201, 'send').body.message.id);
    const [request] = await eventually('the message event', () => receivedAt('/messages').length > 0 && receivedAt('/messages'));
    verifySignature(request!.headers['agency-signature'], request!.body, secret);
    expect(JSON.parse(request!.body)).toMatchObject({ type: 'message.sent', data: { message_id: messageId, sender_id: client.user.id } });
    must(await call(t.app, 'DELETE', `/webhooks/${webhook.id}`, { token: superadmin.token }), 204, 'unsubscribe');
  });

  it('retries a failing endpoint with the same event until it answers', async () => {
    const { webhook, secret } = await subscribe('/flaky', ['project.created']);
    await newProject();
    const [delivery] = await eventually(
      'the third attempt',
      async () => {
        const items = await deliveries(webhook.id);
        return items[0]?.status === 'succeeded' && items;
      },
      30_000,
    );
    expect(delivery!.attempts.map((a) => a.status_code)).toEqual([500, 500, 200]);
    expect(delivery!.attempts.map((a) => a.response)).toEqual(['try later', 'try later', 'k'.repeat(1024)]);
    expect(delivery!.attempts[0]!.error).toBe('The endpoint answered 500');
    const requests = receivedAt('/flaky');
    expect(requests).toHaveLength(3);
    for (const r of requests) {
      verifySignature(r.headers['agency-signature'], r.body, secret);
      expect(JSON.parse(r.body).id).toBe(delivery!.event_id);
    }
    must(await call(t.app, 'DELETE', `/webhooks/${webhook.id}`, { token: superadmin.token }), 204, 'unsubscribe');
  });

  it('gives up on an endpoint that does not answer within 5 s', async () => {
    const { webhook } = await subscribe('/silent', ['project.created']);
    await newProject();
    const [delivery] = await eventually('the timed-out attempt', async () => {
      const items = await deliveries(webhook.id);
      return (items[0]?.attempts.length ?? 0) > 0 && items;
    });
    expect(delivery!.attempts[0]).toMatchObject({ status_code: null, response: '', error: 'No answer within 5 s' });
    expect(delivery!.attempts[0]!.duration_ms).toBeGreaterThanOrEqual(4900);
    must(await call(t.app, 'DELETE', `/webhooks/${webhook.id}`, { token: superadmin.token }), 204, 'unsubscribe');
  }, 30_000);

  it('checks the address again at each delivery and never connects to a private one', async () => {
    // An endpoint whose name now resolves somewhere private is refused the same way: the check runs on the address.
    const [hook] = await t.app.ctx.db
      .insert(webhooks)
      .values({
        ownerId: Number(superadmin.user.id),
        url: 'https://169.254.169.254/latest/meta-data',
        events: ['project.created'],
        secret: 'whsec_x',
      })
      .returning();
    await newProject();
    const [delivery] = await eventually('the refused attempt', async () => {
      const items = await deliveries(String(hook!.id));
      return (items[0]?.attempts.length ?? 0) > 0 && items;
    });
    expect(delivery!.attempts[0]).toMatchObject({ status_code: null, duration_ms: 0 });
    expect(delivery!.attempts[0]!.error).toContain('Refused: 169.254.169.254 resolves to 169.254.169.254');
    must(await call(t.app, 'DELETE', `/webhooks/${hook!.id}`, { token: superadmin.token }), 204, 'unsubscribe');
  });

  it('never sends a payload over 256 KB', async () => {
    const { webhook } = await subscribe('/big', ['project.created']);
    const now = t.clock.now();
    const [delivery] = await t.app.ctx.db
      .insert(webhookDeliveries)
      .values({
        webhookId: Number(webhook.id),
        eventId: 'evt_big',
        eventType: 'project.created',
        payload: JSON.stringify({ data: 'x'.repeat(256 * 1024) }),
        status: 'failed',
        startedAt: now,
        createdAt: now,
      })
      .returning();
    must(await call(t.app, 'POST', `/webhooks/${webhook.id}/deliveries/${delivery!.id}/replay`, { token: superadmin.token }), 202, 'replay');
    const [shown] = await eventually('the refused attempt', async () => {
      const items = await deliveries(webhook.id);
      return (items[0]?.attempts.length ?? 0) > 0 && items;
    });
    expect(shown!.attempts[0]).toMatchObject({ status_code: null, error: 'The payload is over 256 KB' });
    expect(receivedAt('/big')).toHaveLength(0);
    must(await call(t.app, 'DELETE', `/webhooks/${webhook.id}`, { token: superadmin.token }), 204, 'unsubscribe');
  });

  it('stops at once when the endpoint is removed', async () => {
    const { webhook } = await subscribe('/removed', ['project.created']);
    must(await call(t.app, 'DELETE', `/webhooks/${webhook.id}`, { token: superadmin.token }), 204, 'unsubscribe');
    await newProject();
    const gone = await call(t.app, 'GET', `/webhooks/${webhook.id}/deliveries`, { token: superadmin.token });
    expect(gone.body).toEqual({ error: 'No such webhook', code: 'NOT_FOUND' });
    const again = await call(t.app, 'DELETE', `/webhooks/${webhook.id}`, { token: superadmin.token });
    expect(again.status).toBe(404);
    const rows = await t.app.ctx.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, Number(webhook.id)));
    expect(rows).toHaveLength(0);
  });
});

describe('an endpoint failing for 24 hours', () => {
  it('is disabled, its owner told, and a replay brings it back', async () => {
    receiver.state.downAnswers = 503;
    const { webhook, secret } = await subscribe('/down', ['project.created'], admin.token);
    await newProject();
    const [first] = await eventually('the first failed attempt', async () => {
      const items = await deliveries(webhook.id);
      return (items[0]?.attempts.length ?? 0) > 0 && items;
    });
    expect(first).toMatchObject({ status: 'pending' });
    expect(first!.attempts[0]).toMatchObject({ status_code: 503, response: 'down for maintenance' });

    t.clock.advance(24 * 60 * 60_000 + 60_000);
    const [failed] = await eventually(
      'the delivery given up',
      async () => {
        const items = await deliveries(webhook.id);
        return items[0]?.status === 'failed' && items;
      },
      30_000,
    );
    expect(failed!.next_attempt_at).toBeNull();
    const listed = must(await call(t.app, 'GET', '/webhooks', { token: admin.token }), 200, 'list').body.items.find(
      (w: { id: string }) => w.id === webhook.id,
    );
    expect(listed).toMatchObject({ active: false, disabled_at: t.clock.now().toISOString() });

    const notes = must(await call(t.app, 'GET', '/notifications', { token: admin.token }), 200, 'notifications').body.items;
    expect(notes.find((n: { kind: string }) => n.kind === 'account_webhook_disabled')).toMatchObject({
      title: 'A webhook endpoint was disabled',
      body: expect.stringContaining(receiver.url('/down')),
    });
    await deliveredMails(t, admin.user.email, 1, (m) => m.subject.includes('A webhook endpoint was disabled'));
    const [audit] = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'webhook.disabled'), eq(auditLog.entityId, webhook.id)));
    expect(audit).toMatchObject({ actorId: null, entityType: 'webhook' });

    // Disabled: a new event is not delivered to it.
    const before = receivedAt('/down').length;
    await newProject();
    expect((await deliveries(webhook.id)).length).toBe(1);

    receiver.state.downAnswers = 200;
    must(await call(t.app, 'POST', `/webhooks/${webhook.id}/deliveries/${failed!.id}/replay`, { token: superadmin.token }), 202, 'replay');
    const [replayed] = await eventually('the replay', async () => {
      const items = await deliveries(webhook.id);
      return items[0]?.status === 'succeeded' && items;
    });
    expect(replayed!.attempts.map((a) => a.status_code)).toEqual([503, 503, 200]);
    const last = receivedAt('/down').at(-1)!;
    expect(receivedAt('/down').length).toBe(before + 1);
    verifySignature(last.headers['agency-signature'], last.body, secret);
    expect(JSON.parse(last.body).id).toBe(failed!.event_id);
    const back = must(await call(t.app, 'GET', '/webhooks', { token: admin.token }), 200, 'list').body.items.find(
      (w: { id: string }) => w.id === webhook.id,
    );
    expect(back).toMatchObject({ active: true, disabled_at: null });
    must(await call(t.app, 'DELETE', `/webhooks/${webhook.id}`, { token: admin.token }), 204, 'unsubscribe');
  }, 60_000);

  it('answers 404 for a delivery of another endpoint', async () => {
    const one = await subscribe('/one', ['contract.signed']);
    const two = await subscribe('/two', ['contract.signed']);
    const now = t.clock.now();
    const [delivery] = await t.app.ctx.db
      .insert(webhookDeliveries)
      .values({
        webhookId: Number(two.webhook.id),
        eventId: 'evt_two',
        eventType: 'contract.signed',
        payload: '{}',
        status: 'failed',
        startedAt: now,
        createdAt: now,
      })
      .returning();
    const res = await call(t.app, 'POST', `/webhooks/${one.webhook.id}/deliveries/${delivery!.id}/replay`, { token: superadmin.token });
    expect(res.body).toEqual({ error: 'No such delivery', code: 'NOT_FOUND' });
    for (const w of [one, two]) must(await call(t.app, 'DELETE', `/webhooks/${w.webhook.id}`, { token: superadmin.token }), 204, 'unsubscribe');
  });
});

describe('without WEBHOOKS_ALLOW_LOOPBACK', () => {
  let strict: TestApp;
  let owner: AuthResponse;
  beforeAll(async () => {
    strict = await createTestApp();
    owner = await signupSuperadmin(strict.app);
  });
  afterAll(async () => strict.close());

  it.each([
    ['http://127.0.0.1:8080/hook', '127.0.0.1'],
    ['https://127.0.0.1/hook', '127.0.0.1'],
    ['https://127.1.2.3/hook', '127.1.2.3'],
    ['https://[::1]/hook', '::1'],
    ['https://localhost/hook', 'localhost resolves to'],
    ['https://0.0.0.0/hook', '0.0.0.0'],
  ])('refuses the loopback address %s', async (url, reason) => {
    const res = await call(strict.app, 'POST', '/webhooks', { token: owner.token, body: { url, events: ['project.created'] } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('WEBHOOK_URL_REFUSED');
    expect(res.body.error).toContain(reason);
    const list = must(await call(strict.app, 'GET', '/webhooks', { token: owner.token }), 200, 'list');
    expect(list.body.items).toEqual([]);
  });
});

describe('old deliveries', () => {
  it('are pruned with their attempts after 30 days by the daily job; newer and replayed ones stay', async () => {
    const { webhook } = await subscribe('/ok', ['project.created']);
    const now = t.clock.now().getTime();
    const at = (days: number) => new Date(now - days * 86_400_000);
    const insert = async (eventId: string, status: 'succeeded' | 'failed' | 'pending', created: Date, started: Date) => {
      const [row] = await t.app.ctx.db
        .insert(webhookDeliveries)
        .values({
          webhookId: Number(webhook.id),
          eventId,
          eventType: 'project.created',
          payload: '{}',
          status,
          startedAt: started,
          createdAt: created,
        })
        .returning();
      await t.app.ctx.db.insert(webhookAttempts).values({ deliveryId: row!.id, at: started, statusCode: 200, durationMs: 5, response: 'ok' });
      return row!.id;
    };
    const old = await insert('evt_old', 'succeeded', at(31), at(31));
    const oldFailed = await insert('evt_old_failed', 'failed', at(45), at(44));
    const recent = await insert('evt_recent', 'succeeded', at(29), at(29));
    // Replayed yesterday: its history is kept with it.
    const replayed = await insert('evt_replayed', 'succeeded', at(60), at(1));

    await t.app.ctx.jobs.send(WEBHOOK_PRUNE_QUEUE, {});
    const left = await eventually('the old deliveries pruned', async () => {
      const rows = await t.app.ctx.db
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.webhookId, Number(webhook.id)));
      const ids = rows.map((r) => r.id);
      return !ids.includes(old) && !ids.includes(oldFailed) && ids;
    });
    expect(left.sort()).toEqual([recent, replayed].sort());
    const attempts = await t.app.ctx.db
      .select({ deliveryId: webhookAttempts.deliveryId })
      .from(webhookAttempts)
      .where(inArray(webhookAttempts.deliveryId, [old, oldFailed, recent, replayed]));
    expect(attempts.map((a) => a.deliveryId).sort()).toEqual([recent, replayed].sort());
    // The owner's list says the same.
    const listed = must(await call(t.app, 'GET', `/webhooks/${webhook.id}/deliveries`, { token: superadmin.token }), 200, 'deliveries');
    expect(listed.body.items.map((d: { event_id: string }) => d.event_id).sort()).toEqual(['evt_recent', 'evt_replayed']);
    must(await call(t.app, 'DELETE', `/webhooks/${webhook.id}`, { token: superadmin.token }), 204, 'unsubscribe');
  });
});

describe('secrets at rest', () => {
  const storedSecret = async (id: string) =>
    (
      await t.app.ctx.db
        .select({ secret: webhooks.secret })
        .from(webhooks)
        .where(eq(webhooks.id, Number(id)))
    )[0]!.secret;

  it('keeps the secret encrypted in the database, and deliveries are still signed with it', async () => {
    const { webhook, secret } = await subscribe('/sealed', ['project.created']);
    const stored = await storedSecret(webhook.id);
    expect(stored).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+$/);
    expect(stored).not.toContain(secret.slice('whsec_'.length, 20));
    await newProject('Sealed secret project');
    const [request] = await eventually('the delivery', () => receivedAt('/sealed').length > 0 && receivedAt('/sealed'));
    verifySignature(request!.headers['agency-signature'], request!.body, secret);
    must(await call(t.app, 'DELETE', `/webhooks/${webhook.id}`, { token: superadmin.token }), 204, 'unsubscribe');
  });

  it('signs with a secret stored before encryption, and stores it encrypted from then on', async () => {
    const { webhook } = await subscribe('/legacy', ['project.created']);
    const legacy = `whsec_${crypto.randomBytes(32).toString('base64url')}`;
    await t.app.ctx.db
      .update(webhooks)
      .set({ secret: legacy })
      .where(eq(webhooks.id, Number(webhook.id)));
    await newProject('Legacy secret project');
    const [request] = await eventually('the delivery', () => receivedAt('/legacy').length > 0 && receivedAt('/legacy'));
    verifySignature(request!.headers['agency-signature'], request!.body, legacy);
    const stored = await eventually('the secret encrypted', async () => {
      const now = await storedSecret(webhook.id);
      return now.startsWith('v1.') && now;
    });
    expect(stored).not.toContain(legacy.slice('whsec_'.length));
    must(await call(t.app, 'DELETE', `/webhooks/${webhook.id}`, { token: superadmin.token }), 204, 'unsubscribe');
  });
});
