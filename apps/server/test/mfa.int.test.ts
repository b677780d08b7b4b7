import type { AuthResponse } from '@agency/schema';
import { and, desc, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mfaChallenges, mfaRecoveryCodes, userTotp } from '../src/db/schema.js';
import { hashToken } from '../src/modules/auth/tokens.js';
import { PASSWORD, call, createTestApp, inviteAndSignup, login, must, signupClient, signupSuperadmin, type TestApp } from './helpers.js';

let t: TestApp;
let owner: AuthResponse;

beforeAll(async () => {
  // Behind a proxy the client address comes from X-Forwarded-For, so the lock-out tests can vary it.
  t = await createTestApp({ TRUST_PROXY: '1' });
  owner = await signupSuperadmin(t.app);
});
afterAll(async () => t.close());

/** The code an authenticator app shows now, on the app's clock. */
function codeNow(secret: string, app: TestApp = t) {
  return generate({ secret, epoch: Math.floor(app.clock.now().getTime() / 1000) });
}

/** The next 30-second step, so that a new code exists (a code is accepted once). */
function nextStep(app: TestApp = t) {
  app.clock.advance(30_000);
}

/** A new admin who has turned two-factor authentication on; the secret and recovery codes as shown to them. */
async function enrolledAdmin(app: TestApp = t, by: AuthResponse = owner) {
  const admin = await inviteAndSignup(app.app, by.token, 'admin');
  const setup = must(await call(app.app, 'POST', '/account/2fa/setup', { token: admin.token }), 200, 'setup');
  const confirm = must(
    await call(app.app, 'POST', '/account/2fa/confirm', { token: admin.token, body: { code: await codeNow(setup.body.secret, app) } }),
    200,
    'confirm',
  );
  nextStep(app);
  return { ...admin, secret: setup.body.secret as string, recoveryCodes: confirm.body.recovery_codes as string[] };
}

const from = (ip: string) => ({ 'x-forwarded-for': ip });
let ipSeq = 0;
const newIp = () => `198.51.100.${++ipSeq}`;

function secondStep(body: Record<string, string>, ip = '192.0.2.1', app: TestApp = t) {
  return call(app.app, 'POST', '/auth/login/2fa', { body, headers: from(ip) });
}

async function passwordStep(email: string, ip = '192.0.2.1', app: TestApp = t) {
  const res = must(await login(app.app, email, PASSWORD, from(ip)), 200, 'password step');
  return res.body as { mfa_required: true; mfa_token: string };
}

async function auditOf(userId: string, action: string) {
  return t.app.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, userId), eq(auditLog.action, action)))
    .orderBy(desc(auditLog.id));
}

describe('enrolling from the profile page', () => {
  it('shows the secret as text and as a QR code, and turns on only with a right first code', async () => {
    const admin = await inviteAndSignup(t.app, owner.token, 'admin');
    const setup = await call(t.app, 'POST', '/account/2fa/setup', { token: admin.token });
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(setup.body.otpauth_url).toContain(`secret=${setup.body.secret}`);
    expect(setup.body.qr_data_url).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/=]{200,}$/);

    const pending = await call(t.app, 'GET', '/account', { token: admin.token });
    expect(pending.body.profile.mfa).toEqual({ available: true, enabled: false, enabled_at: null, recovery_codes_left: 0, required: false });

    const right = await codeNow(setup.body.secret);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    const refused = await call(t.app, 'POST', '/account/2fa/confirm', { token: admin.token, body: { code: wrong } });
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('INVALID_MFA_CODE');

    const confirmed = await call(t.app, 'POST', '/account/2fa/confirm', { token: admin.token, body: { code: right } });
    expect(confirmed.status).toBe(200);
    const codes: string[] = confirmed.body.recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);

    const profile = await call(t.app, 'GET', '/account', { token: admin.token });
    expect(profile.body.profile.mfa).toMatchObject({ enabled: true, recovery_codes_left: 10 });
    expect(profile.body.profile.mfa.enabled_at).toEqual(t.clock.now().toISOString());

    // The codes are stored salted and hashed: no stored row contains a code.
    const stored = await t.app.ctx.db
      .select()
      .from(mfaRecoveryCodes)
      .where(eq(mfaRecoveryCodes.userId, Number(admin.user.id)));
    expect(stored).toHaveLength(10);
    const dump = JSON.stringify(stored);
    for (const code of codes) expect(dump).not.toContain(code.replace(/-/g, ''));
    expect(new Set(stored.map((r) => r.salt)).size).toBe(10);

    // Once on, set-up cannot start over and the codes are never shown again.
    const again = await call(t.app, 'POST', '/account/2fa/setup', { token: admin.token });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('MFA_ALREADY_ENABLED');

    const [row] = await auditOf(admin.user.id, 'mfa.enabled');
    expect(row).toMatchObject({ actorId: Number(admin.user.id), entityType: 'user', before: { mfa: false }, after: { mfa: true } });
  });

  it('is for staff only', async () => {
    const client = await signupClient(t.app);
    const res = await call(t.app, 'POST', '/account/2fa/setup', { token: client.token });
    expect(res.status).toBe(403);
    const lead = await inviteAndSignup(t.app, owner.token, 'teamlead');
    expect((await call(t.app, 'POST', '/account/2fa/setup', { token: lead.token })).status).toBe(403);
  });
});

describe('signing in in two steps', () => {
  it('answers a challenge and no session for the password, then a session for the code', async () => {
    const admin = await enrolledAdmin();
    const first = await login(t.app, admin.user.email);
    expect(first.status).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual(['mfa_required', 'mfa_token']);
    expect(first.body.mfa_required).toBe(true);
    // Only the challenge's hash is stored, and it is short-lived.
    const [challenge] = await t.app.ctx.db
      .select()
      .from(mfaChallenges)
      .where(eq(mfaChallenges.tokenHash, hashToken(first.body.mfa_token)));
    expect(challenge.expiresAt.getTime() - t.clock.now().getTime()).toBe(5 * 60_000);
    expect(JSON.stringify(await t.app.ctx.db.select().from(mfaChallenges))).not.toContain(first.body.mfa_token);
    // The challenge is no session.
    expect((await call(t.app, 'GET', '/auth/me', { token: first.body.mfa_token })).status).toBe(401);

    const second = await call(t.app, 'POST', '/auth/login/2fa', { body: { mfa_token: first.body.mfa_token, code: await codeNow(admin.secret) } });
    expect(second.status).toBe(200);
    expect(second.body.user).toEqual(admin.user);
    const me = await call(t.app, 'GET', '/auth/me', { token: second.body.token });
    expect(me.body.user).toEqual(admin.user);

    // Single use: the challenge is spent.
    nextStep();
    const replay = await call(t.app, 'POST', '/auth/login/2fa', { body: { mfa_token: first.body.mfa_token, code: await codeNow(admin.secret) } });
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe('MFA_CHALLENGE_INVALID');
  });

  it('never accepts one code twice', async () => {
    const admin = await enrolledAdmin();
    const code = await codeNow(admin.secret);
    const first = await passwordStep(admin.user.email);
    must(await secondStep({ mfa_token: first.mfa_token, code }), 200, 'first use');
    const again = await passwordStep(admin.user.email);
    const reused = await secondStep({ mfa_token: again.mfa_token, code });
    expect(reused.status).toBe(401);
    expect(reused.body.code).toBe('INVALID_MFA_CODE');
  });

  it('lets a challenge expire after five minutes', async () => {
    const admin = await enrolledAdmin();
    const first = await passwordStep(admin.user.email);
    t.clock.advance(5 * 60_000);
    const late = await secondStep({ mfa_token: first.mfa_token, code: await codeNow(admin.secret) });
    expect(late.status).toBe(401);
    expect(late.body.code).toBe('MFA_CHALLENGE_INVALID');
  });

  it('asks for exactly one of a code and a recovery code', async () => {
    const admin = await enrolledAdmin();
    const first = await passwordStep(admin.user.email);
    const both = await secondStep({ mfa_token: first.mfa_token, code: '123456', recovery_code: admin.recoveryCodes[0] });
    expect(both.status).toBe(400);
    const neither = await secondStep({ mfa_token: first.mfa_token });
    expect(neither.status).toBe(400);
  });

  it('takes each recovery code once', async () => {
    const admin = await enrolledAdmin();
    const [code] = admin.recoveryCodes;
    const first = await passwordStep(admin.user.email);
    // Typed in capitals with spaces for dashes: still the code.
    const used = await secondStep({ mfa_token: first.mfa_token, recovery_code: code.toUpperCase().replace(/-/g, ' ') });
    expect(used.status).toBe(200);
    expect(used.body.user.id).toBe(admin.user.id);

    const again = await passwordStep(admin.user.email);
    const reused = await secondStep({ mfa_token: again.mfa_token, recovery_code: code });
    expect(reused.status).toBe(401);
    expect(reused.body.code).toBe('INVALID_MFA_CODE');
    must(await secondStep({ mfa_token: again.mfa_token, recovery_code: admin.recoveryCodes[1] }), 200, 'another code');

    const profile = await call(t.app, 'GET', '/account', { token: used.body.token });
    expect(profile.body.profile.mfa.recovery_codes_left).toBe(8);
    const rows = await auditOf(admin.user.id, 'mfa.recovery_code_used');
    expect(rows.map((r) => r.after)).toEqual([{ recovery_codes_left: 8 }, { recovery_codes_left: 9 }]);
    expect(rows[0].ip).toBe('192.0.2.1');
  });

  it('counts wrong codes toward the lock-out of the address, and a right password does not reset the count', async () => {
    const admin = await enrolledAdmin();
    const ip = newIp();
    for (let i = 0; i < 10; i++) {
      // The password step between guesses must not clear the failures it does not own.
      const challenge = await passwordStep(admin.user.email, ip);
      const right = await codeNow(admin.secret);
      const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');
      const res = await secondStep({ mfa_token: challenge.mfa_token, code: wrong }, ip);
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('INVALID_MFA_CODE');
    }
    const locked = await login(t.app, admin.user.email, PASSWORD, from(ip));
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('TOO_MANY_ATTEMPTS');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);

    // Another address of the owner still signs in.
    const elsewhere = await passwordStep(admin.user.email, newIp());
    expect(elsewhere.mfa_required).toBe(true);
  });

  it('locks the second step itself once the address has used up its tries', async () => {
    const admin = await enrolledAdmin();
    const ip = newIp();
    const challenge = await passwordStep(admin.user.email, ip);
    const right = await codeNow(admin.secret);
    const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await secondStep({ mfa_token: challenge.mfa_token, code: wrong }, ip)).status);
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    const rightCode = await secondStep({ mfa_token: challenge.mfa_token, code: right }, ip);
    expect(rightCode.status).toBe(429);
  });
});

describe('turning it off', () => {
  it('needs the password and a current code or a recovery code', async () => {
    const admin = await enrolledAdmin();
    const code = await codeNow(admin.secret);
    const wrongPassword = await call(t.app, 'POST', '/account/2fa/disable', { token: admin.token, body: { password: `${PASSWORD}!`, code } });
    expect(wrongPassword.status).toBe(403);
    expect(wrongPassword.body.code).toBe('WRONG_PASSWORD');
    const noFactor = await call(t.app, 'POST', '/account/2fa/disable', { token: admin.token, body: { password: PASSWORD } });
    expect(noFactor.status).toBe(400);
    const wrongCode = await call(t.app, 'POST', '/account/2fa/disable', {
      token: admin.token,
      body: { password: PASSWORD, recovery_code: 'aaaa-bbbb-cccc-dddd' },
    });
    expect(wrongCode.status).toBe(401);
    expect(wrongCode.body.code).toBe('INVALID_MFA_CODE');

    const off = await call(t.app, 'POST', '/account/2fa/disable', { token: admin.token, body: { password: PASSWORD, code } });
    expect(off.status).toBe(204);
    const direct = await login(t.app, admin.user.email);
    expect(direct.status).toBe(200);
    expect(direct.body.token).toEqual(expect.any(String));
    expect(
      await t.app.ctx.db
        .select()
        .from(userTotp)
        .where(eq(userTotp.userId, Number(admin.user.id))),
    ).toEqual([]);
    expect(
      await t.app.ctx.db
        .select()
        .from(mfaRecoveryCodes)
        .where(eq(mfaRecoveryCodes.userId, Number(admin.user.id))),
    ).toEqual([]);
    const [row] = await auditOf(admin.user.id, 'mfa.disabled');
    expect(row).toMatchObject({ before: { mfa: true }, after: { mfa: false } });
  });
});

describe('REQUIRE_STAFF_2FA', () => {
  it('lets staff without a second factor sign in only to enrol', async () => {
    const own = await createTestApp({ REQUIRE_STAFF_2FA: 'true' });
    try {
      const boss = await signupSuperadmin(own.app);
      expect(boss.mfa_enrolment_required).toBe(true);
      const blocked = await call(own.app, 'GET', '/projects', { token: boss.token });
      expect(blocked.status).toBe(403);
      expect(blocked.body.code).toBe('MFA_ENROLMENT_REQUIRED');
      expect((await call(own.app, 'POST', '/invitations', { token: boss.token, body: { email: 'x@example.test', role: 'admin' } })).body.code).toBe(
        'MFA_ENROLMENT_REQUIRED',
      );
      // Who they are, their profile and the enrolment itself stay open.
      const me = await call(own.app, 'GET', '/auth/me', { token: boss.token });
      expect(me.body).toEqual({ user: boss.user, mfa_enrolment_required: true });
      const profile = await call(own.app, 'GET', '/account', { token: boss.token });
      expect(profile.body.profile.mfa.required).toBe(true);

      const relogin = await login(own.app, boss.user.email);
      expect(relogin.body.mfa_enrolment_required).toBe(true);

      const setup = must(await call(own.app, 'POST', '/account/2fa/setup', { token: boss.token }), 200, 'setup');
      must(
        await call(own.app, 'POST', '/account/2fa/confirm', { token: boss.token, body: { code: await codeNow(setup.body.secret, own) } }),
        200,
        'confirm',
      );
      // At once, in the same second: the session memo forgets the old state.
      expect((await call(own.app, 'GET', '/projects', { token: boss.token })).status).toBe(200);
      expect((await call(own.app, 'GET', '/auth/me', { token: boss.token })).body).toEqual({ user: boss.user });

      // Clients and employees are not asked.
      const client = await signupClient(own.app);
      expect(client.mfa_enrolment_required).toBeUndefined();
      expect((await call(own.app, 'GET', '/projects', { token: client.token })).status).toBe(200);
    } finally {
      await own.close();
    }
  });
});
