import { LOGIN_FAILURE_WINDOW_MS, LOGIN_MAX_ACCOUNT_FAILURES, LOGIN_MAX_FAILURES, type Role } from '@agency/schema';
import { and, asc, eq, gte, isNull, or, sql } from 'drizzle-orm';
import type { Actor } from '../../core/actor.js';
import { AppError } from '../../core/errors.js';
import type { Publish } from '../../core/events.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { loginFailures, sessions, users } from '../../db/schema.js';
import { presentUser } from '../users/present.js';
import { getDummyHash, hashPassword, verifyPassword } from './passwords.js';
import { generateToken, hashToken, isSessionActive, normalizeEmail, safeEqual } from './tokens.js';

export type RequestMeta = { ip?: string; userAgent?: string };

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

  return {
    insertUser,
    startSession,
    emailExists,

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
        const token = await startSession(tx, user.id, meta);
        return { token, user: presentUser(user) };
      });
    },

    /**
     * Failed attempts count per account and address: ten from one address lock that address out of the account
     * for the window, so a stranger elsewhere cannot lock the owner out. From addresses the account has not
     * signed in from lately, LOGIN_MAX_ACCOUNT_FAILURES across all addresses stop a distributed guess too. Each
     * attempt is counted before its password is checked, under a per-account lock, so a parallel burst gets no
     * more tries than a sequence.
     */
    async login(input: { email: string; password: string }, meta: RequestMeta) {
      const emailNormalized = normalizeEmail(input.email);
      const ip = meta.ip ?? 'unknown';
      const now = ctx.now();
      const windowStart = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS);
      const attemptId = await ctx.db.transaction(async (tx) => {
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
            and(
              eq(users.emailNormalized, emailNormalized),
              eq(sessions.ip, ip),
              gte(sessions.createdAt, new Date(now.getTime() - TRUSTED_ADDRESS_MS)),
            ),
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
      const [user] = await ctx.db.select().from(users).where(eq(users.emailNormalized, emailNormalized)).limit(1);
      const ok = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), input.password);
      // A wrong password leaves the attempt counted.
      if (!user || !ok) throw new AppError('INVALID_CREDENTIALS');
      if (user.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
      // The right password clears this address's failures (and this attempt); other addresses' stay counted.
      await ctx.db
        .delete(loginFailures)
        .where(and(eq(loginFailures.emailNormalized, emailNormalized), or(eq(loginFailures.ip, ip), eq(loginFailures.id, attemptId))));
      const token = await startSession(ctx.db, user.id, meta);
      return { token, user: presentUser(user) };
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
