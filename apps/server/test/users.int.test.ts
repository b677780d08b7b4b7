import type { AuthResponse } from '@agency/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORBIDDEN, UNAUTHENTICATED, call, createTestApp, inviteAndSignup, login, signInEveryRole, type TestApp } from './helpers.js';

const USER_NOT_FOUND = { error: 'User not found', code: 'NOT_FOUND' };
const DISABLED = { error: 'This account has been disabled', code: 'ACCOUNT_DISABLED' };

let t: TestApp;
let accounts: Awaited<ReturnType<typeof signInEveryRole>>;
let secondAdmin: AuthResponse;

beforeAll(async () => {
  t = await createTestApp();
  accounts = await signInEveryRole(t.app);
  secondAdmin = await inviteAndSignup(t.app, accounts.superadmin.token, 'admin');
});
afterAll(async () => t.close());

const me = (token: string) => call(t.app, 'GET', '/auth/me', { token });
const listUsers = (token: string | undefined, query: Record<string, string>) => call(t.app, 'GET', '/users', { token, query });
const setStatus = (token: string | undefined, id: string, status: string) => call(t.app, 'PATCH', `/users/${id}/status`, { token, body: { status } });

/** A fresh, signed-in account of the given staff-managed role. */
const freshAccount = (role: 'admin' | 'teamlead' | 'teammember', inviter = accounts.superadmin.token) => inviteAndSignup(t.app, inviter, role);

describe('GET /users', () => {
  it('lists admin accounts to the super admin, newest first, with status and creation time', async () => {
    const older = await freshAccount('admin');
    const newer = await freshAccount('admin');
    const res = await listUsers(accounts.superadmin.token, { role: 'admin', limit: '100' });
    expect(res.status).toBe(200);
    expect(res.body.next_cursor).toBeNull();
    const ids: string[] = res.body.items.map((u: { id: string }) => u.id);
    expect(ids).toEqual([...ids].sort((a, b) => Number(b) - Number(a)));
    expect(ids.indexOf(newer.user.id)).toBeLessThan(ids.indexOf(older.user.id));
    expect(ids).toEqual(expect.arrayContaining([older.user.id, secondAdmin.user.id, accounts.admin.user.id]));
    expect(res.body.items.every((u: { role: string }) => u.role === 'admin')).toBe(true);
    const admin = res.body.items.find((u: { id: string }) => u.id === accounts.admin.user.id);
    expect(admin).toEqual({ ...accounts.admin.user, status: 'active', created_at: expect.any(String) });
    expect(Number.isNaN(Date.parse(admin.created_at))).toBe(false);
  });

  it('does not list admins to an admin (403)', async () => {
    const res = await listUsers(accounts.admin.token, { role: 'admin' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(FORBIDDEN);
  });

  it.each(['superadmin', 'admin'] as const)('lists employee accounts (team leads and members only) to the %s', async (caller) => {
    const res = await listUsers(accounts[caller].token, { role: 'employee' });
    expect(res.status).toBe(200);
    const ids = res.body.items.map((u: { id: string }) => u.id);
    expect(ids).toContain(accounts.teamlead.user.id);
    expect(ids).toContain(accounts.teammember.user.id);
    expect(res.body.items.every((u: { role: string }) => u.role === 'teamlead' || u.role === 'teammember')).toBe(true);
  });

  it('answers 400 to limit above 100 and to a missing group', async () => {
    expect((await listUsers(accounts.superadmin.token, { role: 'admin', limit: '101' })).status).toBe(400);
    expect((await listUsers(accounts.superadmin.token, {})).status).toBe(400);
    expect((await listUsers(accounts.superadmin.token, { role: 'client' })).status).toBe(400);
  });

  it.each(['client', 'teamlead', 'teammember'] as const)('refuses a %s (403)', async (caller) => {
    for (const role of ['admin', 'employee']) {
      const res = await listUsers(accounts[caller].token, { role });
      expect(res.status).toBe(403);
      expect(res.body).toEqual(FORBIDDEN);
    }
  });

  it('answers 401 without a session', async () => {
    const res = await listUsers(undefined, { role: 'employee' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(UNAUTHENTICATED);
  });
});

describe('PATCH /users/{id}/status', () => {
  it('disabling an admin ends their session at once and refuses their sign-in; enabling lets them in again', async () => {
    const target = await freshAccount('admin');
    const res = await setStatus(accounts.superadmin.token, target.user.id, 'disabled');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ user: { ...target.user, status: 'disabled', created_at: expect.any(String) } });

    const session = await me(target.token);
    expect(session.status).toBe(401);
    expect(session.body).toEqual(UNAUTHENTICATED);
    const signIn = await login(t.app, target.user.email);
    expect(signIn.status).toBe(403);
    expect(signIn.body).toEqual(DISABLED);
    // A wrong password still gets the ordinary answer: being disabled is not revealed to a guesser.
    expect((await login(t.app, target.user.email, 'wrong-password')).status).toBe(401);
    const listed = (await listUsers(accounts.superadmin.token, { role: 'admin' })).body.items.find((u: { id: string }) => u.id === target.user.id);
    expect(listed.status).toBe('disabled');

    const enabled = await setStatus(accounts.superadmin.token, target.user.id, 'active');
    expect(enabled.status).toBe(200);
    expect(enabled.body.user.status).toBe('active');
    const back = await login(t.app, target.user.email);
    expect(back.status).toBe(200);
    expect((await me(back.body.token)).status).toBe(200);
    // Tokens revoked by disabling stay revoked.
    expect((await me(target.token)).status).toBe(401);
  });

  it('lets an admin disable and enable an employee', async () => {
    const member = await freshAccount('teammember', accounts.admin.token);
    expect((await setStatus(accounts.admin.token, member.user.id, 'disabled')).status).toBe(200);
    expect((await me(member.token)).status).toBe(401);
    expect((await login(t.app, member.user.email)).body).toEqual(DISABLED);
    expect((await setStatus(accounts.admin.token, member.user.id, 'active')).status).toBe(200);
    expect((await login(t.app, member.user.email)).status).toBe(200);
  });

  it('does not let an admin disable another admin or the super admin (404), and changes nothing', async () => {
    for (const target of [secondAdmin, accounts.superadmin]) {
      const res = await setStatus(accounts.admin.token, target.user.id, 'disabled');
      expect(res.status).toBe(404);
      expect(res.body).toEqual(USER_NOT_FOUND);
      expect((await me(target.token)).status).toBe(200);
    }
  });

  it('does not let anyone disable themselves', async () => {
    for (const caller of [accounts.superadmin, accounts.admin]) {
      const res = await setStatus(caller.token, caller.user.id, 'disabled');
      expect(res.status).toBe(404);
      expect(res.body).toEqual(USER_NOT_FOUND);
      expect((await me(caller.token)).status).toBe(200);
    }
    for (const caller of [accounts.client, accounts.teamlead, accounts.teammember]) {
      expect((await setStatus(caller.token, caller.user.id, 'disabled')).status).toBe(403);
      expect((await me(caller.token)).status).toBe(200);
    }
  });

  it('answers 404 for an unknown id and for client accounts, which are not managed here', async () => {
    expect((await setStatus(accounts.superadmin.token, '999999', 'disabled')).body).toEqual(USER_NOT_FOUND);
    expect((await setStatus(accounts.superadmin.token, accounts.client.user.id, 'disabled')).status).toBe(404);
    expect((await me(accounts.client.token)).status).toBe(200);
  });

  it.each(['client', 'teamlead', 'teammember'] as const)('refuses a %s (403) and changes nothing', async (caller) => {
    const res = await setStatus(accounts[caller].token, accounts.teammember.user.id, 'disabled');
    expect(res.status).toBe(403);
    expect(res.body).toEqual(FORBIDDEN);
    expect((await me(accounts.teammember.token)).status).toBe(200);
  });

  it('answers 401 without a session', async () => {
    const res = await setStatus(undefined, accounts.teammember.user.id, 'disabled');
    expect(res.status).toBe(401);
    expect(res.body).toEqual(UNAUTHENTICATED);
    expect((await me(accounts.teammember.token)).status).toBe(200);
  });

  it('answers 400 to an unknown status or a malformed id', async () => {
    const badStatus = await setStatus(accounts.superadmin.token, accounts.teammember.user.id, 'banned');
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.code).toBe('VALIDATION_FAILED');
    expect(badStatus.body.error).toMatch(/^status: /);
    expect((await setStatus(accounts.superadmin.token, 'abc', 'disabled')).status).toBe(400);
    expect((await me(accounts.teammember.token)).status).toBe(200);
  });
});
