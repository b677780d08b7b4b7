import type { AuthResponse } from '@agency/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../src/db/schema.js';
import { hashToken } from '../src/modules/auth/tokens.js';
import {
  PASSWORD,
  SETUP_KEY,
  UNAUTHENTICATED,
  call,
  createTestApp,
  login,
  mailsTo,
  ownerSetupToken,
  signupClient,
  signupSuperadmin,
  signupToken,
  tokenFromLink,
  uniqueEmail,
  type TestApp,
} from './helpers.js';

const INVALID_CREDENTIALS = { error: 'Invalid email or password', code: 'INVALID_CREDENTIALS' };
const EMAIL_TAKEN = { error: 'An account with this e-mail already exists', code: 'EMAIL_TAKEN' };
const SETUP_KEY_REQUIRED = { error: 'A super admin already exists; a valid setup key is required', code: 'SETUP_KEY_REQUIRED' };
const INVITATION_INVALID = { error: 'This invitation link is invalid or has expired', code: 'INVITATION_INVALID' };

let t: TestApp;
/** The super admin of `t`, signed up first. Tests that need no super admin, or hand the role over, use an app of their own. */
let owner: AuthResponse;

beforeAll(async () => {
  // Behind a proxy the client address comes from X-Forwarded-For, so the lock-out test can vary it.
  t = await createTestApp({ TRUST_PROXY: '1' });
  owner = await signupSuperadmin(t.app);
});
afterAll(async () => t.close());

/** Runs `test` on an app of its own with an empty database, closed afterwards. */
async function withOwnApp(test: (own: TestApp) => Promise<void>, env: Record<string, string> = {}) {
  const own = await createTestApp(env);
  try {
    await test(own);
  } finally {
    await own.close();
  }
}

const me = (token: string, app = t.app) => call(app, 'GET', '/auth/me', { token });

/** Staff and employees belong to no company (null); a client's company is its own, with its role there. */
function expectAuthResponse(
  body: AuthResponse,
  expected: { name: string; email: string; role: string; company_id?: unknown; company_role?: string | null },
) {
  expect(Object.keys(body).sort()).toEqual(['token', 'user']);
  expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(body.user).toEqual({ id: expect.stringMatching(/^\d+$/), company_id: null, company_role: null, locale: null, ...expected });
}

async function superadminCount(app = t.app) {
  const rows = await app.ctx.db.select({ id: users.id }).from(users).where(eq(users.role, 'superadmin'));
  return rows.length;
}

async function invite(role: 'admin' | 'teamlead' | 'teammember', email = uniqueEmail(role)) {
  const res = await call(t.app, 'POST', '/invitations', { token: owner.token, body: { email, role } });
  expect(res.status).toBe(201);
  return { email, token: tokenFromLink(res.body.link) };
}

describe('POST /auth/signup/superadmin', () => {
  it('refuses bad input with a clear message and creates nobody', async () => {
    await withOwnApp(async (own) => {
      const res = await call(own.app, 'POST', '/auth/signup/superadmin', { body: { name: 'Owner', email: uniqueEmail('owner'), password: 'short' } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'password: Password must be at least 8 characters', code: 'VALIDATION_FAILED' });
      expect((await call(own.app, 'GET', '/config')).body.superadmin_exists).toBe(false);
    });
  });

  it('refuses anyone without the set-up token of a fresh install: ten anonymous claims at once make no owner', async () => {
    await withOwnApp(async (own) => {
      const claims = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          call(own.app, 'POST', '/auth/signup/superadmin', {
            body: { name: 'Claimant', email: uniqueEmail('claimant'), password: PASSWORD, ...(i % 2 ? { setup_token: `guess-${i}` } : {}) },
          }),
        ),
      );
      expect(claims.map((r) => r.status)).toEqual(Array(10).fill(403));
      expect(claims[0]!.body).toEqual({
        error: 'Open the set-up link the server printed when it started: it carries the one-time set-up token',
        code: 'SETUP_TOKEN_REQUIRED',
      });
      expect(await superadminCount(own.app)).toBe(0);
      expect((await call(own.app, 'GET', '/config')).body.superadmin_exists).toBe(false);
    });
  });

  it('lets the owner sign up with the set-up token, once: of two racing sign-ups with it exactly one wins', async () => {
    await withOwnApp(async (own) => {
      const setup_token = await ownerSetupToken(own.app);
      const emails = [uniqueEmail('owner'), uniqueEmail('owner')];
      const results = await Promise.all(
        emails.map((email) =>
          call(own.app, 'POST', '/auth/signup/superadmin', { body: { name: 'Owner Person', email, password: PASSWORD, setup_token } }),
        ),
      );
      const statuses = results.map((r) => r.status).sort();
      expect(statuses).toEqual([201, 403]);
      const winner = results.find((r) => r.status === 201)!.body as AuthResponse;
      expectAuthResponse(winner, { name: 'Owner Person', email: winner.user.email, role: 'superadmin' });
      expect(await superadminCount(own.app)).toBe(1);
      expect((await me(winner.token, own.app)).body).toEqual({ user: winner.user });
      expect((await call(own.app, 'GET', '/config')).body.superadmin_exists).toBe(true);
      const loserEmail = emails.find((e) => e !== winner.user.email)!;
      expect((await login(own.app, loserEmail)).status).toBe(401);
      // Spent: the token opens nothing any more, and there is no new one.
      const again = await call(own.app, 'POST', '/auth/signup/superadmin', {
        body: { name: 'Late', email: uniqueEmail('late'), password: PASSWORD, setup_token },
      });
      expect(again.status).toBe(403);
      expect(await own.app.services.auth.ownerSetupToken()).toBeNull();
    });
  });

  it('answers 403 SETUP_KEY_REQUIRED to a second signup without the key, and stores nothing', async () => {
    const email = uniqueEmail('second');
    const res = await call(t.app, 'POST', '/auth/signup/superadmin', { body: { name: 'Second', email, password: PASSWORD } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(SETUP_KEY_REQUIRED);
    expect((await login(t.app, email)).body).toEqual(INVALID_CREDENTIALS);
    expect(await superadminCount()).toBe(1);
    expect((await me(owner.token)).status).toBe(200);
  });

  it('answers 403 to a wrong setup key', async () => {
    const email = uniqueEmail('second');
    for (const setup_key of ['wrong-setup-key-000000', `${SETUP_KEY}x`, SETUP_KEY.slice(0, -1), '']) {
      const res = await call(t.app, 'POST', '/auth/signup/superadmin', { body: { name: 'Second', email, password: PASSWORD, setup_key } });
      expect(res.status).toBe(403);
      expect(res.body).toEqual(SETUP_KEY_REQUIRED);
    }
    expect((await login(t.app, email)).status).toBe(401);
    expect((await me(owner.token)).body.user.role).toBe('superadmin');
  });

  it('with the right key refuses an e-mail that is already taken and changes nothing', async () => {
    const client = await signupClient(t.app);
    const res = await call(t.app, 'POST', '/auth/signup/superadmin', {
      body: { name: 'Second', email: client.user.email.toUpperCase(), password: PASSWORD, setup_key: SETUP_KEY },
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual(EMAIL_TAKEN);
    expect((await me(owner.token)).body.user.role).toBe('superadmin');
    expect((await me(client.token)).body.user.role).toBe('client');
  });

  it('with the right key hands the role over: still exactly one super admin, the old one is an admin signed out everywhere', async () => {
    await withOwnApp(async (own) => {
      const previous = await signupSuperadmin(own.app);
      const email = uniqueEmail('new-owner');
      const res = await call(own.app, 'POST', '/auth/signup/superadmin', {
        body: { name: 'New Owner', email, password: PASSWORD, setup_key: SETUP_KEY },
      });
      expect(res.status).toBe(201);
      expectAuthResponse(res.body, { name: 'New Owner', email, role: 'superadmin' });

      expect(await superadminCount(own.app)).toBe(1);
      expect((await me(res.body.token, own.app)).body.user.role).toBe('superadmin');
      const old = await me(previous.token, own.app);
      expect(old.status).toBe(401);
      expect(old.body).toEqual(UNAUTHENTICATED);
      const relogin = await login(own.app, previous.user.email);
      expect(relogin.status).toBe(200);
      expect(relogin.body.user).toEqual({ ...previous.user, role: 'admin' });
    });
  });
});

describe('super admin signup without a configured setup key', () => {
  it('never hands the role over, whatever key is sent', async () => {
    await withOwnApp(
      async (bare) => {
        expect(bare.config.superadminSetupKey).toBeUndefined();
        const first = await call(bare.app, 'POST', '/auth/signup/superadmin', {
          body: { name: 'Owner', email: uniqueEmail('owner'), password: PASSWORD, setup_token: await ownerSetupToken(bare.app) },
        });
        expect(first.status).toBe(201);
        for (const setup_key of [undefined, '', SETUP_KEY]) {
          const res = await call(bare.app, 'POST', '/auth/signup/superadmin', {
            body: { name: 'Taker', email: uniqueEmail('taker'), password: PASSWORD, setup_key },
          });
          expect(res.status).toBe(403);
          expect(res.body).toEqual(SETUP_KEY_REQUIRED);
        }
        expect((await call(bare.app, 'GET', '/auth/me', { token: first.body.token })).body.user.role).toBe('superadmin');
      },
      { SUPERADMIN_SETUP_KEY: '' },
    );
  });
});

describe('POST /auth/signup/client', () => {
  it('mails a link to the address, and the link makes the client and signs it in: 202, then 201 {token, user}', async () => {
    const email = uniqueEmail('client');
    const res = await call(t.app, 'POST', '/auth/signup/client', {
      body: { name: '  Ada Client ', email: `  ${email} `, password: PASSWORD, company: 'Analytical Engines', phone: '+44 1' },
    });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ status: 'confirmation_sent', email });
    // Nothing exists until the link is opened.
    expect((await login(t.app, email)).status).toBe(401);
    const [mail] = await mailsTo(t.app, email);
    expect(mail!.subject).toBe(`Confirm your e-mail address to finish signing up to ${t.config.brandName}`);
    const token = await signupToken(t.app, email);
    const confirmed = await call(t.app, 'POST', '/auth/signup/confirm', { body: { token } });
    expect(confirmed.status).toBe(201);
    expectAuthResponse(confirmed.body, {
      name: 'Ada Client',
      email,
      role: 'client',
      company_id: expect.stringMatching(/^\d+$/),
      company_role: 'owner',
    });
    expect((await me(confirmed.body.token)).body).toEqual({ user: confirmed.body.user });
    const [row] = await t.app.ctx.db
      .select()
      .from(users)
      .where(eq(users.id, Number(confirmed.body.user.id)));
    expect(row).toMatchObject({ company: 'Analytical Engines', phone: '+44 1', status: 'active' });
    // The confirmed sign-up made the company the form named, with the person as its owner.
    const company = await call(t.app, 'GET', '/company', { token: confirmed.body.token });
    expect(company.body.company).toMatchObject({ id: confirmed.body.user.company_id, name: 'Analytical Engines', billing_email: null });
    expect((await login(t.app, email)).status).toBe(200);
    // The link works once.
    const again = await call(t.app, 'POST', '/auth/signup/confirm', { body: { token } });
    expect(again.status).toBe(404);
    expect(again.body.code).toBe('LINK_INVALID');
  });

  it('answers a taken address exactly as a free one, changes nothing, and mails its owner what happened', async () => {
    const first = await signupClient(t.app, { email: uniqueEmail('dup') });
    const free = uniqueEmail('free');
    const taken = await call(t.app, 'POST', '/auth/signup/client', {
      body: { name: 'Copycat', email: ` ${first.user.email.toUpperCase()} `, password: 'another-password' },
    });
    const fresh = await call(t.app, 'POST', '/auth/signup/client', { body: { name: 'Fresh', email: free, password: PASSWORD } });
    expect(taken.status).toBe(fresh.status);
    expect(Object.keys(taken.body)).toEqual(Object.keys(fresh.body));
    expect(taken.body).toEqual({ status: 'confirmation_sent', email: first.user.email.toUpperCase() });
    expect((await login(t.app, first.user.email, 'another-password')).status).toBe(401);
    const original = await login(t.app, first.user.email);
    expect(original.status).toBe(200);
    expect(original.body.user).toEqual(first.user);
    const [note] = await mailsTo(t.app, first.user.email.toUpperCase());
    expect(note!.text).toContain('which has an account already: nothing was changed');
    expect(note!.text).not.toContain('/confirm-signup');
  });

  it('always creates a client, whatever role the body asks for', async () => {
    const client = await signupClient(t.app, { name: 'Sneaky', role: 'superadmin' } as never);
    expect(client.user.role).toBe('client');
    expect(await superadminCount()).toBe(1);
  });

  it('refuses a made-up or expired link', async () => {
    expect((await call(t.app, 'POST', '/auth/signup/confirm', { body: { token: 'made-up' } })).body.code).toBe('LINK_INVALID');
    const email = uniqueEmail('late');
    await call(t.app, 'POST', '/auth/signup/client', { body: { name: 'Late', email, password: PASSWORD } });
    const token = await signupToken(t.app, email);
    t.clock.advance(25 * 60 * 60 * 1000);
    const res = await call(t.app, 'POST', '/auth/signup/confirm', { body: { token } });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('LINK_INVALID');
    expect((await login(t.app, email)).status).toBe(401);
  });

  it.each([
    ['a 7-character password', { password: 'a'.repeat(7) }, 'password: Password must be at least 8 characters'],
    ['a 129-character password', { password: 'a'.repeat(129) }, 'password: Password must be at most 128 characters'],
    ['no password', { password: undefined }, 'password: Password is required'],
    ['an invalid e-mail', { email: 'not-an-email' }, 'email: Enter a valid e-mail address'],
    ['an empty name', { name: '   ' }, 'name: Name is required'],
  ])('refuses %s with 400 and stores nothing', async (_label, override, message) => {
    const email = uniqueEmail('bad');
    const res = await call(t.app, 'POST', '/auth/signup/client', { body: { name: 'Bad Input', email, password: PASSWORD, ...override } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: message, code: 'VALIDATION_FAILED' });
    expect(await mailsTo(t.app, email)).toEqual([]);
    const retry = await signupClient(t.app, { name: 'Good Input', email });
    expect(retry.user.email).toBe(email);
  });

  it('refuses a body that is not JSON', async () => {
    const res = await call(t.app, 'POST', '/auth/signup/client', { body: '{"name":', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('BAD_REQUEST');
    expect(res.body.error).toMatch(/JSON/);
  });

  it('refuses a body over 1 MB with 413 before reading it', async () => {
    const email = uniqueEmail('huge');
    const res = await call(t.app, 'POST', '/auth/signup/client', {
      body: { name: 'Huge', email, password: PASSWORD, company: 'x'.repeat(1024 * 1024) },
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: 'The upload is too large', code: 'PAYLOAD_TOO_LARGE' });
    expect(await mailsTo(t.app, email)).toEqual([]);
  });
});

describe('POST /auth/signup/admin and /auth/signup/employee', () => {
  it('creates an admin from an invitation, with the invited e-mail', async () => {
    const { email, token } = await invite('admin');
    const res = await call(t.app, 'POST', '/auth/signup/admin', {
      body: { invite_token: token, name: 'Grace Admin', password: PASSWORD, email: 'other@example.test' },
    });
    expect(res.status).toBe(201);
    expectAuthResponse(res.body, { name: 'Grace Admin', email, role: 'admin' });
    expect((await me(res.body.token)).body.user.role).toBe('admin');
  });

  it.each(['teamlead', 'teammember'] as const)('creates a %s from an invitation', async (role) => {
    const { email, token } = await invite(role);
    const res = await call(t.app, 'POST', '/auth/signup/employee', { body: { invite_token: token, name: 'Emp Loyee', password: PASSWORD } });
    expect(res.status).toBe(201);
    expectAuthResponse(res.body, { name: 'Emp Loyee', email, role });
  });

  it.each(['/auth/signup/admin', '/auth/signup/employee'])('%s answers 404 INVITATION_INVALID to an unknown token', async (path) => {
    const res = await call(t.app, 'POST', path, { body: { invite_token: 'no-such-invitation', name: 'Nobody', password: PASSWORD } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual(INVITATION_INVALID);
  });

  it('refuses bad input with 400 and leaves the invitation usable', async () => {
    const { email, token } = await invite('teammember');
    const short = await call(t.app, 'POST', '/auth/signup/employee', { body: { invite_token: token, name: 'Emp', password: 'short12' } });
    expect(short.status).toBe(400);
    expect(short.body).toEqual({ error: 'password: Password must be at least 8 characters', code: 'VALIDATION_FAILED' });
    const noToken = await call(t.app, 'POST', '/auth/signup/employee', { body: { invite_token: '', name: 'Emp', password: PASSWORD } });
    expect(noToken.status).toBe(400);
    expect(noToken.body).toEqual({ error: 'invite_token: Invitation token is required', code: 'VALIDATION_FAILED' });
    expect((await login(t.app, email)).status).toBe(401);
    const ok = await call(t.app, 'POST', '/auth/signup/employee', { body: { invite_token: token, name: 'Emp', password: PASSWORD } });
    expect(ok.status).toBe(201);
  });
});

describe('POST /auth/login', () => {
  let account: AuthResponse;
  beforeAll(async () => {
    account = await signupClient(t.app, { name: 'Login Person' });
  });

  it('signs in with a fresh token, ignoring the case of the e-mail', async () => {
    const res = await login(t.app, `  ${account.user.email.toUpperCase()} `);
    expect(res.status).toBe(200);
    expectAuthResponse(res.body, account.user);
    expect(res.body.user).toEqual(account.user);
    expect(res.body.token).not.toBe(account.token);
    expect((await me(res.body.token)).status).toBe(200);
    expect((await me(account.token)).status).toBe(200);
  });

  it('answers a wrong password and an unknown e-mail with the same 401 body', async () => {
    const wrong = await login(t.app, account.user.email, 'wrong-password');
    const unknown = await login(t.app, uniqueEmail('nobody'));
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(INVALID_CREDENTIALS);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('refuses bad input with 400', async () => {
    const noEmail = await call(t.app, 'POST', '/auth/login', { body: { email: '', password: PASSWORD } });
    expect(noEmail.status).toBe(400);
    expect(noEmail.body).toEqual({ error: 'email: E-mail is required', code: 'VALIDATION_FAILED' });
    const noPassword = await call(t.app, 'POST', '/auth/login', { body: { email: account.user.email, password: '' } });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body).toEqual({ error: 'password: Password is required', code: 'VALIDATION_FAILED' });
    const noBody = await call(t.app, 'POST', '/auth/login');
    expect(noBody.status).toBe(400);
    expect(noBody.body.code).toBe('VALIDATION_FAILED');
  });
});

describe('login lock-out', () => {
  const LOCKED = { error: 'Too many failed sign-in attempts; try again later', code: 'TOO_MANY_ATTEMPTS' };

  function retryAfter(res: { headers: Record<string, unknown> }): number {
    const value = String(res.headers['retry-after']);
    expect(value).toMatch(/^[1-9]\d*$/);
    return Number(value);
  }

  // Counted per account and address: test/limits.int.test.ts covers other addresses and distributed guesses.
  it('locks an address out of an account after 10 failures there, for 15 minutes, even with the right password', async () => {
    const victim = await signupClient(t.app);
    const bystander = await signupClient(t.app);
    for (let i = 0; i < 10; i++) {
      const email = i % 2 ? victim.user.email.toUpperCase() : victim.user.email;
      const res = await login(t.app, email, `wrong-password-${i}`);
      expect(res.status).toBe(401);
      expect(res.body).toEqual(INVALID_CREDENTIALS);
    }
    const locked = await login(t.app, victim.user.email, PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual(LOCKED);
    const wait = retryAfter(locked);
    expect(wait).toBeGreaterThan(14 * 60);
    expect(wait).toBeLessThanOrEqual(15 * 60);

    expect((await login(t.app, bystander.user.email)).status).toBe(200);
    // The existing session keeps working: the lock is on signing in, not on the account.
    expect((await me(victim.token)).status).toBe(200);

    t.clock.advance(5 * 60_000);
    const stillLocked = await login(t.app, victim.user.email, PASSWORD);
    expect(stillLocked.status).toBe(429);
    expect(retryAfter(stillLocked)).toBeLessThanOrEqual(10 * 60);

    t.clock.advance(10 * 60_000 + 1000);
    const unlocked = await login(t.app, victim.user.email, PASSWORD);
    expect(unlocked.status).toBe(200);
    expect(unlocked.body.user).toEqual(victim.user);
  });

  it('starts counting afresh after a successful sign-in', async () => {
    const account = await signupClient(t.app);
    for (let i = 0; i < 9; i++) expect((await login(t.app, account.user.email, 'wrong-password')).status).toBe(401);
    expect((await login(t.app, account.user.email)).status).toBe(200);
    for (let i = 0; i < 9; i++) expect((await login(t.app, account.user.email, 'wrong-password')).status).toBe(401);
    expect((await login(t.app, account.user.email)).status).toBe(200);
  });

  it('locks an unknown e-mail the same way, so the answer does not reveal which accounts exist', async () => {
    const email = uniqueEmail('ghost');
    for (let i = 0; i < 10; i++) expect((await login(t.app, email, 'whatever-password')).status).toBe(401);
    const res = await login(t.app, email, 'whatever-password');
    expect(res.status).toBe(429);
    expect(res.body).toEqual(LOCKED);
    retryAfter(res);
  });
});

describe('POST /auth/logout and GET /auth/me', () => {
  it('answers /auth/me with the signed-in user', async () => {
    const account = await signupClient(t.app, { name: 'Me Myself' });
    const res = await me(account.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ user: account.user });
  });

  it('revokes only the token used: 204, then that token gets 401 and other sessions go on', async () => {
    const account = await signupClient(t.app);
    const second = (await login(t.app, account.user.email)).body.token as string;
    const res = await call(t.app, 'POST', '/auth/logout', { token: account.token });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    const after = await me(account.token);
    expect(after.status).toBe(401);
    expect(after.body).toEqual(UNAUTHENTICATED);
    expect((await call(t.app, 'POST', '/auth/logout', { token: account.token })).status).toBe(401);
    expect((await me(second)).status).toBe(200);
  });

  it.each([
    ['no Authorization header', undefined],
    ['an unknown token', 'Bearer not-a-real-token'],
    ['a non-bearer scheme', 'Basic dXNlcjpwYXNz'],
    ['an empty bearer', 'Bearer '],
  ])('answers 401 to %s', async (_label, authorization) => {
    const headers = authorization ? { authorization } : undefined;
    for (const [method, path] of [
      ['GET', '/auth/me'],
      ['POST', '/auth/logout'],
    ] as const) {
      const res = await call(t.app, method, path, { headers });
      expect(res.status).toBe(401);
      expect(res.body).toEqual(UNAUTHENTICATED);
    }
  });
});

describe('what is stored', () => {
  it('keeps passwords only as argon2id hashes', async () => {
    const password = 'a-very-distinct-password-42';
    const account = await signupClient(t.app, { password });
    const [row] = await t.app.ctx.db
      .select()
      .from(users)
      .where(eq(users.id, Number(account.user.id)));
    expect(row.passwordHash.startsWith('$argon2id$')).toBe(true);
    expect(row.passwordHash).not.toContain(password);
    const everything = JSON.stringify(await t.app.ctx.db.select().from(users));
    expect(everything).not.toContain(password);
    expect(everything).not.toContain(PASSWORD);
  });

  it('keeps sessions only as SHA-256 hashes of their tokens', async () => {
    const account = await signupClient(t.app);
    const again = (await login(t.app, account.user.email)).body.token as string;
    const rows = await t.app.ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, Number(account.user.id)));
    expect(rows.map((r) => r.tokenHash).sort()).toEqual([hashToken(account.token), hashToken(again)].sort());
    for (const r of rows) expect(r.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const everything = JSON.stringify(await t.app.ctx.db.select().from(sessions));
    expect(everything).not.toContain(account.token);
    expect(everything).not.toContain(again);
  });
});

// These move the clock by days, so they run on an app of their own: other tests' sessions and links stay fresh.
describe('session expiry', () => {
  let own: TestApp;
  beforeAll(async () => {
    own = await createTestApp();
  });
  afterAll(async () => own.close());

  it('ends a session left idle for the configured time, and keeps one in use alive', async () => {
    const idle = own.config.sessionIdleMs;
    const account = await signupClient(own.app);
    own.clock.advance(idle - 1000);
    expect((await me(account.token, own.app)).status).toBe(200);
    own.clock.advance(idle - 1000);
    expect((await me(account.token, own.app)).status).toBe(200);
    own.clock.advance(idle);
    const expired = await me(account.token, own.app);
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual(UNAUTHENTICATED);
    expect((await login(own.app, account.user.email)).status).toBe(200);
  });

  it('ends every session at the absolute limit, however busy', async () => {
    const idle = own.config.sessionIdleMs;
    const absolute = own.config.sessionAbsoluteMs;
    expect(absolute).toBeGreaterThan(idle);
    const account = await signupClient(own.app);
    const step = Math.floor(idle / 2);
    let elapsed = 0;
    while (absolute - elapsed > step) {
      own.clock.advance(step);
      elapsed += step;
      expect((await me(account.token, own.app)).status).toBe(200);
    }
    own.clock.advance(absolute - elapsed - 1000);
    expect((await me(account.token, own.app)).status).toBe(200);
    own.clock.advance(1000);
    const expired = await me(account.token, own.app);
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual(UNAUTHENTICATED);
    const fresh = await login(own.app, account.user.email);
    expect(fresh.status).toBe(200);
    expect((await me(fresh.body.token, own.app)).status).toBe(200);
  });
});
