import crypto from 'node:crypto';
import type { AuthResponse } from '@agency/schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTokens, auditLog } from '../src/db/schema.js';
import { PASSWORD, call, createTestApp, inviteAndSignup, inviteColleague, multipart, must, signInEveryRole, type TestApp } from './helpers.js';

let t: TestApp;
let people: Awaited<ReturnType<typeof signInEveryRole>> & { member: AuthResponse; billing: AuthResponse };

beforeAll(async () => {
  t = await createTestApp();
  const everyone = await signInEveryRole(t.app);
  const member = await inviteColleague(t.app, everyone.client.token, 'member');
  const billing = await inviteColleague(t.app, everyone.client.token, 'billing');
  people = { ...everyone, member, billing };
});
afterAll(async () => t.close());

async function createToken(session: string, scopes: string[], extra: Record<string, unknown> = {}) {
  const res = await call(t.app, 'POST', '/account/tokens', { token: session, body: { name: 'Script', scopes, ...extra } });
  return must(res, 201, 'create a token').body as {
    token: string;
    api_token: { id: string; name: string; scopes: string[]; last_used_at: string | null };
  };
}

describe('creating a token', () => {
  it('answers the secret once, and stores only its hash', async () => {
    const res = await call(t.app, 'POST', '/account/tokens', {
      token: people.client.token,
      body: { name: 'Accounting sync', scopes: ['projects:read', 'invoices:read'] },
    });
    expect(res.status).toBe(201);
    expect(res.body.token).toMatch(/^agt_[A-Za-z0-9_-]{43}$/);
    expect(res.body.api_token).toEqual({
      id: expect.any(String),
      name: 'Accounting sync',
      scopes: ['projects:read', 'invoices:read'],
      created_at: expect.any(String),
      expires_at: null,
      last_used_at: null,
    });
    const [row] = await t.app.ctx.db
      .select()
      .from(apiTokens)
      .where(eq(apiTokens.id, Number(res.body.api_token.id)));
    expect(row!.tokenHash).toBe(crypto.createHash('sha256').update(res.body.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(res.body.token);

    const list = must(await call(t.app, 'GET', '/account/tokens', { token: people.client.token }), 200, 'list');
    const listed = list.body.items.find((i: { id: string }) => i.id === res.body.api_token.id);
    expect(listed).toMatchObject({ name: 'Accounting sync' });
    // What a company owner may give a token: no training, users, audit or webhooks, no boards.
    expect(list.body.available_scopes).toEqual([
      'projects:read',
      'projects:write',
      'messages:read',
      'messages:write',
      'contracts:read',
      'contracts:write',
      'invoices:read',
      'invoices:write',
      'companies:read',
      'companies:write',
      'tools:read',
      'tools:write',
      'notifications:read',
      'notifications:write',
    ]);
    expect(list.text).not.toContain(res.body.token);
  });

  it.each([
    ['teammember', 'invoices:read'],
    ['teammember', 'webhooks:write'],
    ['teamlead', 'users:write'],
    ['admin', 'audit:read'],
    ['admin', 'messages:read'],
    ['member', 'invoices:read'],
    ['billing', 'projects:write'],
    ['client', 'training:write'],
    ['client', 'board:read'],
  ] as const)('refuses a %s a scope beyond the role: %s', async (who, scope) => {
    const res = await call(t.app, 'POST', '/account/tokens', {
      token: people[who].token,
      body: { name: 'Too much', scopes: ['projects:read', scope] },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: `Your role cannot use the scope ${scope}`, code: 'SCOPE_NOT_ALLOWED' });
    const held = await t.app.ctx.db.select().from(apiTokens).where(eq(apiTokens.name, 'Too much'));
    expect(held).toHaveLength(0);
  });

  it.each([
    ['superadmin', 'audit:read'],
    ['admin', 'webhooks:write'],
    ['billing', 'invoices:read'],
    ['teammember', 'board:write'],
  ] as const)('lets a %s hold %s', async (who, scope) => {
    const created = await createToken(people[who].token, [scope]);
    expect(created.api_token.scopes).toEqual([scope]);
  });

  it('refuses unknown scopes, no scopes and a past expiry', async () => {
    const unknown = await call(t.app, 'POST', '/account/tokens', { token: people.client.token, body: { name: 'x', scopes: ['everything:write'] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('VALIDATION_FAILED');
    expect(unknown.body.error).toContain('scopes.0');
    const none = await call(t.app, 'POST', '/account/tokens', { token: people.client.token, body: { name: 'x', scopes: [] } });
    expect(none.body).toEqual({ error: 'scopes: Choose at least one scope', code: 'VALIDATION_FAILED' });
    const past = await call(t.app, 'POST', '/account/tokens', {
      token: people.client.token,
      body: { name: 'x', scopes: ['projects:read'], expires_at: new Date(t.clock.now().getTime() - 1000).toISOString() },
    });
    expect(past.body).toEqual({ error: 'expires_at: the expiry must be in the future', code: 'VALIDATION_FAILED' });
  });
});

describe('using a token', () => {
  it('acts as its owner within its scopes, and no further', async () => {
    const { token } = await createToken(people.client.token, ['projects:read']);
    const me = must(await call(t.app, 'GET', '/auth/me', { token }), 200, 'me');
    expect(me.body.user.id).toBe(people.client.user.id);
    must(await call(t.app, 'GET', '/projects', { token }), 200, 'projects with a token');

    const write = await call(t.app, 'POST', '/projects', { token, body: { title: 'By script', description: 'Made by a token' } });
    expect(write.status).toBe(403);
    expect(write.body).toEqual({ error: 'This API token lacks the scope projects:write', code: 'TOKEN_SCOPE_MISSING' });
    const invoices = await call(t.app, 'GET', '/invoices', { token });
    expect(invoices.body).toEqual({ error: 'This API token lacks the scope invoices:read', code: 'TOKEN_SCOPE_MISSING' });
  });

  it('loses a scope the owner’s role no longer allows, checked at each use', async () => {
    // A second owner of the client's company makes a token to manage its people, then is made a plain member.
    const owner2 = await inviteColleague(t.app, people.client.token, 'owner');
    const colleague = await inviteColleague(t.app, people.client.token, 'member');
    const { token } = await createToken(owner2.token, ['companies:read', 'companies:write']);
    must(
      await call(t.app, 'PATCH', `/company/members/${colleague.user.id}`, { token, body: { role: 'billing' } }),
      200,
      'an owner’s token changes a role',
    );

    must(await call(t.app, 'PATCH', `/company/members/${owner2.user.id}`, { token: people.client.token, body: { role: 'member' } }), 200, 'demote');
    const refused = await call(t.app, 'PATCH', `/company/members/${colleague.user.id}`, { token, body: { role: 'member' } });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'This API token lacks the scope companies:write', code: 'TOKEN_SCOPE_MISSING' });
    const members = must(await call(t.app, 'GET', '/company/members', { token }), 200, 'what a member still may read');
    expect(members.body.items.find((m: { id: string }) => m.id === colleague.user.id)).toMatchObject({ company_role: 'billing' });

    // Made an owner again, the token reaches as far as it was made to.
    must(await call(t.app, 'PATCH', `/company/members/${owner2.user.id}`, { token: people.client.token, body: { role: 'owner' } }), 200, 'promote');
    must(await call(t.app, 'PATCH', `/company/members/${colleague.user.id}`, { token, body: { role: 'member' } }), 200, 'the token works again');
  });

  it('never does more than the owner’s role, whatever the scope', async () => {
    const { token } = await createToken(people.teammember.token, ['projects:write']);
    const res = await call(t.app, 'POST', '/projects', { token, body: { title: 'Not mine to ask', description: 'A team member cannot' } });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
  });

  it('writes with a write scope, as its owner', async () => {
    const { token } = await createToken(people.client.token, ['projects:write', 'projects:read']);
    const made = must(await call(t.app, 'POST', '/projects', { token, body: { title: 'By script', description: 'Made by a token' } }), 201, 'create');
    expect(made.body.project.client_id).toBe(people.client.user.id);
  });

  it.each([
    ['POST', '/account/password', { current_password: PASSWORD, password: `${PASSWORD}-new` }],
    ['POST', '/account/email', { email: 'elsewhere@example.test', password: PASSWORD }],
    ['POST', '/account/2fa/setup', undefined],
    ['POST', '/account/tokens', { name: 'Another', scopes: ['projects:read'] }],
    ['GET', '/account/tokens', undefined],
    ['GET', '/account', undefined],
    ['POST', '/auth/logout', undefined],
    ['GET', '/api-tokens', undefined],
  ] as const)('is refused on the session-only route %s %s', async (method, path, body) => {
    // Every scope the super admin may hold: no scope opens a session-only route.
    const { token } = await createToken(people.superadmin.token, ['projects:read', 'users:write', 'webhooks:write', 'audit:read']);
    const res = await call(t.app, method, path, { token, body });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: 'API tokens cannot be used on this route: it needs a signed-in session', code: 'SESSION_REQUIRED' });
    // The session still works, and nothing changed.
    must(await call(t.app, 'GET', '/auth/me', { token: people.superadmin.token }), 200, 'session after');
  });

  it('records its use: last_used_at and an audit entry, at most once a minute', async () => {
    const { token, api_token } = await createToken(people.admin.token, ['projects:read']);
    must(await call(t.app, 'GET', '/projects', { token }), 200, 'first use');
    must(await call(t.app, 'GET', '/projects', { token }), 200, 'second use');
    const uses = () =>
      t.app.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'api_token.used'), eq(auditLog.entityId, api_token.id)));
    expect(await uses()).toHaveLength(1);
    const [entry] = await uses();
    expect(entry).toMatchObject({ actorId: Number(people.admin.user.id), actorRole: 'admin', entityType: 'api_token' });
    expect(entry!.after).toEqual({ name: 'Script', method: 'GET', route: '/api/projects' });
    const listed = must(await call(t.app, 'GET', '/account/tokens', { token: people.admin.token }), 200, 'list');
    expect(listed.body.items.find((i: { id: string }) => i.id === api_token.id).last_used_at).toBe(t.clock.now().toISOString());

    t.clock.advance(61_000);
    must(await call(t.app, 'GET', '/projects', { token }), 200, 'a minute later');
    expect(await uses()).toHaveLength(2);
  });

  it('stops at its expiry', async () => {
    const expiresAt = new Date(t.clock.now().getTime() + 60 * 60_000).toISOString();
    const { token, api_token } = await createToken(people.client.token, ['projects:read'], { expires_at: expiresAt });
    expect(api_token).toMatchObject({ expires_at: expiresAt });
    must(await call(t.app, 'GET', '/projects', { token }), 200, 'before expiry');
    t.clock.advance(60 * 60_000);
    const after = await call(t.app, 'GET', '/projects', { token });
    expect(after.body).toEqual({ error: 'Sign in to continue', code: 'UNAUTHENTICATED' });
    const listed = must(await call(t.app, 'GET', '/account/tokens', { token: people.client.token }), 200, 'list');
    expect(listed.body.items.map((i: { id: string }) => i.id)).not.toContain(api_token.id);
  });

  it('stops when its owner’s account is disabled', async () => {
    const lead = await inviteAndSignup(t.app, people.superadmin.token, 'teamlead');
    const { token } = await createToken(lead.token, ['projects:read']);
    must(await call(t.app, 'GET', '/projects', { token }), 200, 'before');
    must(
      await call(t.app, 'PATCH', `/users/${lead.user.id}/status`, { token: people.superadmin.token, body: { status: 'disabled' } }),
      200,
      'disable',
    );
    expect((await call(t.app, 'GET', '/projects', { token })).status).toBe(401);
  });
});

describe('download links given to a token', () => {
  it('open while the token works, and die with it', async () => {
    const project = must(
      await call(t.app, 'POST', '/projects', { token: people.client.token, body: { title: 'With a brief', description: 'Has a file' } }),
      201,
      'project',
    ).body.project.id as string;
    const upload = multipart([{ name: 'brief.txt', content: Buffer.from('The brief') }]);
    must(
      await call(t.app, 'POST', `/projects/${project}/attachments`, { token: people.client.token, body: upload.body, headers: upload.headers }),
      201,
      'upload',
    );
    const { token, api_token } = await createToken(people.client.token, ['projects:read']);
    const read = must(await call(t.app, 'GET', `/projects/${project}`, { token }), 200, 'read with the token');
    const url: string = read.body.project.attachments[0].url;
    const download = await t.app.inject({ method: 'GET', url });
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('The brief');

    must(await call(t.app, 'DELETE', `/account/tokens/${api_token.id}`, { token: people.client.token }), 204, 'revoke');
    const after = await t.app.inject({ method: 'GET', url });
    expect(after.json()).toEqual({ error: 'This link is invalid or has expired', code: 'LINK_INVALID' });
  });
});

describe('revoking a token', () => {
  it('by its owner: it stops at once, and nobody else may', async () => {
    const { token, api_token } = await createToken(people.client.token, ['projects:read']);
    const foreign = await call(t.app, 'DELETE', `/account/tokens/${api_token.id}`, { token: people.otherClient.token });
    expect(foreign.body).toEqual({ error: 'No such API token', code: 'NOT_FOUND' });
    must(await call(t.app, 'GET', '/projects', { token }), 200, 'still works');

    must(await call(t.app, 'DELETE', `/account/tokens/${api_token.id}`, { token: people.client.token }), 204, 'revoke');
    expect((await call(t.app, 'GET', '/projects', { token })).status).toBe(401);
    const again = await call(t.app, 'DELETE', `/account/tokens/${api_token.id}`, { token: people.client.token });
    expect(again.status).toBe(404);
    const [audit] = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'api_token.revoked'), eq(auditLog.entityId, api_token.id)));
    expect(audit).toMatchObject({ actorId: Number(people.client.user.id) });
  });

  it('by staff: they list every token with its owner and revoke any', async () => {
    const { token, api_token } = await createToken(people.member.token, ['projects:read']);
    const list = must(await call(t.app, 'GET', '/api-tokens', { token: people.admin.token }), 200, 'staff list');
    const listed = list.body.items.find((i: { id: string }) => i.id === api_token.id);
    expect(listed).toMatchObject({
      name: 'Script',
      scopes: ['projects:read'],
      revoked_at: null,
      owner: { id: people.member.user.id, email: people.member.user.email, role: 'client' },
    });
    expect(list.text).not.toContain(token);
    expect((await call(t.app, 'GET', '/api-tokens', { token: people.client.token })).status).toBe(403);

    must(await call(t.app, 'DELETE', `/api-tokens/${api_token.id}`, { token: people.admin.token }), 204, 'staff revoke');
    expect((await call(t.app, 'GET', '/projects', { token })).status).toBe(401);
    const [audit] = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'api_token.revoked'), eq(auditLog.entityId, api_token.id)));
    expect(audit).toMatchObject({ actorId: Number(people.admin.user.id), before: { name: 'Script', owner_id: people.member.user.id } });
  });
});
