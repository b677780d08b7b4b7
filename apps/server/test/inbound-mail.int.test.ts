import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../src/db/schema.js';
import { startInboundSmtp } from '../src/modules/inbound-mail/smtp.js';
import { replyAddressFor } from '../src/modules/inbound-mail/reply-tokens.js';
import { call, createTestApp, deliveredMails, inviteColleague, signInEveryRole, type TestApp } from './helpers.js';

const SECRET = 'inbound-secret-0123456789';
const DOMAIN = 'reply.brightline.test';
const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'inbound-mail');

let t: TestApp;
let who: Awaited<ReturnType<typeof signInEveryRole>>;
let conversationId: string;
let replyTo: string;
let smtp: Awaited<ReturnType<typeof startInboundSmtp>>;
const TITLE = 'Logo refresh';

function fixture(name: string, vars: Record<string, string>) {
  let text = fs.readFileSync(path.join(FIXTURES, name), 'utf8');
  for (const [k, v] of Object.entries(vars)) text = text.replaceAll(`{{${k}}}`, v);
  return text.replace(/\r?\n/g, '\r\n');
}

async function thread() {
  const res = await call(t.app, 'GET', '/client/messages/thread', { token: who.client.token, query: { conversation_id: conversationId } });
  expect(res.status).toBe(200);
  return res.body.messages as { id: number; sender_id: string; message_content: string; via?: string; message_attachments: { name: string }[] }[];
}

async function postRaw(raw: string, secret: string | null = SECRET) {
  return call(t.app, 'POST', '/inbound-email', {
    headers: { 'content-type': 'message/rfc822', ...(secret ? { authorization: `Bearer ${secret}` } : {}) },
    body: raw,
  });
}

function plainMail(from: string, to: string, text: string, subject = 'Re: hello') {
  return `From: ${from}\r\nTo: ${to}\r\nSubject: ${subject}\r\nMessage-ID: <${Math.random()}@x.example>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${text}\r\n`;
}

beforeAll(async () => {
  t = await createTestApp({ INBOUND_EMAIL_DOMAIN: DOMAIN, INBOUND_EMAIL_SECRET: SECRET, MESSAGE_EMAIL_DELAY_MINUTES: '0.02' });
  who = await signInEveryRole(t.app);
  const project = await call(t.app, 'POST', '/projects', { token: who.client.token, body: { title: TITLE, description: 'A new logo.' } });
  conversationId = `${project.body.project.id}:${who.client.user.id}`;
  const sent = await call(t.app, 'POST', '/superadmin/send-message', {
    token: who.superadmin.token,
    body: {
      sender_id: who.superadmin.user.id,
      receiver_id: who.client.user.id,
      conversation_id: conversationId,
      message_content: `Here is the first draft of the logo. ${'x'.repeat(2100)}`,
      message_attachments: [{ name: 'draft-1.pdf', data: `data:application/pdf;base64,${Buffer.from('%PDF-1.4\n').toString('base64')}` }],
    },
  });
  expect(sent.status).toBe(201);
  t.clock.advance(60_000);
  const [mail] = await deliveredMails(t, who.client.user.email, 1, (m) => m.subject.includes(TITLE));
  replyTo = mail.replyTo!;
  smtp = await startInboundSmtp(t.app.ctx, t.app.services.inboundMail, 0, '127.0.0.1');
});
afterAll(async () => {
  await smtp?.close();
  await t.close();
});

describe('the e-mail about a new message', () => {
  it('quotes the message (its first 2,000 characters) and its attachments, with a signed reply address of this person', async () => {
    const [mail] = await deliveredMails(t, who.client.user.email, 1, (m) => m.subject.includes(TITLE));
    expect(mail.text).toContain('Here is the first draft of the logo.');
    expect(mail.text).toContain(`${'x'.repeat(2000 - 'Here is the first draft of the logo. '.length)}…`);
    expect(mail.text).not.toContain('x'.repeat(2001));
    expect(mail.text).toContain('Attachments: draft-1.pdf');
    expect(replyTo).toMatch(new RegExp(`^reply\\+\\d+-[0-9a-f]{32}@${DOMAIN.replaceAll('.', '\\.')}$`));
  });
});

describe('a reply sent to the SMTP listener', () => {
  const transport = () => nodemailer.createTransport({ host: '127.0.0.1', port: smtp.port, secure: false, ignoreTLS: true });
  const cases = [
    { file: 'gmail.eml', text: 'Thanks, the new logo looks great. Sketch attached.', files: ['sketch.png'] },
    { file: 'outlook.eml', text: 'Hello,\n\nPlease use the darker blue from the brand book.\n\nRegards,\nPat', files: ['brand-book.pdf'] },
    { file: 'apple-mail.eml', text: 'Can we meet on Friday to go through it?', files: [] },
  ];
  for (const c of cases) {
    it(`lands in the thread as its owner, without the quoted history (${c.file})`, async () => {
      const raw = fixture(c.file, { FROM: who.client.user.email, FROM_NAME: who.client.user.name, TO: replyTo, TITLE });
      await transport().sendMail({ envelope: { from: who.client.user.email, to: [replyTo] }, raw });
      const last = (await thread()).at(-1)!;
      expect(last).toMatchObject({ sender_id: who.client.user.id, message_content: c.text, via: 'email' });
      expect(last.message_attachments.map((a) => a.name)).toEqual(c.files);
      expect(last.message_content).not.toContain('wrote:');
    });
  }

  it('refuses at RCPT an address that is not a reply address of this domain', async () => {
    const raw = plainMail(who.client.user.email, `hello@${DOMAIN}`, 'hi');
    await expect(transport().sendMail({ envelope: { from: who.client.user.email, to: [`hello@${DOMAIN}`] }, raw })).rejects.toThrow(/550/);
    await expect(transport().sendMail({ envelope: { from: who.client.user.email, to: ['reply+1-00@elsewhere.example'] }, raw })).rejects.toThrow(
      /550/,
    );
  });

  it('refuses a mail over the size limit', async () => {
    const big = await createTestApp({ INBOUND_EMAIL_DOMAIN: DOMAIN, INBOUND_EMAIL_MAX_MB: '0.01' });
    const listener = await startInboundSmtp(big.app.ctx, big.app.services.inboundMail, 0, '127.0.0.1');
    try {
      const raw = plainMail('a@x.example', replyTo, 'y'.repeat(20_000));
      const small = nodemailer.createTransport({ host: '127.0.0.1', port: listener.port, secure: false, ignoreTLS: true });
      await expect(small.sendMail({ envelope: { from: 'a@x.example', to: [replyTo] }, raw })).rejects.toThrow(/552|size/i);
    } finally {
      await listener.close();
      await big.close();
    }
  });
});

describe('POST /api/inbound-email', () => {
  it('posts a reply given the right secret, as a bearer or a header', async () => {
    const res = await postRaw(plainMail(who.client.user.email, replyTo, 'Through the webhook.\n\nOn Fri, 27 Nov 2026, Studio wrote:\n> x'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'posted', conversation_id: conversationId });
    expect((await thread()).at(-1)).toMatchObject({ message_content: 'Through the webhook.', via: 'email' });
    const viaHeader = await call(t.app, 'POST', '/inbound-email', {
      headers: { 'content-type': 'text/plain', 'x-inbound-secret': SECRET },
      body: plainMail(who.client.user.email, replyTo, 'Through the header.'),
    });
    expect(viaHeader.body).toMatchObject({ status: 'posted' });
  });

  it('answers 401 to a missing or wrong secret, and posts nothing', async () => {
    const before = (await thread()).length;
    const wrong = await postRaw(plainMail(who.client.user.email, replyTo, 'Sneaky'), 'not-the-secret-000000');
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('UNAUTHENTICATED');
    expect((await postRaw(plainMail(who.client.user.email, replyTo, 'Sneaky'), null)).status).toBe(401);
    expect(await thread()).toHaveLength(before);
  });

  it('refuses an unknown or forged token: nothing posted, one bounce to the sender', async () => {
    const before = (await thread()).length;
    const sender = 'stranger@outside.example';
    const forged = replyTo.replace(/-([0-9a-f])/, (_m, c: string) => `-${c === 'a' ? 'b' : 'a'}`);
    const res = await postRaw(plainMail(sender, forged, 'Let me in'));
    expect(res.body).toEqual({ status: 'refused', reason: 'unknown_address' });
    expect((await postRaw(plainMail(sender, `reply+999999-${'0'.repeat(32)}@${DOMAIN}`, 'Hi'))).body.reason).toBe('unknown_address');
    expect(await thread()).toHaveLength(before);
    const bounces = await deliveredMails(t, sender, 2, (m) => m.subject.startsWith('Not delivered'));
    expect(bounces[0].text).toContain('The reply address is not known or no longer works');
  });

  it('refuses a spoofed From: nothing posted, exactly one bounce explaining why', async () => {
    const before = (await thread()).length;
    const spoofer = 'spoofer@outside.example';
    const res = await postRaw(plainMail(spoofer, replyTo, 'Pay to my account instead'));
    expect(res.body).toEqual({ status: 'refused', reason: 'wrong_sender' });
    expect(await thread()).toHaveLength(before);
    const [bounce] = await deliveredMails(t, spoofer, 1, (m) => m.subject.startsWith('Not delivered'));
    expect(bounce.text).toContain('It came from an address other than the one the message was sent to');
    await new Promise((r) => setTimeout(r, 300));
    expect(t.delivered.filter((m) => m.to === spoofer)).toHaveLength(1);
    const stored = await t.app.ctx.db.select().from(messages).where(eq(messages.content, 'Pay to my account instead'));
    expect(stored).toHaveLength(0);
  });

  it('never bounces a flood: a sender gets at most INBOUND_BOUNCES_PER_HOUR bounces, and automatic mail none', async () => {
    const flooder = 'flood@outside.example';
    for (let i = 0; i < 8; i++) expect((await postRaw(plainMail(flooder, replyTo, `spam ${i}`))).body.status).toBe('refused');
    const auto = `Auto-Submitted: auto-replied\r\n${plainMail('robot@outside.example', replyTo, 'I am away')}`;
    expect((await postRaw(auto)).body.status).toBe('refused');
    await deliveredMails(t, flooder, 3, (m) => m.subject.startsWith('Not delivered'));
    await new Promise((r) => setTimeout(r, 500));
    expect(t.delivered.filter((m) => m.to === flooder)).toHaveLength(3);
    expect(t.delivered.filter((m) => m.to === 'robot@outside.example')).toHaveLength(0);
  });

  it("refuses a removed person's reply: nothing posted, one bounce", async () => {
    // A colleague of the client's company gets the thread's e-mails, then the owner removes them from the company.
    const colleague = await inviteColleague(t.app, who.client.token, 'member');
    const address = await t.app.ctx.transaction((tx) => replyAddressFor(t.app.ctx, tx, conversationId, Number(colleague.user.id)));
    expect((await postRaw(plainMail(colleague.user.email, address!, 'Before leaving.'))).body.status).toBe('posted');
    const removed = await call(t.app, 'DELETE', `/company/members/${colleague.user.id}`, { token: who.client.token });
    expect(removed.status).toBe(204);
    const before = (await thread()).length;
    const res = await postRaw(plainMail(colleague.user.email, address!, 'Still here?'));
    expect(res.body).toEqual({ status: 'refused', reason: 'removed' });
    expect(await thread()).toHaveLength(before);
    const [bounce] = await deliveredMails(t, colleague.user.email, 1, (m) => m.subject.startsWith('Not delivered'));
    expect(bounce.text).toContain('You no longer have access to this conversation');
  });
});
