import crypto from 'node:crypto';
import {
  isStaffRole,
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_MAX_ACCOUNT_FAILURES,
  LOGIN_MAX_FAILURES,
  MFA_CHALLENGE_TTL_MS,
  PASSWORD_RESET_PER_EMAIL_PER_HOUR,
  PASSWORD_RESET_REQUESTED_MESSAGE,
  type Role,
} from '@agency/schema';
import { and, asc, eq, gt, gte, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Actor } from '../../core/actor.js';
import { recordAudit } from '../../core/audit.js';
import { AppError } from '../../core/errors.js';
import type { Publish } from '../../core/events.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { loginFailures, mfaChallenges, mfaRecoveryCodes, passwordResets, sessions, users, userTotp } from '../../db/schema.js';
import { countHit } from '../../integrations/rate-limit-store.js';
import { presentUser } from '../users/present.js';
import { matchesRecoveryCode, verifyTotp } from './mfa.js';
import { getDummyHash, hashPassword, verifyPassword } from './passwords.js';
import { generateToken, hashToken, isSessionActive, normalizeEmail, safeEqual } from './tokens.js';

export type RequestMeta = { ip?: string; userAgent?: string };

/** The job that looks up the address and mails a reset link, so the request answers alike whether or not it exists. */
export const PASSWORD_RESET_QUEUE = 'password-reset-mail';
export type PasswordResetJob = { email: string; requestId: string; ip: string | null };

export const RESET_PASSWORD_PATH = '/reset-password';

type UserRow = typeof users.$inferSelect;
type SecondFactor = { code?: string; recovery_code?: string };

/** An address the account signed in from this recently is its owner's: the account-wide lock does not apply to it. */
const TRUSTED_ADDRESS_MS = 30 * 86_400_000;

function lockedOut(oldestCounted: Date, now: Date) {
  const retryAfter = Math.max(1, Math.ceil((oldestCounted.getTime() + LOGIN_FAILURE_WINDOW_MS - now.getTime()) / 1000));
  return new AppError('TOO_MANY_ATTEMPTS', 'Too many failed sign-in attempts; try again later', { 'retry-after': String(retryAfter) });
}

type NewAccount = { name: string; email: string; password: string; role: Role; company?: string; phone?: string };

function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pgErr = e?.code ? e : e?.cause;
  if (pgErr?.code !== '23505') return false;
  return !constraint || pgErr.constraint === constraint;
}

export function createAuthService(ctx: AppContext) {
  async function insertUser(db: DbOrTx, account: NewAccount) {
    const passwordHash = await hashPassword(account.password);
    try {
      const [row] = await db
        .insert(users)
        .values({
          name: account.name,
          email: account.email.trim(),
          emailNormalized: normalizeEmail(account.email),
          role: account.role,
          passwordHash,
          company: account.company ?? null,
          phone: account.phone ?? null,
        })
        .returning();
      return row;
    } catch (err) {
      if (isUniqueViolation(err, 'users_email_normalized_key')) throw new AppError('EMAIL_TAKEN');
      if (isUniqueViolation(err, 'users_single_superadmin_key')) throw new AppError('SETUP_KEY_REQUIRED');
      throw err;
    }
  }

  async function startSession(db: DbOrTx, userId: number, meta: RequestMeta) {
    const token = generateToken();
    const now = ctx.now();
    await db.insert(sessions).values({
      tokenHash: hashToken(token),
      userId,
      createdAt: now,
      lastUsedAt: now,
      expiresAt: new Date(now.getTime() + ctx.config.sessionAbsoluteMs),
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
      ip: meta.ip ?? null,
    });
    return token;
  }

  /** Every session of a user ends; the `session.revoked` event clears the session memo after commit. */
  async function revokeAll(tx: DbOrTx, publish: Publish, userId: number) {
    await tx
      .update(sessions)
      .set({ revokedAt: ctx.now() })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    publish({ type: 'session.revoked', userId });
  }

  async function emailExists(db: DbOrTx, email: string) {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.emailNormalized, normalizeEmail(email)))
      .limit(1);
    return Boolean(row);
  }

  /**
   * Counts a sign-in attempt (a password or a second-factor code) before it is checked, or refuses it when the
   * account is locked for this address: see `login`.
   */
  async function countAttempt(emailNormalized: string, ip: string): Promise<number> {
    const now = ctx.now();
    const windowStart = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS);
    return ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login:${emailNormalized}`}))`);
      const recent = and(eq(loginFailures.emailNormalized, emailNormalized), gte(loginFailures.attemptedAt, windowStart));
      const fromHere = await tx
        .select({ at: loginFailures.attemptedAt })
        .from(loginFailures)
        .where(and(recent, eq(loginFailures.ip, ip)))
        .orderBy(asc(loginFailures.attemptedAt));
      if (fromHere.length >= LOGIN_MAX_FAILURES) throw lockedOut(fromHere[fromHere.length - LOGIN_MAX_FAILURES].at, now);
      const [trusted] = await tx
        .select({ id: sessions.id })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(eq(users.emailNormalized, emailNormalized), eq(sessions.ip, ip), gte(sessions.createdAt, new Date(now.getTime() - TRUSTED_ADDRESS_MS))),
        )
        .limit(1);
      if (!trusted) {
        const everywhere = await tx
          .select({ at: loginFailures.attemptedAt })
          .from(loginFailures)
          .where(recent)
          .orderBy(asc(loginFailures.attemptedAt));
        if (everywhere.length >= LOGIN_MAX_ACCOUNT_FAILURES) throw lockedOut(everywhere[everywhere.length - LOGIN_MAX_ACCOUNT_FAILURES].at, now);
      }
      const [attempt] = await tx.insert(loginFailures).values({ emailNormalized, ip, attemptedAt: now }).returning({ id: loginFailures.id });
      return attempt.id;
    });
  }

  /** A sign-in succeeded: this address's failures (and this attempt) are cleared; other addresses' stay counted. */
  async function clearFailures(emailNormalized: string, ip: string, attemptId: number, db: DbOrTx = ctx.db) {
    await db
      .delete(loginFailures)
      .where(and(eq(loginFailures.emailNormalized, emailNormalized), or(eq(loginFailures.ip, ip), eq(loginFailures.id, attemptId))));
  }

  async function startChallenge(userId: number, ip: string) {
    const token = generateToken();
    const now = ctx.now();
    // Expired challenges of anyone are garbage by now.
    await ctx.db.delete(mfaChallenges).where(lt(mfaChallenges.expiresAt, new Date(now.getTime() - MFA_CHALLENGE_TTL_MS)));
    await ctx.db
      .insert(mfaChallenges)
      .values({ userId, tokenHash: hashToken(token), ip, createdAt: now, expiresAt: new Date(now.getTime() + MFA_CHALLENGE_TTL_MS) });
    return token;
  }

  /**
   * Checks a second factor of an enrolled account and uses it up: an app code's time step is recorded (a code
   * never works twice), a recovery code is marked used. Both with conditional updates, so two requests racing
   * with one code cannot both pass. Returns which factor passed, or null.
   */
  async function checkSecondFactor(userId: number, factor: SecondFactor, now: Date): Promise<'code' | 'recovery_code' | null> {
    const [totp] = await ctx.db.select().from(userTotp).where(eq(userTotp.userId, userId)).limit(1);
    if (!totp?.confirmedAt) return null;
    if (factor.code !== undefined) {
      const step = await verifyTotp(totp.secret, factor.code, now, totp.lastTimeStep);
      if (step === null) return null;
      const [taken] = await ctx.db
        .update(userTotp)
        .set({ lastTimeStep: step })
        .where(and(eq(userTotp.userId, userId), or(isNull(userTotp.lastTimeStep), lt(userTotp.lastTimeStep, step))))
        .returning({ userId: userTotp.userId });
      return taken ? 'code' : null;
    }
    if (factor.recovery_code !== undefined) {
      const unused = await ctx.db
        .select()
        .from(mfaRecoveryCodes)
        .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
      const match = unused.find((row) => matchesRecoveryCode(factor.recovery_code!, row));
      if (!match) return null;
      const [taken] = await ctx.db
        .update(mfaRecoveryCodes)
        .set({ usedAt: now })
        .where(and(eq(mfaRecoveryCodes.id, match.id), isNull(mfaRecoveryCodes.usedAt)))
        .returning({ id: mfaRecoveryCodes.id });
      return taken ? 'recovery_code' : null;
    }
    return null;
  }

  async function recoveryCodesLeft(db: DbOrTx, userId: number) {
    const rows = await db
      .select({ id: mfaRecoveryCodes.id })
      .from(mfaRecoveryCodes)
      .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
    return rows.length;
  }

  /** Whether a staff account must enrol before anything else; only said when it must. */
  function enrolmentOf(role: Role, hasSecondFactor: boolean): { mfa_enrolment_required?: true } {
    return ctx.config.requireStaff2fa && isStaffRole(role) && !hasSecondFactor ? { mfa_enrolment_required: true } : {};
  }

  /** Security mail: sent whatever the person's notification preferences. */
  async function mailPasswordChanged(tx: DbOrTx, publish: Publish, user: Pick<UserRow, 'email' | 'name'>, meta: RequestMeta) {
    await ctx.mailer.enqueue(tx, publish, [
      {
        to: user.email,
        subject: `Your ${ctx.config.brandName} password was changed`,
        text: [
          `Hello ${user.name},`,
          '',
          `The password of your ${ctx.config.brandName} account was changed${meta.ip ? ` from the address ${meta.ip}` : ''} on ${ctx.now().toUTCString()}.`,
          'If that was not you, reset your password at once from the login page and tell us.',
        ].join('\n'),
      },
    ]);
  }

  return {
    insertUser,
    startSession,
    emailExists,
    checkSecondFactor,
    recoveryCodesLeft,
    mailPasswordChanged,
    enrolmentOf,

    async signupClient(input: Omit<NewAccount, 'role'>, meta: RequestMeta) {
      return ctx.db.transaction(async (tx) => {
        const user = await insertUser(tx, { ...input, role: 'client' });
        const token = await startSession(tx, user.id, meta);
        return { token, user: presentUser(user) };
      });
    },

    async superadminExists() {
      const [row] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.role, 'superadmin')).limit(1);
      return Boolean(row);
    },

    /**
     * The first super admin signs up freely. Afterwards only a caller holding SUPERADMIN_SETUP_KEY may sign up,
     * and the role is handed over: there is always exactly one super admin, and the previous one becomes an
     * admin with every session revoked (recovery of a lost owner account).
     */
    async signupSuperadmin(input: Omit<NewAccount, 'role'> & { setup_key?: string }, meta: RequestMeta) {
      return ctx.transaction(async (tx, publish) => {
        const [existing] = await tx.select().from(users).where(eq(users.role, 'superadmin')).limit(1).for('update');
        if (existing) {
          const key = ctx.config.superadminSetupKey;
          if (!key || !input.setup_key || !safeEqual(key, input.setup_key)) throw new AppError('SETUP_KEY_REQUIRED');
          if (await emailExists(tx, input.email)) throw new AppError('EMAIL_TAKEN');
          await tx.update(users).set({ role: 'admin', updatedAt: ctx.now() }).where(eq(users.id, existing.id));
          await revokeAll(tx, publish, existing.id);
        }
        const user = await insertUser(tx, { ...input, role: 'superadmin' });
        if (existing) {
          await recordAudit(
            tx,
            { id: user.id, role: 'superadmin', ip: meta.ip },
            'superadmin.handed_over',
            {
              type: 'user',
              id: existing.id,
              before: { superadmin: { id: String(existing.id), email: existing.email }, role: 'superadmin' },
              after: { superadmin: { id: String(user.id), email: user.email }, role: 'admin' },
            },
            ctx.now(),
          );
        }
        const token = await startSession(tx, user.id, meta);
        return { token, user: presentUser(user), ...enrolmentOf(user.role, false) };
      });
    },

    /**
     * Failed attempts count per account and address: ten from one address lock that address out of the account
     * for the window, so a stranger elsewhere cannot lock the owner out. From addresses the account has not
     * signed in from lately, LOGIN_MAX_ACCOUNT_FAILURES across all addresses stop a distributed guess too. Each
     * attempt is counted before its password is checked, under a per-account lock, so a parallel burst gets no
     * more tries than a sequence. An account with two-factor authentication gets a challenge instead of a
     * session; its codes count against the same limit.
     */
    async login(input: { email: string; password: string }, meta: RequestMeta) {
      const emailNormalized = normalizeEmail(input.email);
      const ip = meta.ip ?? 'unknown';
      const attemptId = await countAttempt(emailNormalized, ip);
      const [user] = await ctx.db.select().from(users).where(eq(users.emailNormalized, emailNormalized)).limit(1);
      const ok = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), input.password);
      // A wrong password leaves the attempt counted.
      if (!user || !ok) throw new AppError('INVALID_CREDENTIALS');
      if (user.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
      const [totp] = await ctx.db.select({ confirmedAt: userTotp.confirmedAt }).from(userTotp).where(eq(userTotp.userId, user.id)).limit(1);
      if (totp?.confirmedAt) {
        // The password was right, so this attempt is no failure; the address's earlier failures stay counted
        // until the second factor is given too, or a known password would reset the count of code guesses.
        await ctx.db.delete(loginFailures).where(eq(loginFailures.id, attemptId));
        return { mfa_required: true as const, mfa_token: await startChallenge(user.id, ip) };
      }
      await clearFailures(emailNormalized, ip, attemptId);
      const token = await startSession(ctx.db, user.id, meta);
      return { token, user: presentUser(user), ...enrolmentOf(user.role, false) };
    },

    /**
     * The second step: the challenge from the first, and a code from the app or a recovery code. The challenge is
     * used up by the sign-in it completes; a wrong code leaves it open until it expires, and counts as a failed
     * sign-in of the account from this address.
     */
    async loginSecondStep(input: { mfa_token: string } & SecondFactor, meta: RequestMeta) {
      const ip = meta.ip ?? 'unknown';
      const now = ctx.now();
      const [challenge] = await ctx.db
        .select()
        .from(mfaChallenges)
        .where(eq(mfaChallenges.tokenHash, hashToken(input.mfa_token)))
        .limit(1);
      if (!challenge || challenge.usedAt || challenge.expiresAt.getTime() <= now.getTime()) throw new AppError('MFA_CHALLENGE_INVALID');
      const [user] = await ctx.db.select().from(users).where(eq(users.id, challenge.userId)).limit(1);
      if (!user || user.status !== 'active') throw new AppError('MFA_CHALLENGE_INVALID');
      const attemptId = await countAttempt(user.emailNormalized, ip);
      const used = await checkSecondFactor(user.id, input, now);
      if (!used) throw new AppError('INVALID_MFA_CODE');
      return ctx.transaction(async (tx) => {
        const [claimed] = await tx
          .update(mfaChallenges)
          .set({ usedAt: now })
          .where(and(eq(mfaChallenges.id, challenge.id), isNull(mfaChallenges.usedAt)))
          .returning({ id: mfaChallenges.id });
        if (!claimed) throw new AppError('MFA_CHALLENGE_INVALID');
        await clearFailures(user.emailNormalized, ip, attemptId, tx);
        if (used === 'recovery_code') {
          const left = await recoveryCodesLeft(tx, user.id);
          await recordAudit(
            tx,
            { id: user.id, role: user.role, ip: meta.ip },
            'mfa.recovery_code_used',
            { type: 'user', id: user.id, after: { recovery_codes_left: left } },
            now,
          );
        }
        const token = await startSession(tx, user.id, meta);
        return { token, user: presentUser(user), ...enrolmentOf(user.role, true) };
      });
    },

    /**
     * Always the same answer, whether or not the address has an account: the lookup and the mail happen in a
     * job, so the answer takes the same time too. Each address gets at most a few links an hour.
     */
    async requestPasswordReset(email: string, meta: RequestMeta) {
      const emailNormalized = normalizeEmail(email);
      const key = `pwreset:${crypto.createHash('sha256').update(emailNormalized).digest('hex')}`;
      const hit = await countHit(ctx.database, key, 3_600_000);
      if (hit.current > PASSWORD_RESET_PER_EMAIL_PER_HOUR) {
        const seconds = Math.max(1, Math.ceil(hit.ttlMs / 1000));
        throw new AppError('RATE_LIMITED', `Too many reset links for this address; try again in ${Math.ceil(seconds / 60)} minutes`, {
          'retry-after': String(seconds),
        });
      }
      await ctx.jobs.send<PasswordResetJob>(PASSWORD_RESET_QUEUE, { email: emailNormalized, requestId: crypto.randomUUID(), ip: meta.ip ?? null });
      return { message: PASSWORD_RESET_REQUESTED_MESSAGE };
    },

    /** The job: a link for an active account, mailed once however often the job runs. */
    async mailPasswordReset(job: PasswordResetJob) {
      await ctx.transaction(async (tx, publish) => {
        const [user] = await tx.select().from(users).where(eq(users.emailNormalized, job.email)).limit(1);
        if (!user || user.status !== 'active') return;
        const token = generateToken();
        const now = ctx.now();
        const expiresAt = new Date(now.getTime() + ctx.config.passwordResetTtlMs);
        const [created] = await tx
          .insert(passwordResets)
          .values({ userId: user.id, tokenHash: hashToken(token), requestId: job.requestId, ip: job.ip, createdAt: now, expiresAt })
          .onConflictDoNothing({ target: passwordResets.requestId })
          .returning({ id: passwordResets.id });
        if (!created) return;
        const minutes = Math.round(ctx.config.passwordResetTtlMs / 60_000);
        await ctx.mailer.enqueue(tx, publish, [
          {
            to: user.email,
            subject: `Reset your ${ctx.config.brandName} password`,
            text: [
              `Hello ${user.name},`,
              '',
              `Someone (we hope you) asked to reset the password of your ${ctx.config.brandName} account.`,
              `Choose a new password here: ${ctx.config.appUrl}${RESET_PASSWORD_PATH}?token=${encodeURIComponent(token)}`,
              '',
              `The link works once and expires in ${minutes} minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.`,
            ].join('\n'),
          },
        ]);
      });
    },

    /** Sets the new password from a reset link: single use, every session ends, and the owner is told. */
    async confirmPasswordReset(input: { token: string; password: string }, meta: RequestMeta) {
      const now = ctx.now();
      const [reset] = await ctx.db
        .select()
        .from(passwordResets)
        .where(eq(passwordResets.tokenHash, hashToken(input.token)))
        .limit(1);
      if (!reset || reset.usedAt || reset.expiresAt.getTime() <= now.getTime()) throw new AppError('LINK_INVALID');
      const passwordHash = await hashPassword(input.password);
      await ctx.transaction(async (tx, publish) => {
        const [claimed] = await tx
          .update(passwordResets)
          .set({ usedAt: now })
          .where(and(eq(passwordResets.id, reset.id), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
          .returning({ id: passwordResets.id });
        if (!claimed) throw new AppError('LINK_INVALID');
        const [user] = await tx.select().from(users).where(eq(users.id, reset.userId)).limit(1).for('update');
        if (!user || user.status !== 'active') throw new AppError('LINK_INVALID');
        await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
        // Other links of the same account die with this one.
        await tx
          .update(passwordResets)
          .set({ usedAt: now })
          .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt), ne(passwordResets.id, reset.id)));
        await revokeAll(tx, publish, user.id);
        // The owner proved they hold the mailbox: failed sign-ins no longer stand in their way.
        await tx.delete(loginFailures).where(eq(loginFailures.emailNormalized, user.emailNormalized));
        await recordAudit(tx, { id: user.id, role: user.role, ip: meta.ip }, 'password.reset', { type: 'user', id: user.id }, now);
        await mailPasswordChanged(tx, publish, user, meta);
      });
    },

    async logout(actor: Actor) {
      await ctx.transaction(async (tx, publish) => {
        await tx.update(sessions).set({ revokedAt: ctx.now() }).where(eq(sessions.id, actor.sessionId));
        publish({ type: 'session.revoked', sessionId: actor.sessionId });
      });
    },

    revokeAllSessions: revokeAll,

    /** Whether a session may still act: not revoked, not expired, not idle too long, its account active. */
    async isSessionLive(sessionId: number) {
      const [row] = await ctx.db
        .select({ lastUsedAt: sessions.lastUsedAt, expiresAt: sessions.expiresAt, revokedAt: sessions.revokedAt, status: users.status })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.id, sessionId))
        .limit(1);
      return Boolean(row && row.status === 'active' && isSessionActive(row, ctx.now(), ctx.config.sessionIdleMs));
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
