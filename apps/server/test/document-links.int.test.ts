import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, contractSignatures } from '../src/db/schema.js';
import { approvedProject, freshContract, PNG_DATA_URL, signInPeople, tempDataDir, type People } from './contract-support.js';
import { call, createTestApp, deliveredMails, login, type TestApp } from './helpers.js';
import { sentInvoice } from './invoice-helpers.js';
import { sentProposal } from './proposal-support.js';

let t: TestApp;
let who: People;
let projectId: string;

const PHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148';

/** The /d/<token> link of the newest mail to `to` about `subject` and this document (`contract/4`). */
async function linkTo(to: string, subject: string, document: string, count = 1) {
  const mails = await deliveredMails(
    t,
    to,
    count,
    (m) => m.subject.includes(subject) && m.text.split(/\s/).includes(`http://app.test/go/${document}`),
  );
  const match = /\/d\/([A-Za-z0-9._-]+)/.exec(mails.at(-1)!.text);
  expect(match, 'the e-mail carries a one-tap link').not.toBeNull();
  return match![1];
}

async function redeem(token: string) {
  return call(t.app, 'POST', '/document-links/redeem', { body: { token }, headers: { 'user-agent': PHONE_UA } });
}

async function scopedSession(token: string): Promise<string> {
  const res = await redeem(token);
  expect(res.status, res.text).toBe(200);
  return res.body.session_token;
}

const isCodeMail = (m: { subject: string }) => m.subject.startsWith('Your signing code');

/** Asks for a signing code on a scoped session and reads it from the mail to the client that follows. */
async function askCode(scoped: string) {
  const before = t.delivered.filter((m) => m.to === who.client.user.email && isCodeMail(m)).length;
  const asked = await call(t.app, 'POST', '/document-links/code', { token: scoped });
  expect(asked.status).toBe(202);
  const mails = await deliveredMails(t, who.client.user.email, before + 1, isCodeMail);
  return /(\d{6})/.exec(mails.at(-1)!.subject)![1];
}

beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: tempDataDir(), DOCUMENT_LINK_TTL_DAYS: '14' });
  who = await signInPeople(t.app);
  projectId = (await approvedProject(t.app, who, 'Linked website')).id;
});
afterAll(async () => t.close());

describe('a contract opened from its e-mail', () => {
  let contractId: string;
  let token: string;

  beforeAll(async () => {
    contractId = (await freshContract(t.app, who.superadmin.token, projectId, 'client', who.client.user.id)).id;
    token = await linkTo(who.client.user.email, 'A contract is ready to sign', `contract/${contractId}`);
  });

  it('redeems for a session that reaches that contract, and nothing else (401)', async () => {
    const res = await redeem(token);
    expect(res.status, res.text).toBe(200);
    expect(res.body.document).toEqual({ kind: 'contract', id: contractId });
    const scoped = res.body.session_token;
    expect((await call(t.app, 'GET', `/contracts/${contractId}`, { token: scoped })).status).toBe(200);
    expect((await call(t.app, 'GET', `/contracts/${contractId}/pdf`, { token: scoped })).status).toBe(200);
    expect((await call(t.app, 'GET', '/document-links/current', { token: scoped })).body).toEqual({
      document: { kind: 'contract', id: contractId },
      code_required_to_sign: true,
    });
    for (const [method, path] of [
      ['GET', '/projects'],
      ['GET', `/projects/${projectId}`],
      ['GET', '/contracts'],
      ['GET', '/invoices'],
      ['GET', '/company'],
      ['GET', `/contracts/${Number(contractId) + 1000}`],
      ['GET', `/contracts/${contractId}/audit`],
      ['GET', '/notifications'],
      ['POST', '/account/password'],
    ] as const) {
      const other = await call(t.app, method, path, { token: scoped });
      expect(other.status, `${method} ${path}`).toBe(401);
      expect(other.body.code).toBe('UNAUTHENTICATED');
    }
  });

  it('records "opened from e-mail link" with the address and user agent', async () => {
    const rows = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'document_link.opened'), eq(auditLog.entityType, 'contract'), eq(auditLog.entityId, contractId)));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0].actorId).toBe(Number(who.client.user.id));
    expect(rows[0].ip).toBeTruthy();
    expect(rows[0].after).toMatchObject({ user_agent: PHONE_UA });
  });

  it('asks for the code e-mailed to the addressee before signing, and the certificate says how the signer was identified', async () => {
    const scoped = await scopedSession(token);
    const body = { signature_name: 'Clara Client', signature_image: PNG_DATA_URL, agree: true };
    const without = await call(t.app, 'POST', `/contracts/${contractId}/sign`, { token: scoped, body });
    expect(without.status).toBe(422);
    expect(without.body.error).toContain('code');
    const code = await askCode(scoped);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const bad = await call(t.app, 'POST', `/contracts/${contractId}/sign`, { token: scoped, body: { ...body, code: wrong } });
    expect(bad.status).toBe(422);
    const signed = await call(t.app, 'POST', `/contracts/${contractId}/sign`, { token: scoped, body: { ...body, code } });
    expect(signed.status, signed.text).toBe(200);
    expect(signed.body.contract.status).toBe('signed');
    const [signature] = await t.app.ctx.db
      .select()
      .from(contractSignatures)
      .where(eq(contractSignatures.contractId, Number(contractId)));
    expect(signature.identifiedBy).toBe(`E-mail link to ${who.client.user.email}, confirmed with a one-time code sent to ${who.client.user.email}`);
  });

  it('a signed-in session asks for no code', async () => {
    const response = await call(t.app, 'POST', '/document-links/code', { token: who.client.token });
    expect(response.status).toBe(403);
  });
});

describe('a proposal opened from its e-mail', () => {
  async function linkedProposal(title: string) {
    const { proposal } = await sentProposal(t.app, who.superadmin.token, who.client.token, who.teamlead.user.id, title);
    const token = await linkTo(who.client.user.email, 'A proposal is waiting for your answer', `proposal/${proposal.id}`);
    return { id: proposal.id, scoped: await scopedSession(token) };
  }
  const acceptance = { signature_name: 'Clara Client', signature_image: PNG_DATA_URL, agree: true };

  it('can be viewed, its options ticked, and accepted with the code e-mailed to the addressee; nothing else', async () => {
    const { id, scoped } = await linkedProposal('Linked shop');
    expect((await call(t.app, 'GET', '/document-links/current', { token: scoped })).body).toEqual({
      document: { kind: 'proposal', id },
      code_required_to_sign: true,
    });
    expect((await call(t.app, 'POST', `/proposals/${id}/view`, { token: scoped })).status).toBe(200);
    const ticked = await call(t.app, 'POST', `/proposals/${id}/select`, { token: scoped, body: { item_ids: ['seo'] } });
    expect(ticked.status, ticked.text).toBe(200);
    // Design 10,000 + hosting 1,200 with 20 % tax (1,440) + SEO 2,500.
    expect(ticked.body.proposal.total).toBe(1_394_000);
    for (const [method, path] of [
      ['GET', '/proposals'],
      ['GET', `/proposals/${Number(id) + 1000}`],
      ['POST', `/proposals/${id}/send`],
      ['GET', '/projects'],
    ] as const) {
      expect((await call(t.app, method, path, { token: scoped })).status, `${method} ${path}`).toBe(401);
    }

    const without = await call(t.app, 'POST', `/proposals/${id}/accept`, { token: scoped, body: acceptance });
    expect(without.status).toBe(422);
    expect(without.body.error).toContain('code');
    const code = await askCode(scoped);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const bad = await call(t.app, 'POST', `/proposals/${id}/accept`, { token: scoped, body: { ...acceptance, code: wrong } });
    expect(bad.status).toBe(422);
    expect((await call(t.app, 'GET', `/proposals/${id}`, { token: scoped })).body.proposal.status).toBe('sent');

    const accepted = await call(t.app, 'POST', `/proposals/${id}/accept`, { token: scoped, body: { ...acceptance, code } });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body.proposal).toMatchObject({ status: 'accepted', total: 1_394_000, acceptance: { name: 'Clara Client', has_image: true } });
    expect(accepted.body.proposal.contract_id).not.toBeNull();
    // The contract it sent is reached from its own e-mail, not from this link.
    expect((await call(t.app, 'GET', `/contracts/${accepted.body.proposal.contract_id}`, { token: scoped })).status).toBe(401);
    await linkTo(who.client.user.email, 'A contract is ready to sign', `contract/${accepted.body.proposal.contract_id}`);
  });

  it('a code signs once', async () => {
    const first = await linkedProposal('Linked blog');
    const second = await linkedProposal('Linked app');
    const code = await askCode(first.scoped);
    const accepted = await call(t.app, 'POST', `/proposals/${first.id}/accept`, { token: first.scoped, body: { ...acceptance, code } });
    expect(accepted.status, accepted.text).toBe(200);
    // The same code on the other link's session is not that link's code.
    const other = await call(t.app, 'POST', `/proposals/${second.id}/accept`, { token: second.scoped, body: { ...acceptance, code } });
    expect(other.status).toBe(422);
    expect((await call(t.app, 'GET', `/proposals/${second.id}`, { token: second.scoped })).body.proposal.status).toBe('sent');
  });

  it('can be declined with a reason, without a code', async () => {
    const { id, scoped } = await linkedProposal('Linked intranet');
    const declined = await call(t.app, 'POST', `/proposals/${id}/decline`, { token: scoped, body: { reason: 'Not this year' } });
    expect(declined.status, declined.text).toBe(200);
    expect(declined.body.proposal).toMatchObject({ status: 'declined', decline_reason: 'Not this year' });
  });
});

describe('an invoice opened from its e-mail', () => {
  it('can be viewed and paid, and nothing else', async () => {
    const world = {
      owner: who.superadmin,
      admin: who.admin,
      lead: who.teamlead,
      member: who.teammember,
      client: who.client,
      otherClient: who.otherClient,
    };
    const invoice = await sentInvoice(t.app, world, projectId);
    const scoped = await scopedSession(await linkTo(who.client.user.email, `New invoice ${invoice.invoice_no}`, `invoice/${invoice.id}`));
    expect((await call(t.app, 'GET', `/invoices/${invoice.id}`, { token: scoped })).status).toBe(200);
    const checkout = await call(t.app, 'POST', `/invoices/${invoice.id}/checkout`, { token: scoped });
    expect(checkout.status, checkout.text).toBe(200);
    expect(checkout.body.url).toBeTruthy();
    expect((await call(t.app, 'GET', '/invoices', { token: scoped })).status).toBe(401);
    expect((await call(t.app, 'POST', `/invoices/${invoice.id}/void`, { token: scoped, body: { reason: 'x' } })).status).toBe(401);
  });
});

describe('the life of a link', () => {
  let contractId: string;

  beforeAll(async () => {
    const project = (await approvedProject(t.app, who, 'Second website')).id;
    contractId = (await freshContract(t.app, who.superadmin.token, project, 'client', who.client.user.id)).id;
  });

  it('refuses a forged or altered token', async () => {
    const token = await linkTo(who.client.user.email, 'A contract is ready to sign', `contract/${contractId}`);
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [altered, 'nonsense', `99999-${token.slice(token.indexOf('-') + 1)}`]) {
      const res = await redeem(bad);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('LINK_INVALID');
    }
  });

  /** A reminder's new link (the reminder revokes the one before). */
  async function remindedLink() {
    const before = t.delivered.filter((m) => m.to === who.client.user.email && m.subject.startsWith('Reminder: a contract')).length;
    expect((await call(t.app, 'POST', `/contracts/${contractId}/remind`, { token: who.superadmin.token })).status).toBe(200);
    return linkTo(who.client.user.email, 'Reminder: a contract', `contract/${contractId}`, before + 1);
  }

  it('ends when the person signs in with their password', async () => {
    const token = await remindedLink();
    const scoped = await scopedSession(token);
    expect((await login(t.app, who.client.user.email)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await call(t.app, 'GET', `/contracts/${contractId}`, { token: scoped })).status).toBe(401);
  });

  it('is revoked by a new send (a reminder carries the new link) and by staff', async () => {
    const first = await remindedLink();
    const scoped = await scopedSession(first);
    const second = await remindedLink();
    expect(second).not.toBe(first);
    expect((await redeem(first)).body.code).toBe('LINK_INVALID');
    expect((await call(t.app, 'GET', `/contracts/${contractId}`, { token: scoped })).status).toBe(401);

    const newer = await scopedSession(second);
    const list = await call(t.app, 'GET', '/document-links', { token: who.admin.token, query: { kind: 'contract', document_id: contractId } });
    expect(list.status).toBe(200);
    const live = list.body.items.filter((l: { active: boolean }) => l.active);
    expect(live).toHaveLength(1);
    expect((await call(t.app, 'DELETE', `/document-links/${live[0].id}`, { token: who.client.token })).status).toBe(403);
    expect((await call(t.app, 'DELETE', `/document-links/${live[0].id}`, { token: who.admin.token })).status).toBe(204);
    expect((await call(t.app, 'GET', `/contracts/${contractId}`, { token: newer })).status).toBe(401);
    expect((await redeem(second)).body.code).toBe('LINK_INVALID');
  });

  it('expires after DOCUMENT_LINK_TTL_DAYS, and its sessions with it', async () => {
    // A clock of its own: moving this app's clock would age every other test's links.
    const main = t;
    t = await createTestApp({ DATA_DIR: tempDataDir(), DOCUMENT_LINK_TTL_DAYS: '2' });
    try {
      const people = await signInPeople(t.app);
      const project = (await approvedProject(t.app, people, 'Expiring website')).id;
      const contract = (await freshContract(t.app, people.superadmin.token, project, 'client', people.client.user.id)).id;
      const token = await linkTo(people.client.user.email, 'A contract is ready to sign', `contract/${contract}`);
      const scoped = await scopedSession(token);
      t.clock.advance(86_400_000);
      expect((await call(t.app, 'GET', `/contracts/${contract}`, { token: scoped })).status).toBe(200);
      t.clock.advance(86_400_000 + 60_000);
      await new Promise((r) => setTimeout(r, 1100));
      expect((await redeem(token)).body.code).toBe('LINK_INVALID');
      expect((await call(t.app, 'GET', `/contracts/${contract}`, { token: scoped })).status).toBe(401);
    } finally {
      await t.close();
      t = main;
    }
  });
});
