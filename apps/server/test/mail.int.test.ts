import net from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { mailOutbox } from '../src/db/schema.js';
import { call, createTestApp, signupSuperadmin, uniqueEmail, type TestApp } from './helpers.js';

type Received = { to: string[]; raw: string };

/** A real SMTP peer on loopback that records what it is sent; `refuse` answers the first N recipients with a temporary failure. */
async function startSmtp(options: { port?: number; refuse?: number } = {}) {
  const received: Received[] = [];
  let refusals = options.refuse ?? 0;
  const config: SMTPServerOptions = {
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refusals > 0) {
        refusals -= 1;
        const err = Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 });
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  };
  const server = new SMTPServer(config);
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as net.AddressInfo).port;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function freePort() {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const port = (probe.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 45_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The outbox row of the mail to `email`, once the job has recorded it as sent. */
async function sentRow(t: TestApp, email: string) {
  return waitFor(`the mail to ${email} recorded as sent`, async () => {
    const [row] = await t.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    return row?.sentAt ? row : undefined;
  });
}

const smtpEnv = (port: number) => ({
  MAIL_TRANSPORT: 'smtp',
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: String(port),
  JOB_POLL_SECONDS: '0.5',
  MAIL_RETRY_DELAY_SECONDS: '1',
});

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});
afterAll(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function appWith(env: Record<string, string>): Promise<TestApp> {
  const t = await createTestApp(env);
  cleanups.push(() => t.close());
  return t;
}

async function invite(t: TestApp, email: string) {
  const owner = await signupSuperadmin(t.app);
  const res = await call(t.app, 'POST', '/invitations', { token: owner.token, body: { email, role: 'admin' } });
  expect(res.status).toBe(201);
  return res.body.link as string;
}

describe('mail over SMTP, delivered by the job runner', { timeout: 120_000 }, () => {
  it('delivers an invitation to a real SMTP peer after the request has answered', async () => {
    const smtp = await startSmtp();
    cleanups.push(smtp.close);
    const t = await appWith(smtpEnv(smtp.port));
    const email = uniqueEmail('smtp');
    const link = await invite(t, email);
    const mail = await waitFor('the invitation mail', () => smtp.received.find((m) => m.to.includes(email)));
    expect(mail.raw).toContain('Subject: You are invited to join');
    expect(mail.raw.replace(/=\r\n/g, '')).toContain(new URL(link).searchParams.get('token')!.slice(0, 20));
    // The peer has the mail; the job records it as sent right after the peer's answer.
    const row = await sentRow(t, email);
    expect(row.attempts).toBe(1);
  });

  it('retries with backoff when the server refuses, and delivers once it accepts', async () => {
    const smtp = await startSmtp({ refuse: 2 });
    cleanups.push(smtp.close);
    const t = await appWith(smtpEnv(smtp.port));
    const email = uniqueEmail('retry');
    await invite(t, email);
    await waitFor('the mail after two refusals', () => smtp.received.find((m) => m.to.includes(email)), 60_000);
    const row = await sentRow(t, email);
    expect(row.attempts).toBe(3);
    expect(row.error).toBeNull();
    expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(1);
  });

  it('never fails the request while no SMTP server answers, and delivers when one comes up', async () => {
    const port = await freePort();
    const t = await appWith(smtpEnv(port));
    const email = uniqueEmail('down');
    await invite(t, email);
    const failed = await waitFor('a failed attempt', async () => {
      const [row] = await t.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
      return row && row.attempts >= 1 && row.error ? row : undefined;
    });
    expect(failed.sentAt).toBeNull();
    const smtp = await startSmtp({ port });
    cleanups.push(smtp.close);
    await waitFor('the delayed mail', () => smtp.received.find((m) => m.to.includes(email)), 60_000);
  });
});
